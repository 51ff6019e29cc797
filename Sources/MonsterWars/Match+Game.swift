import Gameplay
import TraitSandbox

/// What the player at a castle's seat does in a tick.
public enum CastleOrder: Sendable, Equatable, Codable {
  /// Buy a unit: the castle queues it and pays when it has the coins.
  case buy(UnitKind)
  /// Take back the castle's newest order not yet paid for.
  case cancel
}

extension Match: Game {
  /// `monsterwars`.
  public static let name = "monsterwars"

  /// A seat per castle, `left` then `right`, in `Side.allCases` order.
  public var seats: [Seat] { Side.allCases.map { Seat(name: $0.name) } }

  /// The world's tick.
  public var tick: UInt64 { world.tick }

  /// The scenario's ticks a second.
  public var ticksPerSecond: Double { Double(scenario.match.ticksPerSecond) }

  /// Applies each seat's orders to its castle, if a player controls it and the match is on,
  /// then steps the match.
  public mutating func advance(with inputs: [SeatInput<CastleOrder>]) {
    advance(with: inputs, observing: nil)
  }

  /// Advances as `advance(with:)` does, calling `observe` after each of the world's systems.
  public mutating func advance(
    with inputs: [SeatInput<CastleOrder>], observingSystems observe: (String, StateHash) -> Void
  ) {
    withoutActuallyEscaping(observe) { observe in advance(with: inputs, observing: observe) }
  }

  /// The orders, then the tick.
  private mutating func advance(
    with inputs: [SeatInput<CastleOrder>], observing observe: ((String, StateHash) -> Void)?
  ) {
    for input in inputs where Side.allCases.indices.contains(input.seat) {
      let side = Side.allCases[input.seat]
      guard !isOver, castle(of: side)?.controller == .player else { continue }
      switch input.input {
      case .buy(let kind): order(kind, for: side)
      case .cancel: cancelLastOrder(for: side)
      }
    }
    step(observingSystems: observe)
  }

  /// The world's state hash.
  public func stateHash() -> StateHash {
    world.stateHash()
  }

  /// The match as snapshot bytes (see `MatchSnapshot`).
  public func snapshot() throws -> [UInt8] {
    try MatchSnapshot.bytes(of: self)
  }

  /// The match a snapshot holds, for this match's roster, on as many threads as this one
  /// (and as many entities a thread).
  public func restored(from snapshot: [UInt8]) throws -> Match {
    var match = try MatchSnapshot.match(from: snapshot, roster: scenario.roster)
    match.threadCount = threadCount
    match.world.minimumEntitiesPerThread = world.minimumEntitiesPerThread
    return match
  }
}
