import Foundation
import TraitSandbox

/// A game the sandbox can step, save, restore and check, whatever it is made of: what the sync
/// test and recordings need of a game, and all they need.
///
/// A game is a value: its whole state, copied by assignment (a world's columns are shared
/// until one copy changes). Players sit at `seats`; each tick, `advance(with:)` takes what each
/// seat did and steps the game once, the same way on every machine, so where a game started and
/// its inputs are all a recording keeps, and its inputs all a rollback peer sends. `snapshot()` and
/// `restored(from:)` carry the state to disk or across a rollback; `stateHash()` tells two
/// states apart.
///
/// MonsterWars' `Match` is one (a seat per castle, orders as inputs), and so is any game built
/// on a `World` in a few lines:
///
/// ```swift
/// extension Garden: Game {
///   static let name = "garden"
///   var seats: [Seat] { [Seat(name: "gardener")] }
///   var tick: UInt64 { world.tick }
///   var threadCount: Int {
///     get { world.threadCount }
///     set { world.threadCount = newValue }
///   }
///   mutating func advance(with inputs: [SeatInput<Planting>]) {
///     for planting in inputs { world.spawn(Flower(at: planting.input.spot)) }
///     world.step()
///   }
///   func stateHash() -> StateHash { world.stateHash() }
///   func snapshot() throws -> [UInt8] { try world.snapshotBytes() }
///   func restored(from snapshot: [UInt8]) throws -> Garden {
///     var garden = self
///     try garden.world.restore(fromSnapshot: snapshot)
///     return garden
///   }
/// }
/// ```
public protocol Game {
  /// What a player does through one seat in a tick: a castle's order, a hawk released.
  associatedtype Input: Sendable & Equatable & Codable

  /// The game's name on the command line and in saved files, in lower case: `monsterwars`.
  static var name: String { get }

  /// The seats players sit at, in order: an input names its seat by index.
  var seats: [Seat] { get }

  /// The ticks stepped since the game began.
  var tick: UInt64 { get }

  /// How many threads a tick may use; every result is the same for any count.
  var threadCount: Int { get set }

  /// Whether the game has ended (a castle fell, time ran out): a run stops there. Never, by
  /// default.
  var isOver: Bool { get }

  /// Ticks a second at normal speed: how often a window or a network match steps. 60 by
  /// default.
  var ticksPerSecond: Double { get }

  /// `input` as the bytes a network packet carries: the same on every machine, and read back
  /// by `decodedInput(_:)`. Its `Codable` form as JSON, by default; a game whose inputs are
  /// frequent gives a more compact one.
  func encodedInput(_ input: Input) -> [UInt8]

  /// The input `bytes` encode, or `nil` for bytes no player's input encodes to in this game:
  /// what a network peer drops as forged or damaged.
  func decodedInput(_ bytes: [UInt8]) -> Input?

  /// Applies each seat's inputs for this tick, in the order given, then advances one tick.
  ///
  /// An input a seat may not make now (an order for a fallen castle, a seat the game does not
  /// have) changes nothing, on every machine alike.
  mutating func advance(with inputs: [SeatInput<Input>])

  /// Advances as `advance(with:)` does, calling `observe` with each system's name and the
  /// state's hash after it: how a sync test names the first system whose results differ.
  ///
  /// A game that cannot tell its systems apart advances and observes nothing, the default.
  mutating func advance(
    with inputs: [SeatInput<Input>], observingSystems observe: (String, StateHash) -> Void)

  /// The state's hash: equal for equal states, whatever the thread count or the build.
  func stateHash() -> StateHash

  /// The whole state as bytes, which `restored(from:)` reads back.
  func snapshot() throws -> [UInt8]

  /// The game a snapshot of this game holds: read by this game, which knows its rules and
  /// entity types, stepped on as many threads as this one.
  func restored(from snapshot: [UInt8]) throws -> Self
}

extension Game {
  /// Advances without telling systems apart: `observe` is never called.
  public mutating func advance(
    with inputs: [SeatInput<Input>], observingSystems observe: (String, StateHash) -> Void
  ) {
    advance(with: inputs)
  }

  /// Never over.
  public var isOver: Bool { false }

  /// 60 ticks a second.
  public var ticksPerSecond: Double { 60 }

  /// The input's `Codable` form as JSON, keys sorted.
  public func encodedInput(_ input: Input) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(input)).map(Array.init) ?? []
  }

  /// The input whose `Codable` JSON form `bytes` hold.
  public func decodedInput(_ bytes: [UInt8]) -> Input? {
    try? JSONDecoder().decode(Input.self, from: Data(bytes))
  }

  /// Advances one tick with no one doing anything.
  public mutating func advance() {
    advance(with: [])
  }
}

/// A place a player sits at in a game: a castle's commander, the one who releases hawks.
public struct Seat: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The seat's name as players see it: "left", "sky".
  public var name: String

  /// Creates a seat.
  public init(name: String) {
    self.name = name
  }

  /// The seat's name.
  public var description: String { name }
}

/// What the player at one seat did in a tick.
public struct SeatInput<Input: Sendable & Equatable & Codable>: Sendable, Equatable, Codable {
  /// The seat's index in the game's `seats`.
  public var seat: Int
  /// What the player did.
  public var input: Input

  /// Creates a seat's input.
  public init(seat: Int, input: Input) {
    self.seat = seat
    self.input = input
  }
}
