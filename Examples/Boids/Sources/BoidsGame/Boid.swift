import Frames
import TraitSandbox

/// A small bird that flies in a flock and dies when a hawk catches it.
///
/// Everything it does comes from traits: the flocking system sets its velocity, the movement
/// system moves it, the health system removes it once a hawk's strike takes its one hit point.
public struct Boid: GameObject, SteeringTrait, HealthTrait, FlockingTrait, RenderTrait {
  /// The sprite every boid is drawn with: a dark dart, pointing right.
  public static let sprite = SpriteID("boid")
  /// The side boids are on; hawks are on the other.
  public static let faction = Faction(0)
  /// The drawn size in world units; the sprite's pixel size, so it is crisp at 1:1.
  public static let size = Vector2(14, 14)
  /// The fastest a boid flies, in units per second; it never drops below half of it.
  public static let cruisingSpeed: Float = 110

  /// The boid's identity.
  public var id = EntityID<Self>.unassigned
  /// The boid's centre.
  public var position: Vector2
  /// Faction 0.
  public var faction: Faction { Self.faction }
  /// Its flight: the flocking system sets the velocity, the movement system applies it.
  public var movement: Movement
  /// One hit point: a single strike kills.
  public var health: Health
  /// How it keeps to its flock.
  public var flocking: Flocking
  /// Its look, turned to its heading.
  public var appearance: Appearance

  /// Creates a boid at `position` flying with `velocity`.
  public init(position: Vector2, velocity: Vector2, flocking: Flocking = Flocking()) {
    self.position = position
    self.movement = Movement(velocity: velocity, speed: Self.cruisingSpeed)
    self.health = Health(maximum: 1, radius: 3)
    self.flocking = flocking
    self.appearance = Appearance(size: Self.size)
    appearance.point(along: velocity)
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
