import Foundation
import GameShell
import HeadlessRenderer
import JSON
import MonsterWars

/// `sandbox render`: plays a match headless to one tick and saves that frame as a picture.
struct RenderCommand: Subcommand {
  static let spec = CommandSpec(
    name: "render",
    abstract: "Render one frame of a match to a PNG or BMP file.",
    discussion: """
      Plays the match headless, AI against AI, up to --tick (or until it ends, if sooner) and \
      draws that moment with the pure-Swift renderer. The same scenario, seed and tick always \
      give the same pixels, on any number of --threads. --json prints where it drew, the tick \
      and the stateHash there as one JSON object.
      """,
    options: [
      tick.required, out.required, SharedOptions.scenario, SharedOptions.seed,
      SharedOptions.entities, SharedOptions.size, CameraOptions.zoom, CameraOptions.center,
      RunCommand.threads, RunCommand.json, SharedOptions.assets,
    ])

  /// `--tick`: the moment to draw.
  static let tick: Option<Int?> = .integer(
    "tick", valueName: "t", help: "The tick to draw (0 to 100000000).", in: 0...100_000_000)
  /// `--out`: the picture file to write.
  static let out: Option<String?> = .text(
    "out", valueName: "file", help: "Where to write the picture (.png or .bmp).",
    check: PictureFile.checkExtension)

  let scenarioName: String
  let seed: UInt64
  let tick: Int
  let output: String
  let size: OutputSize
  let assetsOption: String?
  let entities: Int?
  let zoom: Float
  let center: WorldPoint?
  let threads: Int
  let json: Bool
  let invocation: Sandbox.Invocation

  init(options: ParsedOptions, invocation: Sandbox.Invocation) throws(CommandFailure) {
    scenarioName = try options[SharedOptions.scenario]
    seed = try options[SharedOptions.seed]
    tick = try options.required(Self.tick)
    output = try options.required(Self.out)
    size = try options[SharedOptions.size]
    assetsOption = try options[SharedOptions.assets]
    entities = try options[SharedOptions.entities]
    zoom = try options[CameraOptions.zoom]
    center = try options[CameraOptions.center]
    threads = try options[RunCommand.threads] ?? ProcessInfo.processInfo.activeProcessorCount
    json = options[RunCommand.json]
    self.invocation = invocation
  }

  func run(console: Console) throws(CommandFailure) -> Int32 {
    let assets = try AssetFolder.locate(option: assetsOption, invocation: invocation)
    let scenario = try assets.loadScenario(scenarioName, invocation: invocation)
    let sprites = try assets.loadSprites(for: scenario.roster, console: console)
    _ = try SwarmCount.check(entities, for: scenario)
    var match = Match(scenario: scenario, seed: seed, swarmCount: entities)
    match.threadCount = threads
    while match.world.tick < UInt64(tick) && !match.isOver {
      match.step()
    }
    try Self.writePicture(
      of: match, to: invocation.url(of: output), size: size, zoom: zoom, center: center,
      sprites: sprites)
    let drawnTick = match.world.tick
    guard json else {
      let note = drawnTick < UInt64(tick) ? " (the match ended before tick \(tick))" : ""
      console.print("Wrote \(output): \(size.width)x\(size.height), tick \(drawnTick)\(note)")
      return ExitCode.success
    }
    let report = JSONValue.object([
      ("scenario", .string(scenario.name)), ("seed", .unsigned(seed)),
      ("tick", .unsigned(drawnTick)), ("stateHash", .string(match.world.stateHash().description)),
      ("out", .string(output)), ("width", .integer(size.width)), ("height", .integer(size.height)),
    ])
    console.writeOutput(report.rendered + "\n")
    return ExitCode.success
  }

  /// Draws `match` as it stands with the pure-Swift renderer at `size`, through the camera
  /// `zoom` and `center` ask, and writes the picture to `url` (PNG or BMP by its extension).
  static func writePicture(
    of match: Match, to url: URL, size: OutputSize, zoom: Float = 1, center: WorldPoint? = nil,
    sprites: SpriteLibrary
  ) throws(CommandFailure) {
    var backend = HeadlessBackend(width: size.width, height: size.height, sprites: sprites)
    var frame = match.makeFrame(canvas: .fitting(width: size.width, height: size.height))
    frame.camera = CameraOptions.camera(
      zoom: zoom, center: center, arena: (match.world.arenaSize.x, match.world.arenaSize.y))
    backend.render(frame)
    try PictureFile.write(backend.image, to: url)
  }
}
