import TraitSandbox

extension Match {
  /// Applies a reloaded scenario's unit and castle stats to the running match.
  ///
  /// Castles take the new cannon, volley and wall strength (keeping the share of health they
  /// have left), and buy with the new unit stats from now on; monsters on the field take their
  /// kind's new speed, weapon, regeneration and maximum health (again keeping their share).
  /// Arena, economy, AI weights and the tick rate are not changed mid-match.
  public mutating func applyStats(from scenario: Scenario) {
    let units = scenario.units
    let castleStats = scenario.castle
    world.modifyEntities(of: Castle.self) { castle in
      castle.armory.units = units
      castle.gun.damage = castleStats.gun.damage
      castle.gun.range = castleStats.gun.range
      castle.gun.cooldown = castleStats.gun.cooldown
      castle.gun.projectileSpeed = castleStats.gun.projectileSpeed
      castle.gun.projectileLifetime = castleStats.gun.projectileLifetime
      castle.gun.splashRadius = castleStats.gun.splashRadius
      castle.shotCount = castleStats.gun.shotCount
      castle.spreadAngle = castleStats.gun.spreadAngle
      castle.health.rescale(maximum: castleStats.health, regeneration: 0)
    }
    world.modifyEntities(of: QuirkMonster.self) { monster in
      monster.retune(stats: units.quirk)
      if let melee = units.quirk.melee { monster.melee.retune(melee) }
    }
    world.modifyEntities(of: MunchMonster.self) { monster in
      monster.retune(stats: units.munch)
      if let melee = units.munch.melee { monster.melee.retune(melee) }
    }
    world.modifyEntities(of: ZapMonster.self) { monster in
      monster.retune(stats: units.zap)
      if let gun = units.zap.gun {
        monster.gun.damage = gun.damage
        monster.gun.range = gun.range
        monster.gun.cooldown = gun.cooldown
        monster.gun.projectileSpeed = gun.projectileSpeed
        monster.gun.projectileLifetime = gun.projectileLifetime
      }
    }
  }
}

extension Health {
  /// Changes the maximum, keeping the share of hit points left.
  mutating func rescale(maximum newMaximum: Float, regeneration newRegeneration: Float) {
    let share = maximum > 0 ? current / maximum : 1
    maximum = newMaximum
    current = share * newMaximum
    regeneration = newRegeneration
  }
}

extension Melee {
  /// Takes new damage, reach and rhythm; a strike already recovering keeps its timer.
  mutating func retune(_ stats: MeleeStats) {
    damage = stats.damage
    reach = stats.reach
    cooldown = stats.cooldown
  }
}

extension MovementTrait where Self: HealthTrait {
  /// Takes a unit kind's new speed and health stats.
  mutating func retune(stats: UnitStats) {
    movement.speed = stats.speed
    health.rescale(maximum: stats.health, regeneration: stats.regeneration)
  }
}
