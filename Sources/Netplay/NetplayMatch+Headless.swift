import Foundation
import Gameplay
import TraitSandbox

/// Why a network match could not be set up or played, in words a player reads.
public struct NetplayError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public var description: String
  /// Whether what the player typed was at fault (an address that does not read), rather than
  /// the network or the other player.
  public var isUsage: Bool

  /// Creates an error.
  public init(_ description: String, isUsage: Bool = false) {
    self.description = description
    self.isUsage = isUsage
  }
}

/// Addresses as players type them.
public enum NetplayAddress {
  /// The port a host listens on unless told otherwise.
  public static let defaultPort: UInt16 = 7777

  /// The first address `host` resolves to, and a socket to reach it from.
  ///
  /// - Throws: `NetplayError` when the address does not resolve or cannot be reached.
  public static func socket(
    toReach host: String, port: UInt16
  ) throws(NetplayError) -> (address: SocketAddress, socket: UDPSocket) {
    do {
      let address = try SocketAddress.resolve(host: host, port: port)[0]
      return (address, try UDPSocket(toReach: address))
    } catch {
      throw NetplayError("Cannot reach \(host): \(error)")
    }
  }

  /// `HOST`, `HOST:PORT`, `[V6]:PORT` or a bare IPv6 address, split; the port is
  /// `defaultPort` when none is given.
  ///
  /// - Throws: `NetplayError` (a usage error) naming what does not read.
  public static func hostAndPort(_ text: String) throws(NetplayError) -> (
    host: String, port: UInt16
  ) {
    func port(_ digits: Substring) throws(NetplayError) -> UInt16 {
      guard let port = UInt16(digits), port > 0 else {
        throw NetplayError(
          "'\(text)': the port must be a whole number from 1 to 65535", isUsage: true)
      }
      return port
    }
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]") else {
        throw NetplayError("'\(text)': an IPv6 address in [ ] needs its closing ]", isUsage: true)
      }
      let host = String(text[text.index(after: text.startIndex)..<close])
      let rest = text[text.index(after: close)...]
      if rest.isEmpty { return (host, defaultPort) }
      guard rest.hasPrefix(":") else {
        throw NetplayError("'\(text)': expected [ADDRESS]:PORT", isUsage: true)
      }
      return (host, try port(rest.dropFirst()))
    }
    let colons = text.count { $0 == ":" }
    if colons == 1, let colon = text.firstIndex(of: ":") {
      let host = String(text[..<colon])
      guard !host.isEmpty else {
        throw NetplayError("'\(text)': the host is missing", isUsage: true)
      }
      return (host, try port(text[text.index(after: colon)...]))
    }
    guard !text.isEmpty else { throw NetplayError("Missing '<host>'", isUsage: true) }
    return (text, defaultPort)
  }
}

/// Setting a match up on a socket, playing it with no window, and what it cost: what a
/// command line does with any game.
extension NetplayMatch {
  /// A host's match on a new socket bound to `listen` (every address when `nil`) and `port`
  /// (any free one when 0), with a new random session code.
  ///
  /// - Throws: `NetplayError` when the port cannot be listened on.
  public static func hosting(
    _ start: @escaping (UInt64) -> G, fingerprint: UInt64, seed: UInt64,
    settings: RollbackSettings, listen: String?, port: UInt16,
    faults: NetworkFaults = NetworkFaults()
  ) throws(NetplayError) -> NetplayMatch {
    let socket: UDPSocket
    do {
      socket = try UDPSocket(bindingTo: listen, port: port)
    } catch {
      throw NetplayError("Cannot listen on port \(port): \(error)")
    }
    let code = SessionCode.random()
    let peer = NetplayPeer(
      role: .host, socket: socket, code: code, faults: faults, faultSeed: seed)
    return NetplayMatch(
      hosting: start, fingerprint: fingerprint, seed: seed, settings: settings, peer: peer)
  }

  /// A guest's match, asking the host at `host` and `port` to join the session of `code`.
  ///
  /// - Throws: `NetplayError` when the host's address does not resolve or cannot be reached.
  public static func joining(
    _ start: @escaping (UInt64) -> G, fingerprint: UInt64, host: String, port: UInt16,
    code: SessionCode, faults: NetworkFaults = NetworkFaults()
  ) throws(NetplayError) -> NetplayMatch {
    let (address, socket) = try NetplayAddress.socket(toReach: host, port: port)
    let peer = NetplayPeer(
      role: .guest, socket: socket, code: code, remote: address, faults: faults,
      faultSeed: code.value ^ 0x4A4F_494E)
    return NetplayMatch(joining: start, fingerprint: fingerprint, peer: peer)
  }

  /// The code the other player joins with.
  public var code: SessionCode { peer.code }

  /// Plays the match headless until it ends: pumps it every millisecond or two, giving
  /// `inputs` for each tick this side decides, then sends what is still held back for half a
  /// second.
  ///
  /// - Throws: `NetplayError` if no one joined (or the host did not answer) within
  ///   `waitSeconds`.
  public func playHeadless(
    waitSeconds: Double, inputs: (UInt32) -> [G.Input] = { _ in [] }
  ) throws(NetplayError) {
    let clock = MonotonicClock()
    let started = clock.now()
    while !hasEnded {
      let now = clock.now()
      if phase == .waitingForGuest || phase == .joining, now - started > waitSeconds {
        throw waitedInVain(seconds: waitSeconds)
      }
      pump(now: now, inputs: inputs)
      wait(seconds: 0.002, now: clock.now())
    }
    // Spectators get the ticks to the end, for three seconds at most.
    let ended = clock.now()
    while !spectatorsCaughtUp && clock.now() - ended < 3 {
      pump(now: clock.now())
      wait(seconds: 0.002, now: clock.now())
    }
    peer.drain(seconds: 0.5)
  }

  /// The error for a host no one joined within `seconds`, or a host that never answered.
  public func waitedInVain(seconds: Double) -> NetplayError {
    NetplayError(
      peer.role == .host
        ? "no one joined within \(Int(seconds)) s"
        : "no answer from the host within \(Int(seconds)) s: is it hosting, and is the code "
          + "the one it printed?")
  }

  /// What the network costs as the match goes, a line each, for a window's figures panel: the
  /// round trip, rollbacks and their depth, waits, how far this side runs ahead, and the
  /// traffic a second each way.
  public var figures: [String] {
    guard let rollback else { return ["waiting for the other player"] }
    let statistics = rollback.statistics
    let seconds = max(Double(rollback.tick) / ticksPerSecond, 1)
    return [
      "round trip " + (roundTrip.map { String(format: "%.0f ms", $0 * 1000) } ?? "not yet"),
      "rollbacks \(statistics.rollbacks), \(statistics.ticksRunAgain) ticks again, "
        + "deepest \(statistics.deepestRollback)",
      "waits \(statistics.waits), ahead of the other side by "
        + "\((rollback.ticksAhead * 10).rounded() / 10) ticks",
      String(
        format: "sent %.0f B/s, received %.0f B/s, dropped %d",
        Double(peer.bytesSent) / seconds, Double(peer.bytesReceived) / seconds,
        peer.dropped.total),
    ]
  }

  /// How the match ended and what it cost, a line each: the ending, the state hash, the tick
  /// both sides agreed at, rollbacks and waits, the round trip, the traffic each way and the
  /// packets dropped.
  /// Empty before both sides played.
  public var summary: [String] {
    guard case .ended(let ending) = phase, let rollback else { return [] }
    var lines = [
      "Match: \(ending) (tick \(rollback.tick), game tick \(rollback.game.tick))",
      "stateHash: \(rollback.game.stateHash())",
    ]
    // Ticks past the last one both sides' inputs are known for ran on predictions; the hashes
    // compared are of confirmed ticks.
    if let agreed = rollback.lastAgreedHashTick {
      lines.append("Agreed:    both sides had the same stateHash at tick \(agreed)")
    }
    let seconds = max(Double(rollback.tick), 1) / ticksPerSecond
    if rejoins > 0 {
      lines.append(
        peer.role == .host
          ? "Rejoined:  the guest joined again \(rejoins == 1 ? "once" : "\(rejoins) times"); "
            + "this side sent its state"
          : "Rejoined:  this side joined a match under way and loaded the host's state")
    }
    if peer.spectatorBytes.sent > 0 {
      lines.append(
        String(
          format: "Spectators: %d watching at the end; %.0f B/s sent to them, %.0f B/s received",
          spectatorCount, Double(peer.spectatorBytes.sent) / seconds,
          Double(peer.spectatorBytes.received) / seconds))
    }
    if !desyncs.isEmpty || recoveries > 0 {
      lines.append(
        "Desyncs:   \(desyncs.count) seen here"
          + (desyncs.isEmpty
            ? "" : " (ticks \(desyncs.map { "\($0.tick)" }.joined(separator: ", ")))")
          + "; the host's state \(peer.role == .host ? "sent" : "loaded") "
          + (recoveries == 1 ? "once" : "\(recoveries) times"))
    }
    let statistics = rollback.statistics
    lines.append(
      "Rollbacks: \(statistics.rollbacks) (\(statistics.ticksRunAgain) ticks run again, the "
        + "deepest \(statistics.deepestRollback)); waited \(statistics.waits) times for the "
        + "other player")
    func rate(_ bytes: Int, _ packets: Int) -> String {
      String(
        format: "%d bytes in %d packets, %.0f B/s (%.0f B/s with UDP/IP headers)", bytes,
        packets, Double(bytes) / seconds, Double(bytes + 28 * packets) / seconds)
    }
    if let roundTrip {
      lines.append(String(format: "Round trip: %.0f ms (smoothed)", roundTrip * 1000))
    }
    lines.append("Sent:     " + rate(peer.bytesSent, peer.packetsSent))
    lines.append("Received: " + rate(peer.bytesReceived, peer.packetsReceived))
    lines.append("Dropped:  \(peer.dropped)")
    return lines
  }
}

/// Setting a spectator up on a socket and watching with no window.
extension NetplaySpectator {
  /// A spectator of the match the host at `host` and `port` runs for the session of `code`.
  ///
  /// - Throws: `NetplayError` when the host's address does not resolve or cannot be reached.
  public static func watching(
    _ start: (UInt64) -> G, fingerprint: UInt64, host: String, port: UInt16, code: SessionCode
  ) throws(NetplayError) -> NetplaySpectator {
    let (address, socket) = try NetplayAddress.socket(toReach: host, port: port)
    let peer = NetplayPeer(role: .spectator, socket: socket, code: code, remote: address)
    return NetplaySpectator(watching: start, fingerprint: fingerprint, peer: peer)
  }

  /// Watches headless until the match ends for this spectator.
  ///
  /// - Throws: `NetplayError` if the host has not streamed its state within `waitSeconds`.
  public func watchHeadless(waitSeconds: Double) throws(NetplayError) {
    let clock = MonotonicClock()
    let started = clock.now()
    while !hasEnded {
      if phase == .joining, clock.now() - started > waitSeconds {
        throw NetplayError(
          "the host let this spectator watch nothing within \(Int(waitSeconds)) s: is it "
            + "playing, with this game and these settings, and is the code the one it printed?")
      }
      pump(now: clock.now())
      wait(seconds: 0.002)
    }
    if case .ended(.finished) = phase {} else { quit() }
  }

  /// How the watching went, a line each: the ending, the state hash, the traffic.
  public var summary: [String] {
    guard case .ended(let ending) = phase else { return [] }
    var lines = ["Watched: \(ending) (tick \(tick))"]
    if let game { lines.append("stateHash: \(game.stateHash())") }
    let seconds = max(Double(tick), 1) / (game?.ticksPerSecond ?? 60)
    lines.append(
      String(
        format: "Sent %d bytes, %.0f B/s; received %d bytes, %.0f B/s", peer.bytesSent,
        Double(peer.bytesSent) / seconds, peer.bytesReceived,
        Double(peer.bytesReceived) / seconds))
    return lines
  }
}
