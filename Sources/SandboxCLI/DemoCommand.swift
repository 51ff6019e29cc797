import DesktopDemo
import Foundation
import MonsterWars

/// `sandbox demo`: the playable desktop window.
struct DemoCommand {
  static let spec = CommandSpec(
    name: "demo",
    abstract: "Play MonsterWars in a window (the default when no subcommand is given).",
    discussion: "You play the left castle; the AI plays the right. Keys: "
      + DesktopDemo.buyKeySummary(for: .standard) + ", "
        + """
        P or Space pause, . step one tick while paused, +/- speed, R restart, F1 debug overlay, \
        click an entity to inspect it, Esc quits. Editing the scenario file while the demo runs \
        reloads its unit and castle stats. Needs a display: without one, use 'sandbox run', or \
        'xvfb-run -a sandbox demo'.
        """,
    options: [
      SharedOptions.scenario, SharedOptions.seed, SharedOptions.size, frames, screenshot,
      autoplay, SharedOptions.entities, SharedOptions.assets,
    ])

  /// `--frames`: when to quit by itself.
  static let frames: Option<Int?> = .integer(
    "frames", help: "Quit after drawing n frames (1 to 10000000).", in: 1...10_000_000)
  /// `--screenshot`: a picture file for the last frame.
  static let screenshot: Option<String?> = .text(
    "screenshot", valueName: "file", help: "Save the last frame drawn to this .png or .bmp file.",
    allowsEmpty: true, check: PictureFile.checkExtension)
  /// `--autoplay`: the AI plays both castles.
  static let autoplay = Flag("autoplay", help: "Let the AI play the left castle too.")

  let scenarioName: String
  let seed: UInt64
  let size: OutputSize
  let frameLimit: Int?
  let screenshot: String?
  let isAutoplay: Bool
  let entities: Int?
  let assetsOption: String?
  let invocation: Sandbox.Invocation

  init(options: ParsedOptions, invocation: Sandbox.Invocation) throws(CommandFailure) {
    scenarioName = try options[SharedOptions.scenario]
    seed = try options[SharedOptions.seed]
    size = try options[SharedOptions.size]
    frameLimit = try options[Self.frames]
    screenshot = try options[Self.screenshot]
    isAutoplay = options[Self.autoplay]
    entities = try options[SharedOptions.entities]
    assetsOption = try options[SharedOptions.assets]
    self.invocation = invocation
  }

  func run(console: Console) throws(CommandFailure) -> Int32 {
    do {
      try DesktopDemo.checkDisplay(environment: invocation.environment)
    } catch {
      throw CommandFailure(message: error.message, exitCode: ExitCode.unavailable)
    }
    // Ctrl-C in the window's terminal quits the demo the way closing the window does: SDL
    // turns SIGINT and SIGTERM into a quit event, but only where they have no handler yet.
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
    let assets = try AssetFolder.locate(option: assetsOption, invocation: invocation)
    _ = try assets.loadSprites()
    let (scenario, file) = try assets.locateScenario(scenarioName, invocation: invocation)
    _ = try SwarmCount.check(entities, for: scenario)
    let workingDirectory = URL(fileURLWithPath: invocation.workingDirectory, isDirectory: true)
    let screenshotURL = screenshot.map { URL(fileURLWithPath: $0, relativeTo: workingDirectory) }
    // Checked now, so a demo does not play to its end only to find it cannot save its picture.
    if let screenshotURL { try LinesFile.checkDestination(screenshotURL, option: "--screenshot") }
    let configuration = DemoConfiguration(
      scenario: scenario, scenarioFile: file, seed: seed, width: size.width, height: size.height,
      frameLimit: frameLimit,
      screenshot: screenshotURL,
      isAutoplay: isAutoplay, swarmCount: entities, spritesDirectory: assets.sprites,
      videoDriver: invocation.environment["SDL_VIDEODRIVER"])
    let summary: DemoSummary
    do {
      summary = try DesktopDemo.run(configuration)
    } catch {
      let exitCode =
        switch error.kind {
        case .missingDisplay: ExitCode.unavailable
        case .unwritableFile: ExitCode.cannotCreate
        case .other: ExitCode.failure
        }
      throw CommandFailure(message: error.message, exitCode: exitCode)
    }
    var line = "Drew \(summary.frames) frames, last at tick \(summary.tick)"
    line += String(format: " (%.1f fps)", summary.framesPerSecond)
    if let screenshot { line += "; wrote \(screenshot)" }
    console.print(line)
    return ExitCode.success
  }
}
