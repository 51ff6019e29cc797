import TraitSandbox

/// How a rollback session runs; both players must use the same.
public struct RollbackSettings: Sendable, Equatable {
  /// Ticks between a local input and the tick it applies at.
  public var inputDelay: Int
  /// The most ticks run on predicted inputs before waiting for the other player.
  public var maximumRollback: Int
  /// Ticks between the state hashes the players compare.
  public var hashInterval: Int
  /// The tick the session ends at, if it does: both sides compare their hashes there.
  public var endTick: UInt32?

  /// The input delays allowed.
  public static let inputDelays = 0...10
  /// The rollback depths allowed.
  public static let rollbacks = 1...16

  /// The input delay that hides a one-way trip of half `roundTrip` seconds at
  /// `ticksPerSecond`, from 1 to 6 ticks: what is left of a longer trip is rolled back.
  public static func inputDelay(forRoundTrip roundTrip: Double, ticksPerSecond: Double) -> Int {
    guard roundTrip.isFinite, ticksPerSecond.isFinite, roundTrip > 0 else { return 1 }
    return min(max(Int((roundTrip / 2 * ticksPerSecond).rounded(.up)), 1), 6)
  }

  /// Creates settings.
  public init(
    inputDelay: Int = 2, maximumRollback: Int = 8, hashInterval: Int = 60,
    endTick: UInt32? = nil
  ) {
    precondition(Self.inputDelays.contains(inputDelay), "input delay out of range")
    precondition(Self.rollbacks.contains(maximumRollback), "rollback out of range")
    precondition(hashInterval > 0, "hash interval must be positive")
    self.inputDelay = inputDelay
    self.maximumRollback = maximumRollback
    self.hashInterval = hashInterval
    self.endTick = endTick
  }
}

/// Counts of what rolling back cost.
public struct RollbackStatistics: Sendable, Equatable {
  /// Rollbacks run.
  public var rollbacks = 0
  /// Ticks run again by them.
  public var ticksRunAgain = 0
  /// The most ticks one rollback ran again.
  public var deepestRollback = 0
  /// Times `advance()` waited for the other player.
  public var waits = 0
  /// Local inputs dropped because a tick already held `PacketCodec.maximumInputsPerTick`.
  public var droppedInputs = 0
}

/// The state hashes of one tick that differ between the two players.
public struct Desync: Error, Equatable, Sendable, CustomStringConvertible {
  /// Ticks run when the hashes were taken.
  public var tick: UInt32
  /// This side's hash.
  public var local: StateHash
  /// The other player's.
  public var remote: StateHash

  /// Creates a desync record.
  public init(tick: UInt32, local: StateHash, remote: StateHash) {
    self.tick = tick
    self.local = local
    self.remote = remote
  }

  /// "desynced at tick 600: stateHash ... here, ... there".
  public var description: String {
    "desynced at tick \(tick): stateHash \(local) here, \(remote) on the other side"
  }
}
