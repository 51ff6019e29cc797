/// One of `count` contiguous, near-equal blocks of a seed range, as `--shard K/N` names it.
///
/// Blocks are contiguous, not round-robin, so that concatenating the outputs of shards 1/N
/// through N/N, in that order, gives exactly the output of the whole range.
package struct Shard: Equatable, Sendable, CustomStringConvertible {
  /// The most shards a range may be split into.
  package static let maximumCount = 10_000
  /// The whole range: shard 1 of 1.
  package static let whole = Shard(index: 1, count: 1)

  /// Which block, from 1.
  package let index: Int
  /// How many blocks.
  package let count: Int

  /// Shard `index` of `count`; `1 <= index <= count <= maximumCount`.
  package init(index: Int, count: Int) {
    precondition(1 <= index && index <= count && count <= Self.maximumCount)
    self.index = index
    self.count = count
  }

  /// Reads `K/N`.
  package init(parsing text: String) throws(OptionValueError) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2,
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let index = Int(parts[0]), let count = Int(parts[1]),
      1 <= index, index <= count, count <= Self.maximumCount
    else {
      throw .invalid("expected K/N with 1 <= K <= N <= \(Self.maximumCount), e.g. 2/4")
    }
    self.init(index: index, count: count)
  }

  /// The positions (counted from 0) this shard keeps of `total` seeds: the `index`-th of
  /// `count` contiguous blocks whose sizes differ by at most one, the larger ones first, so
  /// that when there are more shards than seeds the last shards are the empty ones.
  ///
  /// - Complexity: O(1).
  package func positions(of total: Int) -> Range<Int> {
    precondition(total >= 0)
    let (size, remainder) = total.quotientAndRemainder(dividingBy: count)
    let before = index - 1
    let lowerBound = before * size + min(before, remainder)
    return lowerBound..<lowerBound + size + (before < remainder ? 1 : 0)
  }

  /// `K/N`.
  package var description: String { "\(index)/\(count)" }

  /// What a sweep of `seeds` cut this way plays, as its report says it: `seeds 1-100`, or
  /// `shard 2/4 of seeds 1-100: seeds 26-50` (`: no seeds` for a shard past the last).
  package func played(of seeds: SeedRange) -> String {
    guard self != .whole else { return "seeds \(seeds)" }
    let kept = positions(of: seeds.count)
    guard let first = kept.first, let last = kept.last else {
      return "shard \(self) of seeds \(seeds): no seeds"
    }
    return
      "shard \(self) of seeds \(seeds): seeds \(SeedRange(first: seeds[first], last: seeds[last]))"
  }

  /// `--shard`: which block of the seeds a sweep plays.
  package static var option: Option<Shard> {
    Option(
      "shard", valueName: "k/n",
      help: "Play only the k-th of n contiguous blocks of the seeds (1 <= k <= n <= "
        + "\(maximumCount)).", default: .whole, parse: Shard.init(parsing:))
  }
}
