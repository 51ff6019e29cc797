import TraitSandbox

/// The part of a monster's look that changes as it plays: which way it faces and its animation
/// clock.
///
/// The rest of a monster's `Appearance` follows from what it stores anyway (its size from its
/// body, its tint from its side), so a monster keeps 8 bytes for its look instead of 24, and
/// every pass over a big battle moves that much less memory.
public struct Pose: Sendable, Equatable, Codable {
  /// Whether the sprite is mirrored to face left.
  public var facesLeft: Bool
  /// Seconds of animation time, for frame selection and bobbing.
  public var animationTime: Float

  /// Creates a pose.
  public init(facesLeft: Bool, animationTime: Float = 0) {
    self.facesLeft = facesLeft
    self.animationTime = animationTime
  }

  /// A new unit's pose: facing the enemy's side of the arena.
  public init(facing side: Side) {
    self.init(facesLeft: side == .right)
  }
}
