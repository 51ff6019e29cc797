import Foundation
import Frames
import TraitSandbox

/// A fast, straight laser bolt fired by a Zap.
public struct LaserBolt: GameObject, MovementTrait, ProjectileTrait, RenderTrait {
  /// The sprite every laser bolt is drawn with.
  public static let sprite = SpriteID("laser")

  /// The bolt's identity.
  public var id = EntityID.unassigned
  /// The bolt's centre.
  public var position: Vector2
  /// The side that fired it.
  public let team: Team
  /// Its flight.
  public var movement: Movement
  /// What it does on impact.
  public var projectile: Projectile
  /// Its look.
  public var appearance: Appearance

  /// Creates a bolt flying at `velocity`.
  public init(team: Team, at position: Vector2, velocity: Vector2, projectile: Projectile) {
    self.position = position
    self.team = team
    self.movement = Movement(velocity: velocity, speed: velocity.length)
    self.projectile = projectile
    self.appearance = Appearance(
      sprite: Self.sprite, size: Vector2(22, 6), layer: 3,
      rotation: atan2(velocity.y, velocity.x), tint: team.color)
  }
}
