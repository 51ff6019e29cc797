import GameShell
import Testing

@Suite("Shard: --shard")
struct ShardTests {
  @Test("K/N parses within 1 <= K <= N <= 10000")
  func parsing() throws {
    #expect(try Shard(parsing: "2/4") == Shard(index: 2, count: 4))
    #expect(try Shard(parsing: "10000/10000").count == 10_000)
    for text in ["0/2", "3/2", "1/0", "1/10001", "1", "1/2/3", "/2", "a/b", "-1/2", "+1/2"] {
      #expect(throws: OptionValueError.self, "\(text)") { try Shard(parsing: text) }
    }
  }

  @Test(
    "shards are contiguous blocks that tile the range in order, larger ones first",
    arguments: [0, 1, 2, 7, 10, 1000])
  func tiling(total: Int) {
    for count in [1, 2, 3, 4, 7, 16] {
      let blocks = (1...count).map { Shard(index: $0, count: count).positions(of: total) }
      #expect(blocks.first?.lowerBound == 0 && blocks.last?.upperBound == total)
      for (before, after) in zip(blocks, blocks.dropFirst()) {
        #expect(before.upperBound == after.lowerBound)
      }
      let sizes = blocks.map(\.count)
      #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1)
      // The larger blocks come first, so surplus shards are the last ones, and empty.
      #expect(sizes == sizes.sorted(by: >))
    }
  }

  @Test("the largest range splits into the most shards without overflow")
  func extremes() {
    let last = Shard(index: Shard.maximumCount, count: Shard.maximumCount)
    #expect(last.positions(of: SeedRange.maximumCount).upperBound == SeedRange.maximumCount)
  }

  @Test("a report names the seeds a shard played, or that it played none")
  func played() {
    let seeds = SeedRange(first: 1, last: 100)
    #expect(Shard.whole.played(of: seeds) == "seeds 1-100")
    #expect(Shard(index: 2, count: 4).played(of: seeds) == "shard 2/4 of seeds 1-100: seeds 26-50")
    #expect(
      Shard(index: 3, count: 3).played(of: SeedRange(first: 7, last: 8))
        == "shard 3/3 of seeds 7-8: no seeds")
  }
}
