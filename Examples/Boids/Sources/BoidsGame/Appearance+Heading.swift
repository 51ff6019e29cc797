import Foundation
import TraitSandbox

extension Appearance {
  /// Turns the sprite, drawn pointing right, to point along `velocity`; keeps its rotation
  /// while the velocity is zero.
  public mutating func point(along velocity: Vector2) {
    guard velocity != .zero else { return }
    // Clockwise, because y grows downward: the rotation `SpriteDraw` expects.
    rotation = Float(atan2(Double(velocity.y), Double(velocity.x)))
    facesLeft = false
  }
}
