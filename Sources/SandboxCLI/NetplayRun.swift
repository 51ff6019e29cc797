import DesktopDemo
import Foundation
import GameShell
import HeadlessRenderer
import MonsterWars
import Netplay
import TraitSandbox

/// What `sandbox host` and `sandbox join` do once they have a match: play it headless or in
/// a window, then report, save and exit by how it ended.
enum NetplayRun {
  /// What a netplay command loads before it opens the network.
  struct Prepared {
    var scenario: Scenario
    /// The scenario's file, if it was given as one or found in the assets.
    var scenarioFile: URL?
    var script: InputScript?
    var assets: AssetFolder
    var recordURL: URL?
    /// What `--png` draws with, loaded and checked before the match, if it asks.
    var sprites: SpriteLibrary?
  }

  /// A match of `scenario` whose two castles the players control, as it starts from a seed,
  /// stepping on `threads` threads.
  static func start(_ scenario: Scenario, swarmCount: Int?, threads: Int) -> (UInt64) ->
    MatchSession
  {
    { seed in
      var session = MatchSession(
        scenario: scenario, seed: seed, playerSides: [.left, .right], swarmCount: swarmCount)
      session.threadCount = threads
      return session
    }
  }

  /// Loads the scenario and the script, checks the recording's and the picture's
  /// destinations, and loads the picture's sprites, so that a match does not end only to find
  /// it cannot write them.
  static func prepare(
    _ setup: NetplaySetup, side: Side, console: Console, invocation: Sandbox.Invocation
  ) throws(CommandFailure) -> Prepared {
    let assets = try AssetFolder.locate(option: setup.assetsOption, invocation: invocation)
    let (scenario, file) = try assets.locateScenario(setup.scenarioName, invocation: invocation)
    _ = try SwarmCount.check(setup.entities, for: scenario)
    let script = try setup.inputsPath.map { path throws(CommandFailure) in
      try InputScript.load(path, roster: scenario.roster, side: side, invocation: invocation)
    }
    let recordURL = setup.recordPath.map { SavedFileIO.url($0, invocation: invocation) }
    if let recordURL { try LinesFile.checkDestination(recordURL, option: "--record") }
    var sprites: SpriteLibrary?
    if let pngURL = setup.pngURL {
      try LinesFile.checkDestination(pngURL, option: "--png")
      sprites = try assets.loadSprites(for: scenario.roster, console: console)
    }
    return Prepared(
      scenario: scenario, scenarioFile: file, script: script, assets: assets,
      recordURL: recordURL, sprites: sprites)
  }

  /// Plays `match` to its end, headless or in a window, then prints how it went, saves what
  /// was asked for (and, on a desync, this side's snapshot and recording) and returns the
  /// exit code.
  static func run(
    _ match: NetplayMatch<MatchSession>, prepared: Prepared, setup: NetplaySetup,
    waitSeconds: Double,
    joinLine: String?, console: Console, invocation: Sandbox.Invocation
  ) throws(CommandFailure) -> Int32 {
    setup.desync.apply(to: match, isWindowed: !setup.isHeadless)
    if match.onDesync == .recover {
      // Each desync recovered from leaves this side's report, as one that ends the match does.
      let side = match.peer.role == .host ? Side.left : .right
      match.desyncSeen = { desync, session in
        let recording = MatchRecording(
          of: session, startedWith: prepared.scenario, program: ReplayCommand.program)
        let url = invocation.url(of: "desync-\(side.name)-\(desync.tick).recording")
        do throws(CommandFailure) {
          let failure = try desyncReport(
            desync, session: session, side: side, recording: recording, recordURL: nil,
            reportURL: url, invocation: invocation)
          console.print(failure.message + "; the host's game replaces the guest's")
        } catch {
          console.print("\(desync); cannot save this side's report: \(error.message)")
        }
      }
    }
    if setup.isHeadless {
      try playHeadless(match, script: prepared.script, waitSeconds: waitSeconds)
    } else {
      try playInWindow(
        match, prepared: prepared, setup: setup, waitSeconds: waitSeconds, joinLine: joinLine,
        console: console, invocation: invocation)
    }
    return try finish(
      match, prepared: prepared, setup: setup, console: console, invocation: invocation)
  }

  /// Pumps the match until it ends, giving the script's orders at their ticks.
  private static func playHeadless(
    _ match: NetplayMatch<MatchSession>, script: InputScript?, waitSeconds: Double
  ) throws(CommandFailure) {
    let inputs = script?.inputs ?? [:]
    do {
      try match.playHeadless(waitSeconds: waitSeconds) { inputs[$0] ?? [] }
    } catch {
      throw CommandFailure(message: error.description, exitCode: ExitCode.unavailable)
    }
  }

  /// Watches `spectating` in the demo window until the viewer closes it.
  static func watchInWindow(
    _ spectating: SpectatorWindow, prepared: Prepared, setup: NetplaySetup, console: Console,
    invocation: Sandbox.Invocation
  ) throws(CommandFailure) {
    var configuration = try windowConfiguration(
      prepared: prepared, setup: setup, scenarioFile: nil, console: console,
      invocation: invocation)
    configuration.spectating = spectating
    do {
      let summary = try DesktopDemo.run(configuration)
      DemoCommand.printFrameTimes(summary, console: console)
    } catch {
      spectating.spectator.quit()
      throw DemoCommand.failure(error)
    }
    spectating.spectator.quit()
  }

  /// The demo window's configuration for a match over the network, once a window can open.
  private static func windowConfiguration(
    prepared: Prepared, setup: NetplaySetup, scenarioFile: URL?, console: Console,
    invocation: Sandbox.Invocation
  ) throws(CommandFailure) -> DemoConfiguration {
    try DemoCommand.prepareWindow(invocation: invocation)
    let sprites = try prepared.assets.loadSprites(for: prepared.scenario.roster, console: console)
    var configuration = DemoConfiguration(
      scenario: prepared.scenario, scenarioFile: scenarioFile, seed: 0, width: setup.size.width,
      height: setup.size.height, frameLimit: nil, screenshot: nil, isAutoplay: false,
      swarmCount: setup.entities, sprites: sprites,
      videoDriver: invocation.environment["SDL_VIDEODRIVER"])
    configuration.program = ReplayCommand.program
    configuration.renderer = setup.renderer
    configuration.announce = { console.print($0) }
    return configuration
  }

  private static func playInWindow(
    _ match: NetplayMatch<MatchSession>, prepared: Prepared, setup: NetplaySetup,
    waitSeconds: Double,
    joinLine: String?, console: Console, invocation: Sandbox.Invocation
  ) throws(CommandFailure) {
    // The host's edits of its scenario file tune both players' matches live.
    var configuration = try windowConfiguration(
      prepared: prepared, setup: setup,
      scenarioFile: match.peer.role == .host ? prepared.scenarioFile : nil, console: console,
      invocation: invocation)
    configuration.netplay = NetplayWindow(
      match: match, joinLine: joinLine, waitSeconds: waitSeconds)
    do {
      let summary = try DesktopDemo.run(configuration)
      DemoCommand.printFrameTimes(summary, console: console)
    } catch {
      match.quit()
      throw DemoCommand.failure(error)
    }
    if case .ended = match.phase {} else { match.quit() }
    match.peer.drain(seconds: 0.5)
  }
}
