/// A small, fast, seedable random number generator (xoshiro256**), the only source of randomness
/// in the simulation, so that the same seed always replays the same match.
public struct SeededRandom: RandomNumberGenerator, Sendable, Equatable {
  @usableFromInline
  internal var state: (UInt64, UInt64, UInt64, UInt64)

  /// Creates a generator whose whole sequence is determined by `seed`.
  public init(seed: UInt64) {
    // SplitMix64 spreads any seed, including 0, over the 256-bit state.
    var mix = seed
    func next() -> UInt64 {
      mix &+= 0x9E37_79B9_7F4A_7C15
      var z = mix
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    state = (next(), next(), next(), next())
  }

  /// A generator in exactly this state (for restoring a saved world).
  init(state: (UInt64, UInt64, UInt64, UInt64)) {
    self.state = state
  }

  /// The next 64 random bits.
  @inlinable
  public mutating func next() -> UInt64 {
    let result = rotateLeft(state.1 &* 5, 7) &* 9
    let shifted = state.1 << 17
    state.2 ^= state.0
    state.3 ^= state.1
    state.1 ^= state.2
    state.0 ^= state.3
    state.2 ^= shifted
    state.3 = rotateLeft(state.3, 45)
    return result
  }

  /// A float uniformly distributed in `0..<1`.
  @inlinable
  public mutating func nextUnitFloat() -> Float {
    Float(next() >> 40) * (1.0 / 16_777_216.0)
  }

  /// A float uniformly distributed in `range`.
  @inlinable
  public mutating func nextFloat(in range: ClosedRange<Float>) -> Float {
    range.lowerBound + (range.upperBound - range.lowerBound) * nextUnitFloat()
  }

  /// A generator for a sub-stream, seeded from this one's state and `salt`, without advancing
  /// this one.
  public func derived(_ salt: UInt64) -> SeededRandom {
    SeededRandom(seed: state.0 ^ rotateLeft(state.2, 17) ^ (salt &* 0x9E37_79B9_7F4A_7C15))
  }

  /// Feeds the generator's state into a state hash.
  public func hash(into hasher: inout StateHasher) {
    hasher.combine(state.0)
    hasher.combine(state.1)
    hasher.combine(state.2)
    hasher.combine(state.3)
  }

  /// Compares two generators' states.
  public static func == (lhs: SeededRandom, rhs: SeededRandom) -> Bool {
    lhs.state == rhs.state
  }

  @inlinable
  internal func rotateLeft(_ value: UInt64, _ count: UInt64) -> UInt64 {
    (value << count) | (value >> (64 - count))
  }
}
