import DesktopDemo
import Foundation
import GameShell
import MonsterWars
import Netplay

/// `sandbox join`: joins a friend's hosted match as the right castle.
struct JoinCommand: Subcommand {
  static let spec = CommandSpec(
    name: "join",
    abstract: "Join a match a friend hosts with 'sandbox host'; you play the right castle.",
    discussion: """
      Give the address and the code 'sandbox host' printed, and the host's --scenario and \
      --entities if it gave any: the host refuses a player whose match would differ. The host \
      decides the seed, the input delay and the rollback depth. With --headless --inputs FILE \
      this side plays the file's orders with no window, until the host's --ticks. With \
      --spectate it watches instead, in a window or --headless, from any point of the match, \
      and prints the stateHash it reached.
      """,
    options: [code.required, wait, NetworkOptions.spectate] + NetplayOptions.shared,
    argument: ("host", "The host's address and port, e.g. 127.0.0.1:7777 or [::1]:7777."))

  /// `--code`: the session's code.
  static let code = NetworkOptions.code
  /// `--wait`: how long to wait for the host's answer.
  static let wait: Option<Int> = .integer(
    "wait", valueName: "seconds",
    help: "Give up if the host does not answer within this many seconds (1 to 600).",
    in: 1...600, default: 10)

  let host: String
  let port: UInt16
  let code: SessionCode
  let waitSeconds: Int
  let setup: NetplaySetup
  let spectates: Bool
  let invocation: Sandbox.Invocation

  init(options: ParsedOptions, invocation: Sandbox.Invocation) throws(CommandFailure) {
    (host, port) = try Self.hostAndPort(try options.argument())
    guard let code = try options[Self.code] else {
      throw .usage("Missing '--code': give the session code the host printed")
    }
    self.code = code
    waitSeconds = try options[Self.wait]
    setup = try NetplaySetup(options: options, invocation: invocation)
    spectates = options[NetworkOptions.spectate]
    if spectates && (setup.inputsPath != nil || setup.recordPath != nil) {
      throw .usage(
        "a spectator gives no orders and records nothing: leave out --inputs and --record")
    }
    try setup.checkDisplay(environment: invocation.environment)
    self.invocation = invocation
  }

  /// `HOST`, `HOST:PORT`, `[V6]:PORT` or a bare IPv6 address, split.
  static func hostAndPort(_ text: String) throws(CommandFailure) -> (String, UInt16) {
    do {
      return try NetplayAddress.hostAndPort(text)
    } catch {
      throw .usage(error.description)
    }
  }

  func run(console: Console) throws(CommandFailure) -> Int32 {
    let prepared = try NetplayRun.prepare(
      setup, side: .right, console: console, invocation: invocation)
    if spectates { return try watch(prepared, console: console) }
    let match: NetplayMatch<MatchSession>
    do {
      match = try .joining(
        NetplayRun.start(
          prepared.scenario, swarmCount: setup.entities, threads: setup.threads),
        fingerprint: prepared.scenario.netplayFingerprint(swarmCount: setup.entities),
        host: host, port: port, code: code, faults: setup.faults)
    } catch {
      throw CommandFailure(message: error.description, exitCode: ExitCode.unavailable)
    }
    match.silenceTimeout = Double(setup.timeout)
    console.print("Joining \(match.peer.remote.map { "\($0)" } ?? host) (session \(code)).")
    if !setup.faults.isNone { console.print("Simulating \(setup.faults) on what this side sends.") }
    return try NetplayRun.run(
      match, prepared: prepared, setup: setup, waitSeconds: Double(waitSeconds),
      joinLine: nil, console: console, invocation: invocation)
  }

  /// Watches the host's match headless and prints where it ended.
  private func watch(_ prepared: NetplayRun.Prepared, console: Console) throws(CommandFailure)
    -> Int32
  {
    let spectator: NetplaySpectator<MatchSession>
    do {
      spectator = try .watching(
        NetplayRun.start(
          prepared.scenario, swarmCount: setup.entities, threads: setup.threads),
        fingerprint: prepared.scenario.netplayFingerprint(swarmCount: setup.entities),
        host: host, port: port, code: code)
    } catch {
      throw CommandFailure(message: error.description, exitCode: ExitCode.unavailable)
    }
    spectator.silenceTimeout = Double(setup.timeout)
    console.print("Watching \(spectator.peer.remote.map { "\($0)" } ?? host) (session \(code)).")
    if setup.isHeadless {
      do {
        try spectator.watchHeadless(waitSeconds: Double(waitSeconds))
      } catch {
        throw CommandFailure(message: error.description, exitCode: ExitCode.unavailable)
      }
    } else {
      try NetplayRun.watchInWindow(
        SpectatorWindow(spectator: spectator, waitSeconds: Double(waitSeconds)),
        prepared: prepared, setup: setup, console: console, invocation: invocation)
    }
    for line in spectator.summary { console.print(line) }
    if let game = spectator.game {
      try NetplayRun.writePicture(
        of: game.match, prepared: prepared, setup: setup, console: console)
    }
    switch spectator.phase {
    case .ended(.finished), .ended(.quit), .joining, .watching: return ExitCode.success
    case .ended(let ending):
      throw CommandFailure(message: ending.description, exitCode: ExitCode.failure)
    }
  }
}
