import DesktopDemo
import Foundation
import GameShell
import MonsterWars
import SDLBackend
import TraitSandbox

/// `sandbox demo`: the playable desktop window.
struct DemoCommand: Subcommand {
  static let spec = CommandSpec(
    name: "demo",
    abstract: "Play MonsterWars in a window (the default when no subcommand is given).",
    discussion: "You play the left castle; the AI plays the right. Keys: "
      + DesktopDemo.buyKeySummary(for: .standard) + ", "
        + """
        Backspace or right click cancels the newest order, P or Space pause, . step one tick \
        while paused, +/- speed, R restart, the wheel zooms toward the pointer and ] and [ toward \
        the selection, arrows pan, Home shows the whole arena, a click or a drag on the minimap \
        looks there, F follows the selection, T opens the timeline (Left/Right 1 s and Up/Down \
        10 s back or on, Space or P plays the past, Enter plays on from there, T returns to \
        now; a click on its bar seeks), F1 debug overlay, click an entity to inspect it (the \
        wheel over the inspector scrolls it), H or ? lists every key of the mode the window is \
        in, Esc quits. Editing the scenario file while the demo runs \
        reloads it: unit and castle stats, income and the AI at once, the rest on R. When it \
        quits, the demo prints its frame rate, where its frames spent their time (drawing on \
        the main thread, the simulation on a second one) and the match's stateHash; \
        --record saves the session's inputs, which 'sandbox replay' replays headless \
        to that stateHash and --replay plays back in the window. Needs a display: without one, \
        use 'sandbox run', or 'xvfb-run -a sandbox demo'.
        """,
    options: [
      SharedOptions.scenario, SharedOptions.seed, SharedOptions.size, ticks, frames, screenshot,
      autoplay, SharedOptions.entities, threads, record, replay, renderer, CameraOptions.zoom,
      CameraOptions.center, SharedOptions.assets,
    ])

  /// `--ticks`: the tick to quit at.
  static let ticks: Option<Int?> = .integer(
    "ticks", help: "Quit once the match reaches this tick, drawn there (1 to 100000000).",
    in: 1...100_000_000)
  /// `--threads`: how many threads step the match.
  static let threads: Option<Int?> = .integer(
    "threads", help: "Threads that step the match (1 to 256); the stateHash is the same for any.",
    in: 1...256, defaultDescription: "all cores but the one the window draws on")
  /// `--frames`: when to quit by itself.
  static let frames: Option<Int?> = .integer(
    "frames", help: "Quit after drawing n frames (1 to 10000000).", in: 1...10_000_000)
  /// `--screenshot`: a picture file for the last frame.
  static let screenshot: Option<String?> = .text(
    "screenshot", valueName: "file", help: "Save the last frame drawn to this .png or .bmp file.",
    allowsEmpty: true, check: PictureFile.checkExtension)
  /// `--autoplay`: the AI plays both castles.
  static let autoplay = Flag("autoplay", help: "Let the AI play the left castle too.")

  /// `--record`: where to save the session's inputs.
  static let record: Option<String?> = .text(
    "record", valueName: "file",
    help: "When the demo quits, save the session (scenario, seed and every input by tick) to "
      + "this recording file.")
  /// `--replay`: a recording to play back.
  static let replay: Option<String?> = .text(
    "replay", valueName: "file",
    help: "Play a recording back in the window (it holds the scenario, seed and inputs).")

  /// `--renderer`: the GPU, the CPU, or whichever suits the display.
  static let renderer = RendererOption.option

  let scenarioName: String
  let seed: UInt64
  let size: OutputSize
  let frameLimit: Int?
  let tickLimit: Int?
  let threads: Int?
  let screenshot: String?
  let isAutoplay: Bool
  let entities: Int?
  let assetsOption: String?
  let recordPath: String?
  let replayPath: String?
  let rendererChoice: RendererChoice
  let zoom: Float
  let center: WorldPoint?
  let invocation: Sandbox.Invocation

  init(options: ParsedOptions, invocation: Sandbox.Invocation) throws(CommandFailure) {
    scenarioName = try options[SharedOptions.scenario]
    seed = try options[SharedOptions.seed]
    size = try options[SharedOptions.size]
    frameLimit = try options[Self.frames]
    tickLimit = try options[Self.ticks]
    threads = try options[Self.threads]
    screenshot = try options[Self.screenshot]
    isAutoplay = options[Self.autoplay]
    entities = try options[SharedOptions.entities]
    assetsOption = try options[SharedOptions.assets]
    recordPath = try options[Self.record]
    replayPath = try options[Self.replay]
    self.invocation = invocation
    rendererChoice = try RendererOption.choice(options, environment: invocation.environment)
    zoom = try options[CameraOptions.zoom]
    center = try options[CameraOptions.center]
    if replayPath != nil {
      let setUp: [String?] = [
        options.contains(SharedOptions.scenario) ? "--scenario" : nil,
        options.contains(SharedOptions.seed) ? "--seed" : nil,
        options.contains(SharedOptions.entities) ? "--entities" : nil,
        options[Self.autoplay] ? "--autoplay" : nil,
        recordPath != nil ? "--record" : nil,
      ]
      if let first = setUp.compactMap({ $0 }).first {
        throw .usage("\(first) cannot go with --replay: the recording holds the session")
      }
    }
  }

  /// Checks that a window can open (exit 69 if not) and lets Ctrl-C in the window's terminal
  /// quit the demo the way closing the window does: SDL turns SIGINT and SIGTERM into a quit
  /// event, but only where they have no handler yet.
  static func prepareWindow(invocation: Sandbox.Invocation) throws(CommandFailure) {
    do {
      try DesktopDemo.checkDisplay(environment: invocation.environment)
    } catch {
      throw CommandFailure(message: error.message, exitCode: ExitCode.unavailable)
    }
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
  }

  func run(console: Console) throws(CommandFailure) -> Int32 {
    try Self.prepareWindow(invocation: invocation)
    let recording = try replayPath.map { path throws(CommandFailure) in
      try ReplayCommand.load(path, invocation: invocation)
    }
    let assets = try AssetFolder.locate(option: assetsOption, invocation: invocation)
    let scenario: Scenario
    let file: URL?
    if let recording {
      (scenario, file) = (recording.scenario, nil)
    } else {
      (scenario, file) = try assets.locateScenario(scenarioName, invocation: invocation)
      _ = try SwarmCount.check(entities, for: scenario)
    }
    let sprites = try assets.loadSprites(for: scenario.roster, console: console)
    let screenshotURL = screenshot.map { invocation.url(of: $0) }
    let recordURL = recordPath.map { SavedFileIO.url($0, invocation: invocation) }
    // Checked now, so a demo does not play to its end only to find it cannot save.
    if let screenshotURL { try LinesFile.checkDestination(screenshotURL, option: "--screenshot") }
    if let recordURL { try LinesFile.checkDestination(recordURL, option: "--record") }
    var configuration = DemoConfiguration(
      scenario: scenario, scenarioFile: file, seed: recording?.seed ?? seed, width: size.width,
      height: size.height, frameLimit: frameLimit,
      screenshot: screenshotURL,
      isAutoplay: recording?.isAutoplay ?? isAutoplay,
      swarmCount: recording.map(\.swarmCount) ?? entities, sprites: sprites,
      videoDriver: invocation.environment["SDL_VIDEODRIVER"])
    configuration.replay = recording
    configuration.tickLimit = tickLimit
    configuration.threadCount = threads
    configuration.recordTo = recordURL
    configuration.program = ReplayCommand.program
    configuration.renderer = rendererChoice
    // A swarm's arena grows with its monsters: the one the match will have.
    let arena =
      scenario.arenaSize(swarmCount: configuration.swarmCount)
      ?? Vector2(scenario.arena.width, scenario.arena.height)
    configuration.camera = CameraOptions.camera(
      zoom: zoom, center: center, arena: (arena.x, arena.y))
    configuration.announce = { console.print($0) }
    let summary: DemoSummary
    do {
      summary = try DesktopDemo.run(configuration)
    } catch {
      throw Self.failure(error)
    }
    var line = "Drew \(summary.frames) frames, last at tick \(summary.tick)"
    line += String(format: " (%.1f fps)", summary.framesPerSecond)
    if let screenshot { line += "; wrote \(screenshot)" }
    if let recordPath { line += "; recorded the session to \(recordPath)" }
    console.print(line)
    Self.printFrameTimes(summary, console: console)
    console.print("stateHash: \(summary.stateHash)")
    return ExitCode.success
  }
}
