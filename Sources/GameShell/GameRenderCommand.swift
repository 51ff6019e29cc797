import Foundation
import Gameplay

/// `GAME render`: steps the game headless to one tick and writes that frame as a PNG or BMP.
package struct GameRenderCommand<G: PlayableGame>: Subcommand {
  /// `--tick`: the moment to draw.
  static var tick: Option<Int?> {
    .integer(
      "tick", valueName: "t", help: "The tick to draw (0 to 100000000).",
      in: 0...Recording<G>.maximumTickCount)
  }
  /// `--out`: the picture to write, a PNG or a BMP by its extension.
  package static var out: Option<String?> {
    .text(
      "out", valueName: "file", help: "Where to write the picture (.png or .bmp).",
      check: PictureFile.checkExtension)
  }

  package static var spec: CommandSpec {
    CommandSpec(
      name: "render", abstract: "Draw the game at one tick to a PNG or BMP file.",
      discussion: """
        Steps the game headless up to --tick (or until it is over, if sooner), with the \
        inputs of --inputs if given, and draws that moment with the pure-Swift renderer. The \
        same seed, settings, inputs and tick always give the same pixels, on any number of \
        --threads. The report gives the tick drawn, the state hash there, the picture and its \
        size; --json prints it as one JSON object.
        """,
      options: [tick.required, out.required, GameOptions<G>.seed] + GameOptions<G>.settingOptions
        + [
          GameOptions<G>.settingsFile, GameOptions<G>.size, CameraOptions.zoom,
          CameraOptions.center, GameOptions<G>.inputs,
          GameOptions<G>.threads, GameOptions<G>.json,
        ] + GameOptions<G>.assetsOptions, program: G.programName)
  }

  let tick: Int
  let output: String
  let seed: UInt64
  let settings: GameSettings
  let size: OutputSize?
  /// How much closer than the whole world, and where (`--zoom`, `--center`).
  let zoom: Float
  let center: WorldPoint?
  let inputs: [Int: [SeatInput<G.Input>]]
  let threads: Int
  let json: Bool
  let invocation: Invocation

  package init(options: ParsedOptions, invocation: Invocation) throws(CommandFailure) {
    let invocation = try GameOptions<G>.invocation(options, invocation)
    tick = try options.required(Self.tick)
    output = try options.required(Self.out)
    try LinesFile.checkDestination(invocation.url(of: output), option: "--out")
    seed = try options[GameOptions<G>.seed]
    settings = try GameOptions<G>.settings(options, invocation: invocation)
    size = try options[GameOptions<G>.size]
    zoom = try options[CameraOptions.zoom]
    center = try options[CameraOptions.center]
    threads = try GameOptions<G>.threadCount(options)
    json = options[GameOptions<G>.json]
    let game = G(seed: seed, settings: settings)
    inputs =
      try options[GameOptions<G>.inputs].map { path throws(CommandFailure) in
        try GameOptions<G>.loadInputs(path, invocation: invocation, game: game)
      } ?? [:]
    self.invocation = invocation
  }

  package func run(console: Console) throws(CommandFailure) -> Int32 {
    var game = G(seed: seed, settings: settings)
    game.threadCount = threads
    // The seats the inputs file speaks for are people's, as in `run`.
    game.letPeoplePlay(seats: Set(inputs.values.joined().map(\.seat)))
    while game.tick < UInt64(tick) && !game.isOver {
      game.advance(with: inputs[Int(game.tick)] ?? [])
    }
    let drawn = try GameOptions<G>.writePicture(
      of: game, to: output, size: size, zoom: zoom, center: center, invocation: invocation,
      console: console)
    var report = GameReport(game)
    report.additions = GameOptions<G>.setUp(seed: seed, settings: settings)
    report.add(file: output.lowercased().hasSuffix(".bmp") ? "bmp" : "png", output)
    report.add(
      "size", "\(drawn.width)x\(drawn.height)",
      json: .object([("width", .integer(drawn.width)), ("height", .integer(drawn.height))]))
    report.print(to: console, json: json)
    return ExitCode.success
  }
}
