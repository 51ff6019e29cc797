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
}
