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
