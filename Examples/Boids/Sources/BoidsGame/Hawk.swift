import Frames
import TraitSandbox

/// A bird of prey: it chases the nearest boid it can see and strikes it with its talons.
///
/// Hawks have health only so that they are in the tick's target index, where boids look for
/// the enemies they flee; nothing in this game hurts a hawk.
public struct Hawk: GameObject, SteeringTrait, HealthTrait, MeleeTrait, RenderTrait {
  /// The sprite every hawk is drawn with: a broad-winged bird, pointing right.
  public static let sprite = SpriteID("hawk")
  /// Hawks fly above the flock.
  public static let style = StandardRenderStyle(layer: 3)
  /// The side hawks are on; boids are on the other.
  public static let faction = Faction(1)
  /// The drawn size in world units; the sprite's pixel size, so it is crisp at 1:1.
  public static let size = Vector2(28, 28)
  /// The fastest a hawk flies, in units per second: faster than a boid, but slower to turn.
  public static let cruisingSpeed: Float = 150
  /// How far away a hawk spots a boid.
  public static let sightRadius: Float = 260
  /// How quickly a hawk turns toward where it wants to fly, per second.
  public static let agility: Float = 3
  /// How far from an edge a hawk starts to turn back.
  public static let edgeMargin: Float = 80
  /// How hard a hawk turns back from an edge, in units per second squared.
  public static let edgeTurn: Float = 400

  /// The hawk's identity.
  public var id = EntityID<Self>.unassigned
  /// The hawk's centre.
  public var position: Vector2
  /// Faction 1.
  public var faction: Faction { Self.faction }
  /// Its flight, steered by its own `steer`.
  public var movement: Movement
  /// Plenty of hit points, never lost.
  public var health: Health
  /// Its talons: one strike kills a boid, then the hawk rests while it eats.
  public var melee: Melee
  /// Its look, turned to its heading.
  public var appearance: Appearance

  /// Creates a hawk at `position` flying with `velocity`.
  public init(position: Vector2, velocity: Vector2) {
    self.position = position
    self.movement = Movement(velocity: velocity, speed: Self.cruisingSpeed)
    self.health = Health(maximum: 100, radius: 8)
    self.melee = Melee(damage: 1, reach: 2, cooldown: 1.5)
    self.appearance = Appearance(size: Self.size)
    appearance.point(along: velocity)
  }

  /// Whether the hawk is still eating its last catch, and so not hunting.
  public var isEating: Bool { melee.recoveryRemaining > 0 }

  /// Turns toward the nearest boid in sight and flies at it at full speed; while eating, or
  /// with no boid in sight, glides on at two thirds of that. Either way, turns back from the
  /// arena's edges.
  ///
  /// Replaces `MovementTrait`'s default steer, which walks to a destination, and ignores the
  /// hold the melee trait puts on a mover with an enemy in reach: a hawk swoops through its
  /// prey rather than hovering over it.
  public mutating func steer(in context: TickContext) {
    var desired = movement.velocity.clampedLength(
      to: 0...(movement.speed * 2 / 3), fallback: Vector2(movement.speed * 2 / 3, 0))
    if !isEating,
      let prey = context.targets.nearestEnemyPosition(
        of: faction, near: position, within: Self.sightRadius)
    {
      desired = (prey - position).normalized * movement.speed
    }
    let turn = min(Self.agility * context.deltaTime, 1)
    var velocity = movement.velocity + (desired - movement.velocity) * turn
    velocity +=
      context.edgeAvoidance(at: position, margin: Self.edgeMargin)
      * (Self.edgeTurn * context.deltaTime)
    movement.velocity = velocity.clampedLength(
      to: 0...movement.speed, fallback: Vector2(movement.speed * 2 / 3, 0))
  }

  /// Advances the animation clock and points the sprite along the flight.
  ///
  /// Replaces `RenderTrait`'s default for movers, which mirrors the sprite to face left or
  /// right: a bird seen from above turns instead.
  public mutating func animate(in context: TickContext) {
    appearance.animationTime += context.deltaTime
    appearance.point(along: movement.velocity)
  }
}
