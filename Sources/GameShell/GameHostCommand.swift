import Foundation
import Gameplay
import Netplay
import SDLBackend
import TraitSandbox

/// `GAME host`: plays the game's first seat against a second process over UDP, in a window
/// or headless.
package struct GameHostCommand<G: PlayableGame>: Subcommand {
  /// `--ticks`: where the match ends.
  static var ticks: Option<Int?> {
    .integer(
      "ticks",
      help: "End the match after n ticks, both sides comparing their state there "
        + "(1 to 100000000).", in: 1...100_000_000,
      defaultDescription: "3600 with --headless; in a window, the match goes on until it closes")
  }

  package static var spec: CommandSpec {
    CommandSpec(
      name: "host",
      abstract: "Host a match against a second player over the network.",
      discussion: """
        Waits for the other player, then plays the game's first seat in a window (the \
        game's keys and clicks give its inputs) or, with --headless, from --inputs alone, \
        GGPO-style: inputs travel over UDP and a late one rolls the game back. Prints the \
        line the other player runs to join (the session code and the settings in it); both \
        sides print the same stateHash when the match ends at --ticks (3600 headless), or in a \
        window when a player closes it. On a difference, the side that sees it saves its \
        recording and its game's snapshot (desync-SEAT.recording and .snapshot, and \
        desync-SEAT-TICK.recording for each one played on from with --on-desync recover).
        """,
      options: [
        ticks, GameOptions<G>.seed, NetworkOptions.port, NetworkOptions.listen,
        NetworkOptions.inputDelay, NetworkOptions.maximumRollback,
      ]
        + GameNetplaySetup<G>.options, program: G.programName)
  }

  /// The tick the match ends at; `nil` for one that goes on until a window closes.
  let ticks: Int?
  let seed: UInt64
  let port: UInt16
  let listen: String?
  /// The rollback settings both sides play by, and whether the input delay follows the
  /// round trip.
  let rollback: (settings: RollbackSettings, adaptsInputDelay: Bool)
  let setup: GameNetplaySetup<G>

  package init(options: ParsedOptions, invocation: Invocation) throws(CommandFailure) {
    let invocation = try GameOptions<G>.invocation(options, invocation)
    ticks = try options[Self.ticks] ?? (options[GameNetplaySetup<G>.headless] ? 3600 : nil)
    seed = try options[GameOptions<G>.seed]
    port = try options[NetworkOptions.port]
    listen = try options[NetworkOptions.listen]
    rollback = try NetworkOptions.rollbackSettings(options, endTick: ticks.map(UInt32.init))
    setup = try GameNetplaySetup(options: options, invocation: invocation, seat: 0)
  }

  package func run(console: Console) throws(CommandFailure) -> Int32 {
    let match: NetplayMatch<G>
    do {
      match = try .hosting(
        setup.start, fingerprint: setup.fingerprint, seed: seed,
        settings: rollback.settings, listen: listen, port: port, faults: setup.faults)
    } catch {
      throw CommandFailure(message: error.description, exitCode: ExitCode.unavailable)
    }
    match.silenceTimeout = Double(setup.silenceSeconds)
    match.adaptsInputDelay = rollback.adaptsInputDelay
    // The address the other player reaches: the one listened on, else this machine's name.
    var address = listen ?? ProcessInfo.processInfo.hostName
    if address.contains(":") { address = "[\(address)]" }
    let settings = GameOptions<G>.arguments(for: setup.settings)
    console.print(
      "Hosting \(G.name) on UDP port \(match.peer.localPort). The other player joins with:")
    console.print(
      "  \(G.programName) join \(address):\(match.peer.localPort) --code \(match.code)"
        + (settings.isEmpty ? "" : " " + settings))
    if !setup.faults.isNone { console.print("Simulating \(setup.faults) on what this side sends.") }
    return try setup.play(match, console: console)
  }
}
