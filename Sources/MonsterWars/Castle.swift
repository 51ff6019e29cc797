import Foundation
import Frames
import TraitSandbox

/// Who decides what a castle buys.
public enum CastleController: Sendable, Equatable {
  /// The seeded AI, following a purchase policy.
  case ai(AIPolicy)
  /// A player, whose orders arrive through `Castle.order(_:)`.
  case player
}

/// A side's fortress: it earns coins, buys monsters and fires cannon volleys. It never moves.
public struct Castle: GameObject, HealthTrait, GunTrait, SpawnerTrait, RenderTrait {
  /// The sprite every castle is drawn with.
  public static let sprite = SpriteID("castle")

  /// The castle's identity.
  public var id = EntityID.unassigned
  /// The castle's centre.
  public var position: Vector2
  /// The castle's side.
  public let team: Team
  /// Its walls.
  public var health: Health
  /// Its cannon.
  public var gun: Gun
  /// Its treasury.
  public var spawner: Spawner
  /// Its look.
  public var appearance: Appearance
  /// How many cannonballs one volley fires.
  public var shotCount: Int
  /// The fan, in radians, a volley's cannonballs spread across.
  public var spreadAngle: Float
  /// What the castle can buy.
  public var armory: Armory
  /// Who decides the purchases.
  public var controller: CastleController
  /// The unit the castle is saving for, once decided.
  public private(set) var savingFor: UnitKind?
  /// Player orders not yet paid for, oldest first.
  public private(set) var orders: [UnitKind] = []

  /// Creates a castle from scenario stats.
  public init(
    stats: CastleStats, economy: EconomySettings, team: Team, at position: Vector2,
    armory: Armory, controller: CastleController
  ) {
    self.position = position
    self.team = team
    self.health = Health(maximum: stats.health, radius: stats.radius)
    self.gun = Gun(stats.gun)
    self.spawner = Spawner(
      coins: economy.startingCoins, income: economy.coinsPerSecond,
      thinkInterval: controller.thinkInterval)
    self.appearance = Appearance(
      sprite: Self.sprite, size: Vector2(stats.radius * 2.6, stats.radius * 2.6), layer: 1,
      facesLeft: team == .right, tint: team.color)
    self.shotCount = stats.gun.shotCount
    self.spreadAngle = stats.gun.spreadAngle
    self.armory = armory
    self.controller = controller
  }

  /// Queues a player's purchase; it is paid for as soon as the castle can afford it.
  public mutating func order(_ kind: UnitKind) {
    orders.append(kind)
  }

  /// Where this castle's units appear: just in front of the gate, at a random height.
  func rallyPoint(in context: inout TickContext) -> Vector2 {
    let forward: Float = team == .left ? 1 : -1
    let spread = health.radius * 1.5
    return Vector2(
      position.x + forward * (health.radius + 12),
      position.y + context.random.nextFloat(in: -spread...spread))
  }

  // MARK: - Trait behaviour this castle replaces

  /// Fires a fan of `shotCount` cannonballs centred on the target.
  ///
  /// Replaces `GunTrait`'s single shot: the gun system calls this for every castle.
  public mutating func fire(at target: Vector2, in context: inout TickContext) {
    let aim = (target - position).normalized
    let count = max(shotCount, 1)
    for shot in 0..<count {
      let fraction: Float = count == 1 ? 0 : Float(shot) / Float(count - 1) - 0.5
      let angle = fraction * spreadAngle
      let direction = aim.rotated(cosine: cos(angle), sine: sin(angle))
      context.spawn(makeProjectile(direction: direction))
    }
  }

  /// A cannonball leaving the walls toward `direction`.
  public func makeProjectile(direction: Vector2) -> Cannonball {
    Cannonball(
      team: team, at: position + direction * health.radius,
      velocity: direction * gun.projectileSpeed,
      projectile: Projectile(
        damage: gun.damage, hitRadius: 6, splashRadius: gun.splashRadius,
        lifetime: gun.projectileLifetime))
  }

  /// Buys monsters: the player's orders in turn, or what the AI policy picks.
  ///
  /// Replaces `SpawnerTrait`'s default of saving everything.
  public mutating func spend(in context: inout TickContext) {
    switch controller {
    case .player:
      while let next = orders.first, spawner.pay(armory.units[next].cost) {
        orders.removeFirst()
        armory.spawn(next, team: team, at: rallyPoint(in: &context), in: &context)
      }
    case .ai(let policy):
      // The AI commits to one pick and saves for it, so expensive units get bought too.
      let pick = savingFor ?? policy.choose(using: &context.random)
      guard let pick else { return }
      if spawner.coins - armory.units[pick].cost >= policy.reserve,
        spawner.pay(armory.units[pick].cost)
      {
        armory.spawn(pick, team: team, at: rallyPoint(in: &context), in: &context)
        savingFor = nil
      } else {
        savingFor = pick
      }
    }
  }

  /// Draws the castle with a wide health bar that is always shown.
  ///
  /// Replaces `RenderTrait`'s default, which shows bars only on wounded entities.
  public func draw(into builder: inout FrameBuilder) {
    builder.draw(.sprite(spriteDraw), layer: appearance.layer)
    builder.draw(
      .healthBar(
        HealthBarDraw(
          x: position.x, y: position.y - appearance.size.y * 0.55 - 6,
          width: appearance.size.x, height: 6, fraction: health.current / health.maximum,
          entity: id.rawValue)),
      layer: 90)
  }

  /// Mixes the castle's purchase plans and volley shape into the state hash.
  public func hashAttributes(into hasher: inout StateHasher) {
    hasher.combine(shotCount)
    hasher.combine(spreadAngle)
    hasher.combine(savingFor.map { $0.index + 1 } ?? 0)
    hasher.combine(orders.count)
    for kind in orders { hasher.combine(kind.index) }
  }
}

extension CastleController {
  /// Seconds between purchase decisions.
  var thinkInterval: Float {
    switch self {
    case .ai(let policy): policy.thinkInterval
    case .player: 0.1
    }
  }
}

extension UnitKind {
  /// The kind's position in `allCases`.
  var index: Int { Self.allCases.firstIndex(of: self)! }
}

extension UnitWeights {
  /// Picks a unit kind at random, in proportion to the weights.
  func choose(using random: inout SeededRandom) -> UnitKind? {
    guard total > 0 else { return nil }
    var roll = random.nextUnitFloat() * total
    for kind in UnitKind.allCases where self[kind] > 0 {
      roll -= self[kind]
      if roll < 0 { return kind }
    }
    return UnitKind.allCases.last { self[$0] > 0 }
  }
}

extension AIPolicy {
  /// Picks a unit kind at random, in proportion to the policy's weights.
  func choose(using random: inout SeededRandom) -> UnitKind? {
    weights.choose(using: &random)
  }
}
