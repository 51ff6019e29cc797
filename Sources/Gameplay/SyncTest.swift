import TraitSandbox

/// GGPO's sync test for any game: every tick, roll back a few ticks and step them again, and
/// check that the state comes out the same as the straight run's.
///
/// What rollback netcode restores is a snapshot (`Game.snapshot()`), so the test goes through
/// one: before each tick it snapshots the game; after the tick it restores the snapshot made
/// `rollback` ticks before, steps it forward to the same tick with the same inputs and
/// compares the state hashes.
/// State a snapshot misses, or a step that depends on anything but the state (a clock, a
/// thread count, a cache), shows up as a difference; `SyncTest.Failure` then names the first
/// tick and the first system whose results differ.
public struct SyncTest<G: Game> {
  /// How many ticks each rollback steps again.
  public let rollback: Int
  /// How many rollbacks have run.
  public private(set) var rollbacks = 0
  /// The size of the last snapshot, in bytes.
  public private(set) var snapshotBytes = 0
  /// Seconds each snapshot took to make: what a rollback session's ring of snapshots costs a
  /// tick.
  public private(set) var snapshotSeconds: [Double] = []
  /// Seconds each rollback took: restoring the snapshot and stepping `rollback` ticks.
  public private(set) var rollbackSeconds: [Double] = []
  /// Seconds each rollback from memory took: taking the copy of the game kept from
  /// `rollback` ticks before and stepping it again, as a rollback session does. The copy is
  /// handed over, not shared, as the session hands over the one it restores: the ticks after
  /// it write in place.
  public private(set) var memoryRollbackSeconds: [Double] = []
  /// Seconds each tick of the straight run took while a copy of the game from before it was
  /// kept: with copy-on-write, what a rollback session's ring of copies costs a tick is this
  /// less `plainTickSeconds`.
  public private(set) var keptTickSeconds: [Double] = []
  /// Seconds each tick of a rollback from the snapshot took, on a game no copy shares.
  public private(set) var plainTickSeconds: [Double] = []
  /// The straight run's snapshots, states and hashes before each of the last `rollback` ticks
  /// (the state until a rollback takes the oldest), the inputs of each and its hash after
  /// each, oldest first.
  private var recent:
    [(
      snapshot: [UInt8], before: G?, hashBefore: StateHash, inputs: [SeatInput<G.Input>],
      hashAfter: StateHash
    )] = []

  /// The most ticks one rollback may step again.
  public static var maximumRollback: Int { 64 }

  /// A difference between the straight run and a rolled-back one.
  public struct Failure: Error, CustomStringConvertible {
    /// Where in the tick the two runs first differ.
    public enum Place: Equatable, Sendable {
      /// Restoring the snapshot: it does not hold the state it was made from.
      case restoring
      /// The results of this system.
      case system(String)
      /// The tick's spawns and despawns, after every system agreed.
      case spawnsAndDespawns
      /// Nowhere when stepped again: the same state stepped twice gave two results, so a
      /// step depends on something besides the state.
      case notRepeatable
    }

    /// The tick rolled back to.
    public var rolledBackTo: UInt64
    /// The first tick whose state differs (`rolledBackTo` when restoring differs).
    public var tick: UInt64
    /// Where in that tick.
    public var place: Place
    /// The straight run's hash there.
    public var straight: StateHash
    /// The rolled-back run's hash there.
    public var replayed: StateHash

    /// "rolling back to tick 40 and stepping again differs from the straight run at tick 43,
    /// first in system movement: ...".
    public var description: String {
      let hashes = "stateHash \(replayed) where the straight run had \(straight)"
      switch place {
      case .restoring:
        return "restoring the snapshot of tick \(rolledBackTo) gives \(hashes)"
      case .system(let name):
        return "rolling back to tick \(rolledBackTo) and stepping again differs from the "
          + "straight run at tick \(tick), first in system \(name): \(hashes) after the tick"
      case .spawnsAndDespawns:
        return "rolling back to tick \(rolledBackTo) and stepping again differs from the "
          + "straight run at tick \(tick), in the tick's spawns and despawns: \(hashes)"
      case .notRepeatable:
        return "rolling back to tick \(rolledBackTo) and stepping again differed from the "
          + "straight run at tick \(tick) once but not when stepped again: a step depends on "
          + "something besides the state (\(hashes))"
      }
    }
  }

  /// Creates a sync test that rolls back `rollback` ticks (1 to `maximumRollback`) every tick.
  public init(rollback: Int) {
    precondition((1...Self.maximumRollback).contains(rollback), "rollback out of range")
    self.rollback = rollback
  }

  /// Steps `game` one tick with `inputs`, then rolls back `rollback` ticks (once that many
  /// have run) and steps them again from a snapshot, with the same inputs, comparing the state
  /// with the straight run's.
  ///
  /// - Throws: `Failure` naming the first tick and system that differ; an error from making or
  ///   reading the snapshot.
  /// - Complexity: O(n) for the snapshot, plus `rollback` ticks.
  public mutating func step(_ game: inout G, inputs: [SeatInput<G.Input>] = []) throws {
    let clock = MonotonicClock()
    let snapshotStart = clock.now()
    let snapshot = try game.snapshot()
    snapshotSeconds.append(clock.now() - snapshotStart)
    snapshotBytes = snapshot.count
    let before = game
    let hashBefore = recent.last?.hashAfter ?? game.stateHash()
    let stepStart = clock.now()
    game.advance(with: inputs)
    keptTickSeconds.append(clock.now() - stepStart)
    recent.append((snapshot, before, hashBefore, inputs, game.stateHash()))
    if recent.count > rollback { recent.removeFirst() }
    guard recent.count == rollback else { return }
    rollbacks += 1
    let expected = recent[rollback - 1].hashAfter
    // From memory, as a rollback session restores: the copy taken out of the ring, which
    // needs it no more (the next tick drops it).
    let memoryStart = clock.now()
    guard var fromMemory = recent[0].before.take() else {
      preconditionFailure("a rollback takes each kept copy once")
    }
    for index in recent.indices { fromMemory.advance(with: recent[index].inputs) }
    memoryRollbackSeconds.append(clock.now() - memoryStart)
    // From the snapshot's bytes, which must hold everything the state is.
    let rollbackStart = clock.now()
    var replay = try game.restored(from: recent[0].snapshot)
    let replayStart = clock.now()
    for index in recent.indices { replay.advance(with: recent[index].inputs) }
    let end = clock.now()
    rollbackSeconds.append(end - rollbackStart)
    plainTickSeconds.append((end - replayStart) / Double(rollback))
    guard replay.stateHash() != expected || fromMemory.stateHash() != expected else { return }
    throw try failure(from: recent[0].snapshot, like: game)
  }

  /// Steps the rolled-back game again tick by tick to the first tick that differs, then
  /// steps that tick on both runs system by system.
  private func failure(from snapshot: [UInt8], like game: G) throws -> Failure {
    var replay = try game.restored(from: snapshot)
    let rolledBackTo = replay.tick
    let restoredHash = replay.stateHash()
    let savedHash = recent[0].hashBefore
    guard restoredHash == savedHash else {
      return Failure(
        rolledBackTo: rolledBackTo, tick: rolledBackTo, place: .restoring, straight: savedHash,
        replayed: restoredHash)
    }
    // The oldest kept state went to the rollback from memory: the restored one, whose hash is
    // its, stands for it.
    let restored = replay
    for index in recent.indices {
      var straight = recent[index].before ?? restored
      var straightSystems: [(String, StateHash)] = []
      var replayedSystems: [(String, StateHash)] = []
      let inputs = recent[index].inputs
      straight.advance(with: inputs) { straightSystems.append(($0, $1)) }
      replay.advance(with: inputs) { replayedSystems.append(($0, $1)) }
      let hashAfter = replay.stateHash()
      guard hashAfter != recent[index].hashAfter else { continue }
      let system = zip(straightSystems, replayedSystems).first { $0.1 != $1.1 }?.0.0
      return Failure(
        rolledBackTo: rolledBackTo, tick: replay.tick,
        place: system.map(Failure.Place.system) ?? .spawnsAndDespawns,
        straight: recent[index].hashAfter, replayed: hashAfter)
    }
    return Failure(
      rolledBackTo: rolledBackTo, tick: replay.tick, place: .notRepeatable,
      straight: recent[rollback - 1].hashAfter, replayed: replay.stateHash())
  }
}
