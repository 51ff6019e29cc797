import Foundation
import GameShell
import MonsterWars
import Netplay

/// `sandbox host`: opens a match for a friend to join over the network, as the left castle.
struct HostCommand: Subcommand {
  static let spec = CommandSpec(
    name: "host",
    abstract: "Host a match against a friend over the network; you play the left castle.",
    discussion: """
      Listens on a UDP port and prints the line the other player runs to join, with the \
      session's code. Both sides see the same match: each player's keys order for their own \
      castle; the host alone restarts, and its edits of the scenario file tune both matches \
      live. Inputs travel GGPO-style with rollback: a local \
      input applies --input-delay ticks later (when not given, 2 at first, then what half the \
      measured round trip asks, 1 to 6, for both sides); a missing remote one is predicted \
      and, when it \
      comes and differs, the match rolls back and steps again, at most --max-rollback ticks; \
      beyond that the game waits for the other player. The sides compare their state hash \
      every second; on a difference both stop with "desynced at tick T" and each saves its \
      snapshot and recording. With --headless --inputs FILE the host plays the file's orders \
      with no window, for --ticks ticks.
      """,
    options: [port, listen, SharedOptions.seed, ticks, inputDelay, maximumRollback, wait]
      + NetplayOptions.shared)

  /// `--port`: the UDP port to listen on.
  static let port = NetworkOptions.port
  /// `--listen`: the address to listen on.
  static let listen = NetworkOptions.listen
  /// `--ticks`: where a headless match ends.
  static let ticks: Option<UInt32?> = .integer(
    "ticks",
    help: "End the match after n ticks, both sides comparing their state there "
      + "(1 to 100000000; headless only, where it defaults to 3600).", in: 1...100_000_000)
  /// `--input-delay`: ticks between an input and the tick it applies at.
  static let inputDelay = NetworkOptions.inputDelay
  /// `--max-rollback`: the most ticks run on predicted inputs.
  static let maximumRollback = NetworkOptions.maximumRollback
  /// `--wait`: how long to wait for someone to join.
  static let wait: Option<Int> = .integer(
    "wait", valueName: "seconds",
    help: "With --headless, give up if no one joins within this many seconds (1 to 86400); a "
      + "window waits until it is closed.", in: 1...86400,
    default: 600)

  let port: UInt16
  let listen: String?
  let seed: UInt64
  let ticks: UInt32?
  let settings: RollbackSettings
  /// Whether the input delay follows the round trip: --input-delay was not given.
  let adaptsInputDelay: Bool
  let waitSeconds: Int
  let setup: NetplaySetup
  let invocation: Sandbox.Invocation

  init(options: ParsedOptions, invocation: Sandbox.Invocation) throws(CommandFailure) {
    port = try options[Self.port]
    listen = try options[Self.listen]
    seed = try options[SharedOptions.seed]
    ticks = try options[Self.ticks]
    waitSeconds = try options[Self.wait]
    setup = try NetplaySetup(options: options, invocation: invocation)
    if ticks != nil && !setup.isHeadless {
      throw .usage("--ticks goes with --headless: a match in a window runs until a player quits")
    }
    (settings, adaptsInputDelay) = try NetworkOptions.rollbackSettings(
      options, endTick: setup.isHeadless ? ticks ?? 3600 : nil)
    try setup.checkDisplay(environment: invocation.environment)
    self.invocation = invocation
  }

  func run(console: Console) throws(CommandFailure) -> Int32 {
    let prepared = try NetplayRun.prepare(
      setup, side: .left, console: console, invocation: invocation)
    let match: NetplayMatch<MatchSession>
    do {
      match = try .hosting(
        NetplayRun.start(
          prepared.scenario, swarmCount: setup.entities, threads: setup.threads),
        fingerprint: prepared.scenario.netplayFingerprint(swarmCount: setup.entities), seed: seed,
        settings: settings, listen: listen, port: port, faults: setup.faults)
    } catch {
      throw CommandFailure(message: error.description, exitCode: ExitCode.unavailable)
    }
    match.silenceTimeout = Double(setup.timeout)
    match.adaptsInputDelay = adaptsInputDelay
    let joinLine = Self.joinLine(
      listen: listen, port: match.peer.localPort, code: match.code, setup: setup)
    console.print("Hosting \(prepared.scenario.name) on UDP port \(match.peer.localPort).")
    console.print("The other player joins with:")
    console.print("  \(joinLine)")
    if !setup.faults.isNone { console.print("Simulating \(setup.faults) on what this side sends.") }
    return try NetplayRun.run(
      match, prepared: prepared, setup: setup, waitSeconds: Double(waitSeconds),
      joinLine: joinLine, console: console, invocation: invocation)
  }

  /// The command the other player runs: this machine's address (the one listened on, else
  /// its host name), the port, the code, and the scenario if it is not the default.
  static func joinLine(listen: String?, port: UInt16, code: SessionCode, setup: NetplaySetup)
    -> String
  {
    var host = listen ?? ProcessInfo.processInfo.hostName
    if host.contains(":") { host = "[\(host)]" }
    var line = "sandbox join \(host):\(port) --code \(code)"
    if setup.scenarioName != "duel" { line += " --scenario \(setup.scenarioName)" }
    if let entities = setup.entities { line += " --entities \(entities)" }
    return line
  }
}
