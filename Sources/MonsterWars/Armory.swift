import Frames
import TraitSandbox

/// What a castle can buy and how its units are built: the scenario's unit stats bound to a side.
public struct Armory: Sendable, Equatable {
  /// The stats of every unit kind.
  public var units: UnitCatalog
  /// Where this side's units walk to: the enemy castle.
  public var enemyCastle: Vector2

  /// Creates an armory for units that march on `enemyCastle`.
  public init(units: UnitCatalog, enemyCastle: Vector2) {
    self.units = units
    self.enemyCastle = enemyCastle
  }

  /// One unit of `kind` for `team` at `position`, marching on the enemy castle.
  public func makeUnit(_ kind: UnitKind, team: Team, at position: Vector2) -> any GameObject {
    switch kind {
    case .quirk:
      QuirkMonster(stats: units.quirk, team: team, at: position, target: enemyCastle)
    case .zap: ZapMonster(stats: units.zap, team: team, at: position, target: enemyCastle)
    case .munch:
      MunchMonster(stats: units.munch, team: team, at: position, target: enemyCastle)
    }
  }

  /// Spawns one unit during a tick; it joins the world when the tick ends.
  @discardableResult
  public func spawn(
    _ kind: UnitKind, team: Team, at position: Vector2, in context: inout TickContext
  ) -> EntityID {
    context.spawn(makeUnit(kind, team: team, at: position))
  }

  /// Places one unit in a world between ticks (for pre-populated scenarios).
  @discardableResult
  public func place(_ kind: UnitKind, team: Team, at position: Vector2, in world: inout World)
    -> EntityID
  {
    world.spawn(makeUnit(kind, team: team, at: position))
  }
}

extension Movement {
  /// A march at `speed` toward `destination`.
  static func march(speed: Float, to destination: Vector2) -> Movement {
    Movement(speed: speed, destination: destination)
  }
}

extension Gun {
  /// A gun built from scenario stats.
  init(_ stats: GunStats) {
    self.init(
      damage: stats.damage, range: stats.range, cooldown: stats.cooldown,
      projectileSpeed: stats.projectileSpeed, projectileLifetime: stats.projectileLifetime,
      splashRadius: stats.splashRadius)
  }
}

extension Melee {
  /// A melee attack built from scenario stats.
  init(_ stats: MeleeStats) {
    self.init(damage: stats.damage, reach: stats.reach, cooldown: stats.cooldown)
  }
}

extension Health {
  /// Health built from a unit's scenario stats.
  init(_ stats: UnitStats) {
    self.init(maximum: stats.health, regeneration: stats.regeneration, radius: stats.radius)
  }
}

extension Appearance {
  /// The look of a unit: a sprite a little over twice its body radius, facing the enemy, in
  /// team colours.
  static func unit(_ sprite: SpriteID, radius: Float, team: Team) -> Appearance {
    Appearance(
      sprite: sprite, size: Vector2(radius * 2.4, radius * 2.4), layer: 2,
      facesLeft: team == .right, tint: team.color)
  }
}

extension Team {
  /// The team's colour, used to tint its sprites.
  public var color: Color {
    switch self {
    case .left: Color(red: 120, green: 175, blue: 255)
    case .right: Color(red: 255, green: 125, blue: 105)
    }
  }
}
