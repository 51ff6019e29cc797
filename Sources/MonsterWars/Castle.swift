import Frames
import TraitSandbox

/// A side's fortress: it earns coins, buys monsters and fires cannon volleys. It never moves.
public struct Castle: GameObject, HealthTrait, GunTrait, SpawnerTrait, RenderTrait {
  /// The sprite every castle is drawn with.
  public static let sprite = SpriteID("castle")
  /// Castles sit under the monsters and always show their walls' strength.
  public static let style = CastleStyle()

  /// The castle's identity.
  public var id = EntityID<Self>.unassigned
  /// The castle's centre.
  public var position: Vector2
  /// The castle's side.
  public let faction: Faction
  /// Its walls.
  public var health: Health
  /// Its cannon.
  public var gun: Gun
  /// Its treasury.
  public var spawner: Spawner
  /// Its look.
  public var appearance: Appearance
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
    stats: CastleStats, economy: EconomySettings, side: Side, at position: Vector2,
    armory: Armory, controller: CastleController
  ) {
    self.position = position
    self.faction = side.faction
    self.health = Health(maximum: stats.health, radius: stats.radius)
    self.gun = Gun(stats.gun)
    self.spawner = Spawner(
      budget: economy.startingCoins, income: economy.coinsPerSecond,
      thinkInterval: controller.thinkInterval)
    self.appearance = Appearance(
      size: Vector2(stats.radius * 2.6, stats.radius * 2.6), facesLeft: side == .right,
      tint: side.color)
    self.armory = armory
    self.controller = controller
  }

  /// The most orders a castle keeps waiting: a player who presses a key ten times too many
  /// has ten orders to cancel, not a hundred.
  public static let maximumOrders = 10

  /// Queues a player's purchase; it is paid for as soon as the castle can afford it.
  ///
  /// - Returns: Whether it was queued: not when `maximumOrders` are already waiting.
  @discardableResult
  public mutating func order(_ kind: UnitKind) -> Bool {
    guard orders.count < Self.maximumOrders else { return false }
    orders.append(kind)
    return true
  }

  /// Takes back the newest order not yet paid for, if there is one.
  ///
  /// - Returns: The kind it was for.
  @discardableResult
  public mutating func cancelLastOrder() -> UnitKind? {
    orders.popLast()
  }

  /// Where this castle's units appear: just in front of the gate, at a random height.
  func rallyPoint(in context: inout TickContext) -> Vector2 {
    let forward: Float = side == .left ? 1 : -1
    let spread = health.radius * 1.5
    return Vector2(
      position.x + forward * (health.radius + 12),
      position.y + context.random.nextFloat(in: -spread...spread))
  }

  /// A cannonball leaving the walls toward `direction`; `GunTrait`'s volley fans
  /// `gun.shotCount` of them across `gun.spreadAngle`.
  public func makeProjectile(direction: Vector2) -> Cannonball {
    Cannonball(
      faction: faction, at: position + direction * health.radius,
      velocity: direction * gun.projectileSpeed,
      projectile: Projectile(
        damage: gun.damage, hitRadius: 6, splashRadius: gun.splashRadius,
        lifetime: gun.projectileLifetime))
  }

  // MARK: - Trait behaviour this castle replaces

  /// Buys monsters: the player's orders in turn, or what the AI policy picks.
  ///
  /// Replaces `SpawnerTrait`'s default of saving everything.
  public mutating func spend(in context: inout TickContext) {
    switch controller {
    case .player:
      while let next = orders.first {
        guard let cost = armory.cost(of: next) else {
          orders.removeFirst()
          continue
        }
        guard spawner.pay(cost) else { break }
        orders.removeFirst()
        armory.spawn(next, side: side, at: rallyPoint(in: &context), in: &context)
      }
    case .ai(let policy):
      // The AI commits to one pick and saves for it, so expensive units get bought too.
      guard let pick = savingFor ?? policy.weights.choose(using: &context.random),
        let cost = armory.cost(of: pick)
      else { return }
      if spawner.budget - cost >= policy.reserve, spawner.pay(cost) {
        armory.spawn(pick, side: side, at: rallyPoint(in: &context), in: &context)
        savingFor = nil
      } else {
        savingFor = pick
      }
    }
  }

  /// Mixes the castle's purchase plans into the state hash.
  public func hashAttributes(into hasher: inout StateHasher) {
    hasher.combine(savingFor?.name ?? "")
    hasher.combine(orders.count)
    for kind in orders { hasher.combine(kind.name) }
  }
}
