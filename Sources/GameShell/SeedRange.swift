/// An inclusive range of match seeds, as `--seeds` gives it: `1-1000`, or one seed, `7`.
package struct SeedRange: Equatable, Sendable, CustomStringConvertible {
  /// The most seeds one range may hold.
  package static let maximumCount = 1_000_000_000

  /// The first seed.
  package let first: UInt64
  /// The last seed, included.
  package let last: UInt64

  /// A range from `first` through `last`; `first <= last` and it holds at most `maximumCount`.
  package init(first: UInt64, last: UInt64) {
    precondition(first <= last && last - first < UInt64(Self.maximumCount))
    self.first = first
    self.last = last
  }

  /// Reads `a-b` or a single seed, in decimal.
  package init(parsing text: String) throws(OptionValueError) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count),
      let first = Self.seed(parts[0]), let last = Self.seed(parts[parts.count - 1])
    else {
      throw .invalid("expected a seed or an inclusive range of seeds a-b, e.g. 1-1000")
    }
    guard first <= last else {
      throw .invalid("the range is empty; expected the first seed to be at most the last")
    }
    guard last - first < UInt64(Self.maximumCount) else {
      throw .invalid("expected at most \(Self.maximumCount) seeds")
    }
    self.init(first: first, last: last)
  }

  /// How many seeds the range holds.
  package var count: Int { Int(last - first) + 1 }

  /// The seed at `position`, counted from 0.
  package subscript(position: Int) -> UInt64 {
    precondition((0..<count).contains(position), "seed position \(position) out of range")
    return first + UInt64(position)
  }

  /// `a-b`, or the one seed.
  package var description: String { first == last ? "\(first)" : "\(first)-\(last)" }

  /// A seed in decimal digits only (no sign), within `UInt64`.
  private static func seed(_ text: Substring) -> UInt64? {
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return UInt64(text, radix: 10)
  }
}
