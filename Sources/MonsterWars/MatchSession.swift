import TraitSandbox

/// Something a player does that changes the simulation; what a recording keeps, tick by tick.
///
/// Pausing, speed and selection only change when ticks run or what is shown, so they are not
/// inputs: a match replays the same from its inputs at any speed.
public enum MatchInput: Sendable, Equatable, Codable {
  /// Buy a unit for the castle of `side`, which a player must control.
  case order(UnitKind, side: Side)
  /// Take back the newest order of `side`'s castle not yet paid for.
  case cancelOrder(side: Side)
  /// Start the match again from its first tick.
  case restart
  /// Take a reloaded scenario, kept as scenario JSON: what is safe mid-match at once (see
  /// `Match.applyLiveChanges(from:)`), all of it on the next restart.
  case retune(scenarioJSON: String)
  /// Go back to the match as it was at `tick` and play on from there: a new branch (see
  /// `MatchSession.timeline`).
  case travel(toTick: UInt64)
}

/// An input and the tick it came at: after that many ticks of the match it belongs to.
public struct RecordedInput: Sendable, Equatable, Codable {
  /// The match's tick when the input came.
  public var tick: UInt64
  /// What the player did.
  public var input: MatchInput

  /// Creates a recorded input.
  public init(tick: UInt64, input: MatchInput) {
    self.tick = tick
    self.input = input
  }
}

/// A match a player plays, with restarts and live tuning: what the demo drives and what a
/// replay drives the same way.
public struct MatchSession {
  /// The match being played.
  public internal(set) var match: Match
  /// The scenario the match restarts with.
  public internal(set) var scenario: Scenario
  /// The seed every start uses.
  public internal(set) var seed: UInt64
  /// The sides players control, in `Side.allCases` order: none when the AI plays both
  /// (autoplay), the left one against the computer, both in a match between two players.
  public internal(set) var playerSides: [Side]
  /// Whether the AI plays both castles; then no one orders anything.
  public var isAutoplay: Bool { playerSides.isEmpty }
  /// How many monsters a swarm scenario places, if overridden.
  public internal(set) var swarmCount: Int?
  /// Every input applied so far, with its tick.
  public internal(set) var inputs: [RecordedInput] = []
  /// The orders, cancels and retunes that made the current match what it is, in order: those
  /// since it started, along the branch each travel kept.
  public internal(set) var branchInputs: [RecordedInput] = []
  /// Copies of the current match at each whole second of its past, oldest first, while
  /// `keepsTimeline` (see `MatchSession+Timeline.swift`).
  public internal(set) var timeline: [Match] = []
  /// Whether the session keeps `timeline`, which `MatchInput.travel(toTick:)` needs: the demo
  /// turns it on; a replay of a recording that travels does too, and keeps the same copies.
  public var keepsTimeline = false {
    didSet {
      guard keepsTimeline != oldValue else { return }
      timeline = keepsTimeline ? [match] : []
    }
  }
  /// How many threads each match steps on.
  public var threadCount = 1 {
    didSet { match.threadCount = threadCount }
  }
  /// Whether each match measures its systems' times.
  public var measuresSystemTimes = false {
    didSet { match.measuresSystemTimes = measuresSystemTimes }
  }

  /// Starts a match of `scenario`, with the player on the left unless `autoplay`.
  public init(scenario: Scenario, seed: UInt64, autoplay: Bool, swarmCount: Int? = nil) {
    self.init(
      scenario: scenario, seed: seed, playerSides: autoplay ? [] : [.left],
      swarmCount: swarmCount)
  }

  /// Starts a match of `scenario` in which players control `playerSides` and the scenario's AI
  /// the others.
  public init(scenario: Scenario, seed: UInt64, playerSides: [Side], swarmCount: Int? = nil) {
    self.scenario = scenario
    self.seed = seed
    self.playerSides = Side.allCases.filter(playerSides.contains)
    self.swarmCount = swarmCount
    match = Self.newMatch(
      scenario, seed: seed, playerSides: self.playerSides, swarmCount: swarmCount)
  }

  private static func newMatch(
    _ scenario: Scenario, seed: UInt64, playerSides: [Side], swarmCount: Int?
  ) -> Match {
    Match(
      scenario: scenario, seed: seed, swarmCount: swarmCount,
      leftController: playerSides.contains(.left) ? .player : nil,
      rightController: playerSides.contains(.right) ? .player : nil)
  }

  /// Applies `input` now, between ticks, and keeps it in `inputs`.
  ///
  /// - Returns: Whether it changed anything: an order needs a player on its side, a match
  ///   still on and room in the castle's queue; a cancel, an order to take back; a retune, a
  ///   scenario that reads as one for this roster; a travel, a timeline that reaches back to
  ///   its tick and not past the match's. Only inputs that changed something are kept.
  @discardableResult
  public mutating func apply(_ input: MatchInput) -> Bool {
    let recorded = RecordedInput(tick: match.world.tick, input: input)
    switch input {
    case .order, .cancelOrder:
      guard
        Self.perform(input, on: &match, playerSides: playerSides, swarmCount: swarmCount)
      else { return false }
      branchInputs.append(recorded)
    case .retune(let json):
      // The whole scenario for restarts; what is safe mid-match, now.
      guard let reloaded = Self.retuned(json, like: scenario, swarmCount: swarmCount) else {
        return false
      }
      scenario = reloaded
      match.applyLiveChanges(from: reloaded)
      branchInputs.append(recorded)
    case .restart:
      match = Self.newMatch(
        scenario, seed: seed, playerSides: playerSides, swarmCount: swarmCount)
      match.threadCount = threadCount
      match.measuresSystemTimes = measuresSystemTimes
      branchInputs = []
      timeline = keepsTimeline ? [match] : []
    case .travel(let tick):
      guard travel(to: tick) else { return false }
    }
    inputs.append(recorded)
    return true
  }

  /// Applies an order, a cancel or a retune to `match`, if it changes anything, by the rules
  /// of a session whose players control `playerSides`.
  static func perform(
    _ input: MatchInput, on match: inout Match, playerSides: [Side], swarmCount: Int?
  ) -> Bool {
    switch input {
    case .order(let kind, let side):
      return playerSides.contains(side) && !match.isOver && match.order(kind, for: side)
    case .cancelOrder(let side):
      return playerSides.contains(side) && !match.isOver
        && match.cancelLastOrder(for: side) != nil
    case .retune(let json):
      guard let reloaded = retuned(json, like: match.scenario, swarmCount: swarmCount) else {
        return false
      }
      match.applyLiveChanges(from: reloaded)
      return true
    case .restart, .travel:
      return false
    }
  }

  /// The scenario `json` holds, if it reads as one for the roster of `scenario` and fits the
  /// swarm count.
  static func retuned(_ json: String, like scenario: Scenario, swarmCount: Int?) -> Scenario? {
    guard let reloaded = try? savedScenario(json, name: scenario.name, roster: scenario.roster),
      reloaded.arenaSize(swarmCount: swarmCount) != nil
    else { return nil }
    return reloaded
  }

  /// Takes a reloaded scenario: what is safe mid-match (unit and castle stats, income, the AI)
  /// applies at once, and all of it on the next restart.
  ///
  /// - Returns: What changed, and when each part takes effect.
  /// - Throws: `ScenarioError.invalid` if the session's swarm count no longer fits the
  ///   reloaded swarm's arena: a restart could not place it. Nothing changes then.
  @discardableResult
  public mutating func retune(from reloaded: Scenario) throws(ScenarioError) -> ScenarioChanges {
    guard reloaded.arenaSize(swarmCount: swarmCount) != nil else {
      throw .invalid(
        path: "\(reloaded.name).json", jsonPath: "$.swarm",
        message: "\(swarmCount ?? 0) monsters (--entities) do not fit this swarm's arena; at "
          + "most \(reloaded.maximumSwarmCount ?? 0) do")
    }
    let changes = ScenarioChanges(from: scenario, to: reloaded)
    apply(.retune(scenarioJSON: reloaded.jsonText))
    return changes
  }

  /// Advances the match one tick, unless it is over, and keeps a copy of it in the timeline
  /// at each whole second.
  public mutating func step() {
    match.step()
    recordTimeline()
  }
}
