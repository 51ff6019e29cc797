import MonsterWars
import Netplay

/// A match over the network for the demo window to show: the window pumps it on its
/// simulation thread each frame, sends the player's keys as inputs and shows where it stands.
///
/// The match is a class used by one thread at a time: the command's before and after the
/// window, the demo's simulation thread while it is open (handed over the way `SteppedMatch`
/// hands over its state). That handover is what makes the unchecked `Sendable` sound.
public struct NetplayWindow: @unchecked Sendable {
  /// The match.
  public let match: NetplayMatch<MatchSession>
  /// The line the other player runs to join, shown while a host waits.
  public let joinLine: String?
  /// Seconds to wait for the host's answer before saying it has not come.
  public let waitSeconds: Double

  /// Creates one.
  public init(match: NetplayMatch<MatchSession>, joinLine: String?, waitSeconds: Double) {
    self.match = match
    self.joinLine = joinLine
    self.waitSeconds = waitSeconds
  }

  /// The side this window's player orders for.
  public var side: Side { match.peer.role == .host ? .left : .right }
}

/// A host's match for the demo window to watch as a spectator: the window pumps the spectator
/// on its simulation thread each frame and shows the game as it stands; the player's orders
/// go nowhere. Handed over between threads as `NetplayWindow` is.
public struct SpectatorWindow: @unchecked Sendable {
  /// The spectator.
  public let spectator: NetplaySpectator<MatchSession>
  /// Seconds to wait for the host's state before saying it has not come.
  public let waitSeconds: Double

  /// Creates one.
  public init(spectator: NetplaySpectator<MatchSession>, waitSeconds: Double) {
    self.spectator = spectator
    self.waitSeconds = waitSeconds
  }
}
