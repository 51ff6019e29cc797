import TraitSandbox

extension Match {
  /// Applies a reloaded scenario's unit and castle stats to the running match.
  ///
  /// Castles take the new cannon and wall strength (keeping the share of health they have
  /// left), and buy with the new unit stats from now on; every unit on the field takes its
  /// kind's new stats through `Monster.retune(_:)`. Arena, economy, AI weights and the tick rate
  /// are not changed mid-match.
  public mutating func applyStats(from scenario: Scenario) {
    let units = scenario.units
    let castleStats = scenario.castle
    world.modifyEntities(of: Castle.self) { castle in
      castle.armory.units = units
      castle.gun.retune(castleStats.gun)
      castle.health.rescale(maximum: castleStats.health, regeneration: 0)
    }
    for type in self.scenario.roster.unitTypes {
      guard let stats = units[type.kind] else { continue }
      type.retuneAll(in: &world, to: stats)
    }
  }
}

extension Monster {
  /// Retunes every unit of this type in `world`.
  fileprivate static func retuneAll(in world: inout World, to stats: UnitStats) {
    world.modifyEntities(of: Self.self) { $0.retune(stats) }
  }
}

/// What a reloaded scenario changed, and when each change takes effect: unit and castle stats,
/// income and the AI at once; the rest when the match restarts.
public struct ScenarioChanges: Equatable, Sendable {
  /// Parts the running match takes at once, e.g. `["units", "AI"]`.
  public var appliedNow: [String] = []
  /// Parts that take effect on the next restart, e.g. `["arena"]`.
  public var onRestart: [String] = []

  /// Whether the reloaded scenario was the same as the one in force.
  public var isEmpty: Bool { appliedNow.isEmpty && onRestart.isEmpty }

  /// What changed from `old` to `new`, sorted by when it takes effect.
  public init(from old: Scenario, to new: Scenario) {
    if old.units != new.units { appliedNow.append("units") }
    if old.castle != new.castle { appliedNow.append("castle") }
    if old.economy.coinsPerSecond != new.economy.coinsPerSecond { appliedNow.append("income") }
    if old.ai != new.ai { appliedNow.append("AI") }
    if old.economy.startingCoins != new.economy.startingCoins {
      onRestart.append("starting coins")
    }
    if old.arena != new.arena { onRestart.append("arena") }
    if old.match != new.match { onRestart.append("tick rate and limit") }
    if old.swarm != new.swarm { onRestart.append("swarm") }
  }

  /// One line for a banner: "units, AI now; arena on restart (R)", or "no changes".
  public var summary: String {
    var parts: [String] = []
    if !appliedNow.isEmpty { parts.append(appliedNow.joined(separator: ", ") + " now") }
    if !onRestart.isEmpty { parts.append(onRestart.joined(separator: ", ") + " on restart (R)") }
    return parts.isEmpty ? "no changes" : parts.joined(separator: "; ")
  }
}

extension Match {
  /// Applies what of a reloaded scenario is safe to change mid-match: unit and castle stats
  /// (`applyStats(from:)`), each castle's income, and the AI's policy for each castle the AI
  /// plays. The arena, starting coins, tick rate and limit and the swarm wait for a restart.
  public mutating func applyLiveChanges(from scenario: Scenario) {
    applyStats(from: scenario)
    let economy = scenario.economy
    let policies = scenario.ai
    world.modifyEntities(of: Castle.self) { castle in
      castle.spawner.income = economy.coinsPerSecond
      if case .ai = castle.controller {
        let policy = castle.side == .left ? policies.left : policies.right
        castle.controller = .ai(policy)
        castle.spawner.thinkInterval = policy.thinkInterval
      }
    }
  }
}
