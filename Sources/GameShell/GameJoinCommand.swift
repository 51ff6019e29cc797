import Foundation
import Gameplay
import Netplay
import SDLBackend
import TraitSandbox

/// `GAME join`: plays the game's second seat in a match a second process hosts, in a window
/// or headless.
package struct GameJoinCommand<G: PlayableGame>: Subcommand {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "join", abstract: "Join a match another player hosts.",
      discussion: """
        Give the address and the code the host printed, and the host's settings: the host \
        refuses a player whose game would differ. The host decides the seed and the end tick. \
        This side plays in a window unless --headless. With --spectate it watches instead, \
        from any point of the match.
        """,
      options: [NetworkOptions.code.required, NetworkOptions.spectate]
        + GameNetplaySetup<G>.options,
      argument: ("host", "The host's address and port, e.g. 127.0.0.1:7777 or [::1]:7777."),
      program: G.programName)
  }

  let host: String
  let port: UInt16
  let code: SessionCode
  let spectates: Bool
  let setup: GameNetplaySetup<G>

  package init(options: ParsedOptions, invocation: Invocation) throws(CommandFailure) {
    let invocation = try GameOptions<G>.invocation(options, invocation)
    let address = try options.argument()
    do throws(NetplayError) {
      (host, port) = try NetplayAddress.hostAndPort(address)
    } catch {
      throw .usage(error.description)
    }
    code = try options.required(NetworkOptions.code)
    spectates = options[NetworkOptions.spectate]
    setup = try GameNetplaySetup(options: options, invocation: invocation, seat: 1)
    if spectates && !setup.inputs.isEmpty {
      throw .usage("a spectator gives no inputs: leave out --inputs")
    }
  }

  package func run(console: Console) throws(CommandFailure) -> Int32 {
    if spectates { return try watch(console: console) }
    let match: NetplayMatch<G>
    do {
      match = try .joining(
        setup.start, fingerprint: setup.fingerprint, host: host, port: port, code: code,
        faults: setup.faults)
    } catch {
      throw CommandFailure(message: error.description, exitCode: ExitCode.unavailable)
    }
    match.silenceTimeout = Double(setup.silenceSeconds)
    console.print("Joining \(match.peer.remote.map { "\($0)" } ?? host) (session \(code)).")
    if !setup.faults.isNone { console.print("Simulating \(setup.faults) on what this side sends.") }
    return try setup.play(match, console: console)
  }

  /// Watches the host's match, headless or in a window, and prints where it ended.
  private func watch(console: Console) throws(CommandFailure) -> Int32 {
    let spectator: NetplaySpectator<G>
    do {
      spectator = try .watching(
        setup.start, fingerprint: setup.fingerprint, host: host, port: port, code: code)
    } catch {
      throw CommandFailure(message: error.description, exitCode: ExitCode.unavailable)
    }
    spectator.silenceTimeout = Double(setup.silenceSeconds)
    console.print("Watching \(spectator.peer.remote.map { "\($0)" } ?? host) (session \(code)).")
    if setup.isWindowed {
      try GameWindow<G>.watch(
        spectator, waiting: setup.start(0).makeFrame(), waitSeconds: setup.waitSeconds,
        window: setup.window(console: console))
    } else {
      do {
        try spectator.watchHeadless(waitSeconds: setup.waitSeconds)
      } catch {
        throw error.commandFailure
      }
    }
    for line in spectator.summary { console.print(line) }
    if let game = spectator.game {
      for line in game.reportLines { console.print(line) }
      if let pngPath = setup.pngPath {
        try GameOptions<G>.writePicture(of: game, to: pngPath, invocation: setup.invocation)
      }
    }
    switch spectator.phase {
    case .ended(.finished), .ended(.quit), .joining, .watching: return ExitCode.success
    case .ended(let ending):
      throw CommandFailure(message: ending.description, exitCode: ExitCode.failure)
    }
  }
}
