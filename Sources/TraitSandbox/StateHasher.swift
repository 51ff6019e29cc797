/// A deterministic 64-bit hash over simulation state.
///
/// Unlike `Hasher`, which is seeded per process, the same inputs give the same value in every
/// run, so two runs can be compared by their `stateHash`.
public struct StateHasher: Sendable {
  @usableFromInline
  internal var state: UInt64 = 0xCBF2_9CE4_8422_2325

  /// Creates a hasher in its initial state.
  public init() {}

  /// A hasher started from another state, for streams hashed side by side and combined.
  init(seed: UInt64) {
    state ^= seed &* 0x9E37_79B9_7F4A_7C15
  }

  /// Mixes 64 bits into the hash.
  @inlinable
  public mutating func combine(_ value: UInt64) {
    state = (state ^ value) &* 0x0000_0100_0000_01B3
    state ^= state >> 29
  }

  /// Mixes an integer into the hash.
  @inlinable
  public mutating func combine(_ value: Int) {
    combine(UInt64(bitPattern: Int64(value)))
  }

  /// Mixes a float's exact bit pattern into the hash.
  @inlinable
  public mutating func combine(_ value: Float) {
    combine(UInt64(value.bitPattern))
  }

  /// Mixes a Boolean into the hash.
  @inlinable
  public mutating func combine(_ value: Bool) {
    combine(UInt64(value ? 1 : 0))
  }

  /// Mixes a vector into the hash.
  @inlinable
  public mutating func combine(_ value: Vector2) {
    combine(value.x)
    combine(value.y)
  }

  /// Mixes a string's UTF-8 bytes and length into the hash.
  public mutating func combine(_ value: String) {
    for byte in value.utf8 { combine(UInt64(byte)) }
    combine(value.utf8.count)
  }

  /// The hash of everything combined so far.
  public func finalize() -> StateHash {
    var z = state
    z = (z ^ (z >> 33)) &* 0xFF51_AFD7_ED55_8CCD
    z = (z ^ (z >> 33)) &* 0xC4CE_B9FE_1A85_EC53
    return StateHash(rawValue: z ^ (z >> 33))
  }
}

/// A 64-bit fingerprint of a whole world, shown as 16 hex digits.
public struct StateHash: Hashable, Sendable, CustomStringConvertible {
  /// The fingerprint's bits.
  public let rawValue: UInt64

  /// Creates a fingerprint from its bits.
  public init(rawValue: UInt64) {
    self.rawValue = rawValue
  }

  /// The fingerprint as 16 lowercase hex digits.
  public var description: String {
    let digits = String(rawValue, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
