import Netplay

/// The options of a match over the network, declared once for `sandbox` and every game.
package enum NetworkOptions {
  /// `--port`: the UDP port a host listens on.
  package static let port: Option<UInt16> = .integer(
    "port", help: "The UDP port to listen on (0 picks a free one, 1 to 65535).", in: 0...65535,
    default: NetplayAddress.defaultPort)
  /// `--listen`: the address a host listens on.
  package static let listen: Option<String?> = .text(
    "listen", valueName: "address",
    help: "Listen on this address of the machine only, e.g. 127.0.0.1 (default: every "
      + "interface).")
  /// `--code`: the session's code, which a joining player gives.
  package static let code: Option<SessionCode?> = Option(
    "code", valueName: "code", help: "The session code the host printed, e.g. 3f9a-12cd-88e0-4b71."
  ) { text throws(OptionValueError) in
    guard let code = SessionCode(text) else {
      throw .invalid("expected 16 hex digits in groups of four, e.g. 3f9a-12cd-88e0-4b71")
    }
    return code
  }
  /// `--simulate`: faults to put on what this side sends.
  package static let simulate = Option<NetworkFaults?>(
    "simulate", valueName: "faults",
    help: "Play over a bad network on purpose: loss, delay, jitter, duplicate and reorder, "
      + "e.g. \"loss=5%,delay=50ms,jitter=20ms,duplicate=1%\", applied to what this side sends."
  ) { text throws(OptionValueError) in
    do throws(NetworkFaultsError) {
      return try NetworkFaults(items: CommaList.items(text))
    } catch {
      throw .invalid(error.description)
    }
  }
  /// `--input-delay`: ticks between an input and the tick it applies at, which a host sets.
  package static let inputDelay: Option<Int> = .integer(
    "input-delay",
    help: "Ticks between a player's input and the tick it applies at, for both players "
      + "(0 to 10); when not given, set from the measured round trip.",
    in: RollbackSettings.inputDelays, default: 2)
  /// `--max-rollback`: the most ticks run on predicted inputs, which a host sets.
  package static let maximumRollback: Option<Int> = .integer(
    "max-rollback",
    help: "The most ticks either side runs ahead of the other's last known input before it "
      + "waits (1 to 16).", in: RollbackSettings.rollbacks, default: 8)
  /// `--timeout`: how long the other player may be silent.
  package static let timeout: Option<Int> = .integer(
    "timeout", valueName: "seconds",
    help: "Give up on the other player after this many seconds of silence (1 to 3600); until "
      + "then a guest that comes back plays on, or joins again with the same line.",
    in: 1...3600, default: 60)

  /// The rollback settings `--input-delay` and `--max-rollback` give a host, ending at
  /// `endTick`, and whether the input delay follows the round trip (none was given).
  package static func rollbackSettings(
    _ options: ParsedOptions, endTick: UInt32?
  ) throws(CommandFailure) -> (settings: RollbackSettings, adaptsInputDelay: Bool) {
    let settings = RollbackSettings(
      inputDelay: try options[inputDelay], maximumRollback: try options[maximumRollback],
      endTick: endTick)
    return (settings, !options.contains(inputDelay))
  }

  /// `--spectate`: watch rather than play.
  package static let spectate = Flag(
    "spectate",
    help: "Watch the host's match rather than play: join it at any time with the code, catch "
      + "up, and follow both players to the end; the players never wait for a spectator.")
  /// `--on-desync`: what a desync does.
  package static let onDesync = Option<DesyncPolicy?>(
    "on-desync", valueName: "stop|recover",
    help: "When the two games differ: stop the match (the default headless), or have the "
      + "host's game replace the guest's and play on (the default in a window)."
  ) { text throws(OptionValueError) in
    guard let policy = DesyncPolicy(rawValue: text) else {
      throw .invalid("expected stop or recover")
    }
    return policy
  }
  #if DEBUG
    /// `--perturb-tick`: a desync made on purpose, in debug builds only.
    package static let perturbTick: Option<Int?> = .integer(
      "perturb-tick",
      help: "Testing only: this side runs one tick more at tick n, once, so that the two games "
        + "differ (0 to 100000000).", in: 0...100_000_000)
  #endif

  /// The options of what a desync does: `--on-desync`, and `--perturb-tick` in debug builds.
  package static var desyncOptions: [any OptionDeclaration] {
    #if DEBUG
      [onDesync, perturbTick]
    #else
      [onDesync]
    #endif
  }

  /// What `--on-desync` and `--perturb-tick` asked for.
  package struct DesyncSettings: Sendable {
    /// `--on-desync`, if given.
    package var policy: DesyncPolicy?
    /// `--perturb-tick`, if given (debug builds).
    package var perturbation: UInt32?

    /// Reads the options.
    package init(_ options: ParsedOptions) throws(CommandFailure) {
      policy = try options[onDesync]
      #if DEBUG
        perturbation = try options[perturbTick].map { UInt32($0) }
      #endif
    }

    /// Sets `match` up so; `isWindowed` picks the default policy.
    package func apply<G>(to match: NetplayMatch<G>, isWindowed: Bool) {
      match.onDesync = policy ?? (isWindowed ? .recover : .stop)
      match.perturbation = perturbation
    }
  }
}
