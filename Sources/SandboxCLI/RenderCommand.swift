import Foundation
import HeadlessRenderer
import MonsterWars

/// `sandbox render`: plays a match headless to one tick and saves that frame as a picture.
struct RenderCommand {
  static let spec = CommandSpec(
    name: "render",
    abstract: "Render one frame of a match to a PNG or BMP file.",
    discussion: """
      Plays the match headless, AI against AI, up to --tick (or until it ends, if sooner) and \
      draws that moment with the pure-Swift renderer. The same scenario, seed and tick always \
      give the same pixels.
      """,
    options: [
      SharedOptions.scenario,
      SharedOptions.seed,
      OptionSpec(name: "tick", valueName: "t", help: "The tick to draw (0 to 100000000)."),
      OptionSpec(
        name: "out", valueName: "file", help: "Where to write the picture (.png or .bmp)."),
      SharedOptions.size,
      SharedOptions.assets,
    ])

  let scenarioName: String
  let seed: UInt64
  let tick: Int
  let output: String
  let size: OutputSize
  let assetsOption: String?
  let invocation: Sandbox.Invocation

  init(options: ParsedOptions, invocation: Sandbox.Invocation) throws(CommandFailure) {
    scenarioName = try options.scenarioName()
    seed = try options.integer("seed", in: UInt64.min...UInt64.max) ?? 1
    guard let tick = try options.integer("tick", in: 0...100_000_000) else {
      throw .usage("Missing '--tick <t>'")
    }
    self.tick = tick
    guard let output = options.string("out"), !output.isEmpty else {
      throw .usage("Missing '--out <file>'")
    }
    try PictureFile.checkExtension(output, option: "--out <file>")
    self.output = output
    size = try options.outputSize()
    assetsOption = options.string("assets")
    self.invocation = invocation
  }

  func run(console: Console) throws(CommandFailure) -> Int32 {
    let assets = try AssetFolder.locate(option: assetsOption, invocation: invocation)
    let sprites = try assets.loadSprites()
    let scenario = try assets.loadScenario(scenarioName, invocation: invocation)
    var match = Match(scenario: scenario, seed: seed)
    while match.world.tick < UInt64(tick) && !match.isOver {
      match.step()
    }
    var backend = HeadlessBackend(width: size.width, height: size.height, sprites: sprites)
    backend.render(match.makeFrame())
    let url = URL(
      fileURLWithPath: output,
      relativeTo: URL(fileURLWithPath: invocation.workingDirectory, isDirectory: true))
    try PictureFile.write(backend.image, to: url)
    let note = match.world.tick < UInt64(tick) ? " (the match ended before tick \(tick))" : ""
    console.print(
      "Wrote \(output): \(size.width)x\(size.height), tick \(match.world.tick)\(note)")
    return ExitCode.success
  }
}
