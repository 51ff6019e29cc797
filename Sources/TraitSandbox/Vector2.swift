/// A 2D vector of `Float`s: positions, velocities and sizes in world units.
@frozen
public struct Vector2: Hashable, Sendable, Codable {
  /// The horizontal component; grows to the right.
  public var x: Float
  /// The vertical component; grows downward, as on screen.
  public var y: Float

  /// Creates a vector from its components.
  @inlinable
  public init(_ x: Float, _ y: Float) {
    self.x = x
    self.y = y
  }

  /// Creates a vector from labelled components.
  @inlinable
  public init(x: Float, y: Float) {
    self.x = x
    self.y = y
  }

  /// The zero vector.
  @inlinable
  public static var zero: Vector2 { Vector2(0, 0) }

  /// The squared length; cheaper than `length` for comparisons.
  @inlinable
  public var lengthSquared: Float { x * x + y * y }

  /// The Euclidean length.
  @inlinable
  public var length: Float { lengthSquared.squareRoot() }

  /// This vector scaled to length 1, or zero when it has no length.
  @inlinable
  public var normalized: Vector2 {
    let length = self.length
    return length > 0 ? Vector2(x / length, y / length) : .zero
  }

  /// The squared distance to another point.
  @inlinable
  public func distanceSquared(to other: Vector2) -> Float {
    (other - self).lengthSquared
  }

  /// This vector rotated counter-clockwise by an angle given by its cosine and sine.
  @inlinable
  public func rotated(cosine: Float, sine: Float) -> Vector2 {
    Vector2(x * cosine - y * sine, x * sine + y * cosine)
  }

  /// This vector with each component clamped into the given ranges.
  @inlinable
  public func clamped(x xRange: ClosedRange<Float>, y yRange: ClosedRange<Float>) -> Vector2 {
    Vector2(
      min(max(x, xRange.lowerBound), xRange.upperBound),
      min(max(y, yRange.lowerBound), yRange.upperBound))
  }

  /// Component-wise sum.
  @inlinable
  public static func + (lhs: Vector2, rhs: Vector2) -> Vector2 {
    Vector2(lhs.x + rhs.x, lhs.y + rhs.y)
  }

  /// Component-wise difference.
  @inlinable
  public static func - (lhs: Vector2, rhs: Vector2) -> Vector2 {
    Vector2(lhs.x - rhs.x, lhs.y - rhs.y)
  }

  /// Scales a vector.
  @inlinable
  public static func * (lhs: Vector2, rhs: Float) -> Vector2 {
    Vector2(lhs.x * rhs, lhs.y * rhs)
  }

  /// Adds a vector in place.
  @inlinable
  public static func += (lhs: inout Vector2, rhs: Vector2) {
    lhs = lhs + rhs
  }
}

extension Vector2: CustomStringConvertible {
  /// The vector as `(x, y)`.
  public var description: String { "(\(x), \(y))" }
}
