import Foundation
import TraitSandbox

/// A game's inputs, tick by tick, from a snapshot of where it started: what replays it exactly,
/// for any game.
///
/// Make one with a `Recorder` while the game is played; `replay(like:)` steps the same inputs
/// again from the same start and checks that the game ends on the state hash it ended on.
/// `encoded()` and `init(decoding:)` carry a recording to a file and back, as JSON.
public struct Recording<G: Game>: Codable {
  /// The format version this program writes and reads (`formatVersion`).
  public var version: Int
  /// The game's name (`Game.name`): a recording of one game is refused by another.
  public var game: String
  /// The state the recording starts from (`Game.snapshot()`).
  public var start: Data
  /// The ticks on which a seat did something, in order: the tick's number (counted from the
  /// start, which is 0) and what each seat did.
  public var inputs: [Tick]
  /// How many ticks the recording spans.
  public var tickCount: Int
  /// The state hash after the last tick, as 16 hex digits.
  public var endHash: String

  /// One tick's inputs.
  public struct Tick: Codable, Sendable {
    /// The tick, counted from the recording's start.
    public var tick: Int
    /// What the seats did, in the order they were applied.
    public var inputs: [SeatInput<G.Input>]

    /// A tick's inputs.
    public init(tick: Int, inputs: [SeatInput<G.Input>]) {
      self.tick = tick
      self.inputs = inputs
    }
  }
}

extension Recording {
  /// A recording of `G` that starts from the snapshot `start`, gives `inputs` (in tick order,
  /// each within `tickCount`) and ends after `tickCount` ticks on `endHash`: one made from a
  /// recording of another format.
  public init(start: Data, inputs: [Tick], tickCount: Int, endHash: StateHash) {
    self.init(
      version: Self.formatVersion, game: G.name, start: start, inputs: inputs,
      tickCount: tickCount, endHash: endHash.description)
  }

  /// The recording as JSON.
  public func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(self)
  }

  /// The recording `data` holds.
  ///
  /// - Throws: `RecordingError` if the data is not a recording of this game, or its ticks
  ///   are out of order or out of its span.
  public init(decoding data: Data) throws(RecordingError) {
    do {
      self = try JSONDecoder().decode(Self.self, from: data)
    } catch let error as DecodingError {
      throw RecordingError("it is not a recording: \(Self.describe(error))")
    } catch {
      throw RecordingError("it is not a recording: \(error)")
    }
    guard version == Self.formatVersion else {
      throw RecordingError(
        "it is format version \(version); this program reads version \(Self.formatVersion)")
    }
    guard game == G.name else {
      throw RecordingError("it records the game \(game), not \(G.name)")
    }
    guard (0...Self.maximumTickCount).contains(tickCount) else {
      throw RecordingError(
        "it claims \(tickCount) ticks; a recording spans 0 to \(Self.maximumTickCount)")
    }
    guard inputs.indices.dropFirst().allSatisfy({ inputs[$0 - 1].tick < inputs[$0].tick }),
      inputs.allSatisfy({ (0..<tickCount).contains($0.tick) })
    else {
      throw RecordingError("its ticks are out of order, or past its \(tickCount) ticks")
    }
  }

  /// The format version of the recordings this program writes, and the only one it reads.
  public static var formatVersion: Int { 1 }

  /// The most ticks a recording read from data may span: over five weeks at 30 ticks a second.
  public static var maximumTickCount: Int { 100_000_000 }

  /// What is wrong with the JSON, naming the field: "its field 'inputs[2].tick' is missing".
  private static func describe(_ error: DecodingError) -> String {
    func field(_ path: [any CodingKey]) -> String {
      path.reduce("") { text, key in
        key.intValue.map { text + "[\($0)]" } ?? (text.isEmpty ? "" : text + ".") + key.stringValue
      }
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "its field '\(field(context.codingPath + [key]))' is missing"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "its field '\(field(context.codingPath))' holds the wrong kind of value"
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty
        ? "it is not JSON" : "its field '\(field(context.codingPath))' is damaged"
    @unknown default:
      return "\(error)"
    }
  }

  /// Steps the recording again from its start, read by `game` (which knows the game's rules
  /// and types), and returns the game as it ends.
  ///
  /// - Throws: `RecordingError` if the start cannot be read, the game ends before the
  ///   recording does, or the replay ends on another state hash than the recording did.
  /// - Complexity: `tickCount` ticks.
  public func replay(like game: G) throws(RecordingError) -> G {
    var replay: G
    do {
      replay = try game.restored(from: [UInt8](start))
    } catch {
      throw RecordingError("its start cannot be read: \(error)")
    }
    var next = inputs.startIndex
    for tick in 0..<tickCount {
      guard !replay.isOver else {
        throw RecordingError(
          "the game ended \(tick) ticks in, but the recording goes on to \(tickCount): it does "
            + "not replay the same with this program")
      }
      if next < inputs.endIndex, inputs[next].tick == tick {
        replay.advance(with: inputs[next].inputs)
        next += 1
      } else {
        replay.advance()
      }
    }
    let hash = replay.stateHash().description
    guard hash == endHash else {
      throw RecordingError(
        "replaying its \(tickCount) ticks ends on stateHash \(hash), where it ended on \(endHash)")
    }
    return replay
  }
}

/// Records a game as it is played: its start, and each tick's inputs.
public struct Recorder<G: Game> {
  /// The game being played.
  public private(set) var game: G
  private var start: Data
  private var inputs: [Recording<G>.Tick] = []
  private var tickCount = 0

  /// Starts recording `game` where it is now.
  ///
  /// - Throws: An error making the game's snapshot.
  public init(_ game: G) throws {
    self.game = game
    start = Data(try game.snapshot())
  }

  /// Applies each seat's inputs, advances the game one tick, and keeps the inputs.
  public mutating func advance(with inputs: [SeatInput<G.Input>] = []) {
    if !inputs.isEmpty { self.inputs.append(Recording.Tick(tick: tickCount, inputs: inputs)) }
    game.advance(with: inputs)
    tickCount += 1
  }

  /// The recording so far.
  public var recording: Recording<G> {
    Recording(
      version: Recording<G>.formatVersion, game: G.name, start: start, inputs: inputs,
      tickCount: tickCount,
      endHash: game.stateHash().description)
  }
}

/// Why a recording cannot be read or replayed.
public struct RecordingError: Error, CustomStringConvertible {
  /// What is wrong, as a sentence's end: "it records the game boids, not garden".
  public var description: String

  /// An error saying `description`.
  public init(_ description: String) {
    self.description = description
  }
}
