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
  public private(set) var match: Match
  /// The scenario the match restarts with.
  public private(set) var scenario: Scenario
  /// The seed every start uses.
  public let seed: UInt64
  /// The sides players control, in `Side.allCases` order: none when the AI plays both
  /// (autoplay), the left one against the computer, both in a match between two players.
  public let playerSides: [Side]
  /// Whether the AI plays both castles; then no one orders anything.
  public var isAutoplay: Bool { playerSides.isEmpty }
  /// How many monsters a swarm scenario places, if overridden.
  public let swarmCount: Int?
  /// Every input applied so far, with its tick.
  public private(set) var inputs: [RecordedInput] = []
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
  ///   still on and room in the castle's queue; a cancel, an order to take back; a retune, a scenario that
  ///   reads as one for this roster. Only inputs that changed something are kept.
  @discardableResult
  public mutating func apply(_ input: MatchInput) -> Bool {
    switch input {
    case .order(let kind, let side):
      guard playerSides.contains(side), !match.isOver, match.order(kind, for: side) else {
        return false
      }
      inputs.append(RecordedInput(tick: match.world.tick, input: input))
    case .cancelOrder(let side):
      guard playerSides.contains(side), !match.isOver, match.cancelLastOrder(for: side) != nil
      else { return false }
      inputs.append(RecordedInput(tick: match.world.tick, input: input))
    case .restart:
      inputs.append(RecordedInput(tick: match.world.tick, input: input))
      match = Self.newMatch(
        scenario, seed: seed, playerSides: playerSides, swarmCount: swarmCount)
      match.threadCount = threadCount
      match.measuresSystemTimes = measuresSystemTimes
    case .retune(let json):
      guard let reloaded = try? savedScenario(json, name: scenario.name, roster: scenario.roster),
        reloaded.arenaSize(swarmCount: swarmCount) != nil
      else { return false }
      inputs.append(RecordedInput(tick: match.world.tick, input: input))
      // The whole scenario for restarts; what is safe mid-match, now.
      scenario = reloaded
      match.applyLiveChanges(from: reloaded)
    }
    return true
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

  /// Advances the match one tick, unless it is over.
  public mutating func step() {
    match.step()
  }
}
