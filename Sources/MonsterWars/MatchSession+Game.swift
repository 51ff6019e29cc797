import Foundation
import Gameplay
import TraitSandbox

/// What the player at a castle's seat does in a tick of a session: an order, or, from the
/// first seat (the host of a match over the network), a restart or a retune.
public enum SessionInput: Sendable, Equatable, Codable {
  /// Buy a unit or take back an order, for the seat's castle.
  case order(CastleOrder)
  /// Start the match again from its first tick (the first seat's only).
  case restart
  /// Take a reloaded scenario, as scenario JSON (the first seat's only; see
  /// `MatchInput.retune(scenarioJSON:)`).
  case retune(scenarioJSON: String)
}

/// A session is a game too: the one two players share over the network, where the host may
/// restart it and tune it live.
extension MatchSession: Game {
  /// `monsterwars`.
  public static let name = Match.name

  /// A seat per castle, `left` then `right`.
  public var seats: [Seat] { match.seats }

  /// The match's tick (a restart starts it again from 0).
  public var tick: UInt64 { match.world.tick }

  /// Whether the match is over.
  public var isOver: Bool { match.isOver }

  /// The match's ticks a second.
  public var ticksPerSecond: Double { match.ticksPerSecond }

  /// Applies each seat's inputs as `MatchSession.apply(_:)` does (an input it refuses changes
  /// nothing), then steps the match.
  public mutating func advance(with inputs: [SeatInput<SessionInput>]) {
    apply(inputs)
    step()
  }

  /// Advances as `advance(with:)` does, calling `observe` after each of the match's systems.
  public mutating func advance(
    with inputs: [SeatInput<SessionInput>], observingSystems observe: (String, StateHash) -> Void
  ) {
    apply(inputs)
    withoutActuallyEscaping(observe) { observe in match.step(observingSystems: observe) }
    recordTimeline()
  }

  /// Applies each seat's inputs, between ticks.
  private mutating func apply(_ inputs: [SeatInput<SessionInput>]) {
    for input in inputs where Side.allCases.indices.contains(input.seat) {
      let side = Side.allCases[input.seat]
      switch input.input {
      case .order(.buy(let kind)): apply(.order(kind, side: side))
      case .order(.cancel): apply(.cancelOrder(side: side))
      case .restart where input.seat == 0: apply(.restart)
      case .retune(let json) where input.seat == 0: apply(.retune(scenarioJSON: json))
      case .restart, .retune: break
      }
    }
  }

  /// The match's state hash.
  public func stateHash() -> StateHash {
    match.world.stateHash()
  }

  /// The scenario the session restarts with and the inputs it applied (each as its length in
  /// 4 bytes, then its JSON text), then the match's snapshot: the inputs travel with the
  /// state, so that a session restored from another's records what that one did.
  public func snapshot() throws -> [UInt8] {
    try snapshotPrefix() + match.snapshot()
  }

  /// Saves `snapshot()`'s bytes to a file at `url`, atomically, the match's written as they
  /// are made, so that a big match is never in memory twice.
  ///
  /// - Throws: `AtomicFileError` if the file cannot be written (a missing folder, a full
  ///   disk), or an encoding error.
  /// - Complexity: O(n) in the number of entities.
  public func save(to url: URL) throws {
    try MatchSnapshot.save(match, to: url, after: try snapshotPrefix())
  }

  /// The scenario and the inputs, each as its length in 4 bytes and its JSON text (its keys
  /// sorted, so that one session always gives the same bytes): what comes before the match in
  /// the session's snapshot.
  private func snapshotPrefix() throws -> [UInt8] {
    var bytes: [UInt8] = []
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    for text in [Array(scenario.jsonText.utf8), try encoder.encode(inputs).map { $0 }] {
      bytes += withUnsafeBytes(of: UInt32(text.count).littleEndian, Array.init)
      bytes += text
    }
    return bytes
  }

  /// The match's snapshot (`MatchSnapshot`'s bytes) inside `snapshot`, a session's
  /// (`snapshot()`: its scenario and inputs first); `nil` for bytes that are not one.
  public static func matchSnapshot(inSessionSnapshot snapshot: [UInt8]) -> [UInt8]? {
    var offset = 0
    for _ in 0..<2 {
      guard snapshot.count - offset >= 4 else { return nil }
      let length = snapshot[offset..<offset + 4].reversed().reduce(0) { $0 << 8 | Int($1) }
      offset += 4
      guard snapshot.count - offset >= length else { return nil }
      offset += length
    }
    let match = Array(snapshot[offset...])
    return MatchRecording.isSavedFile(match) ? match : nil
  }

  /// The session a snapshot of this one holds: its scenario, inputs and match, the match's
  /// seed, swarm count and people (whom a restart plays), and the timeline starting again
  /// there. A match's own snapshot (`MatchSnapshot`) gives a session of that match with no
  /// inputs, which restarts with the match's scenario.
  public func restored(from snapshot: [UInt8]) throws -> MatchSession {
    if MatchRecording.isSavedFile(snapshot) {
      let match = try match.restored(from: snapshot)
      return restored(match: match, scenario: match.scenario, inputs: [])
    }
    var offset = 0
    /// The next length-prefixed text of the snapshot.
    func text(_ what: String) throws -> ArraySlice<UInt8> {
      guard snapshot.count - offset >= 4 else {
        throw SavedFileError("it is not a snapshot: it ends before its \(what)")
      }
      let length = snapshot[offset..<offset + 4].reversed().reduce(0) { $0 << 8 | Int($1) }
      offset += 4
      guard snapshot.count - offset >= length else {
        throw SavedFileError("it is not a snapshot: its \(what) is cut short")
      }
      defer { offset += length }
      return snapshot[offset..<offset + length]
    }
    guard let json = String(validating: try text("scenario"), as: UTF8.self),
      let scenario = Self.retuned(json, like: scenario, swarmCount: swarmCount)
    else { throw SavedFileError("it is not a snapshot: its scenario does not read") }
    let inputs: [RecordedInput]
    do {
      inputs = try JSONDecoder().decode([RecordedInput].self, from: Data(try text("inputs")))
    } catch let error as SavedFileError {
      throw error
    } catch {
      throw SavedFileError("it is not a snapshot: its inputs do not read: \(error)")
    }
    let match = try match.restored(from: Array(snapshot[offset...]))
    return restored(match: match, scenario: scenario, inputs: inputs)
  }

  /// This session going on with `match`, which restarts with `scenario`, having applied
  /// `inputs`.
  private func restored(
    match: Match, scenario: Scenario, inputs: [RecordedInput]
  ) -> MatchSession {
    var session = self
    session.scenario = scenario
    session.match = match
    // A restart plays the snapshot's seed, swarm and people, not this session's.
    session.seed = session.match.seed
    session.swarmCount = session.match.swarmCount
    session.playerSides = Side.allCases.filter {
      session.match.castle(of: $0)?.controller == .player
    }
    session.inputs = inputs
    session.branchInputs = []
    session.timeline = keepsTimeline ? [session.match] : []
    return session
  }

  /// An order as its kind's place in the roster (`1`, index), a cancel (`2`), a restart
  /// (`3`), a retune as `4` and the scenario's JSON text.
  public func encodedInput(_ input: SessionInput) -> [UInt8] {
    switch input {
    case .order(.buy(let kind)):
      [1, UInt8(clamping: scenario.roster.kinds.firstIndex(of: kind) ?? 255)]
    case .order(.cancel): [2]
    case .restart: [3]
    case .retune(let json): [4] + Array(json.utf8)
    }
  }

  /// The input `bytes` encode, if it names a kind of this roster.
  public func decodedInput(_ bytes: [UInt8]) -> SessionInput? {
    let kinds = scenario.roster.kinds
    switch (bytes.first, bytes.count) {
    case (1, 2) where Int(bytes[1]) < kinds.count: return .order(.buy(kinds[Int(bytes[1])]))
    case (2, 1): return .order(.cancel)
    case (3, 1): return .restart
    case (4, _):
      return String(validating: bytes.dropFirst(), as: UTF8.self).map {
        .retune(scenarioJSON: $0)
      }
    default: return nil
    }
  }
}

extension Scenario {
  /// What two players over the network must share for their matches to be the same: the
  /// scenario, the entity types its roster registers and the systems they run, and the swarm
  /// count. (A kind the scenario file does not mention takes its type's defaults, so the file
  /// alone does not say which types play.)
  public func netplayFingerprint(swarmCount: Int?) -> UInt64 {
    var hasher = StateHasher()
    hasher.combine(jsonText)
    for type in roster.entityTypes { hasher.combine(String(reflecting: type)) }
    for system in roster.schedule.systems { hasher.combine(system.name) }
    hasher.combine(swarmCount ?? -1)
    return hasher.finalize().rawValue
  }
}
