import Dispatch

/// A range of items cut into one part per thread, each a range in order, so work split this
/// way gives the same result for any thread count.
@usableFromInline
internal struct Parts: Sendable {
  /// How many parts.
  @usableFromInline let count: Int
  @usableFromInline let itemCount: Int
  @usableFromInline let partSize: Int

  /// Parts for `itemCount` items on up to `threads` threads; below 4,096 items a part, a
  /// thread costs more than it saves (the worker pool's threads are awake: a step's cost is
  /// its work, not a thread's wake-up).
  @usableFromInline
  init(count itemCount: Int, threads: Int) {
    self.init(itemCount: itemCount, atMost: min(threads, itemCount / 4_096))
  }

  /// Parts of `columns` whole columns of `rows` items each, for work done a column at a time:
  /// each part is a range of columns (`range(of:)`), so no two threads touch one column, and
  /// there are no more parts than columns, nor more than 4,096 items' work allows.
  @usableFromInline
  init(columns: Int, rows: Int, threads: Int) {
    self.init(itemCount: columns, atMost: min(threads, columns, columns * rows / 4_096))
  }

  /// Parts of `columns` whole columns in which `rows` items each move to or from places
  /// scattered over the column, each move a cache miss: worth a thread from 512 moves.
  @usableFromInline
  init(columns: Int, scatteredRows rows: Int, threads: Int) {
    self.init(itemCount: columns, atMost: min(threads, columns, columns * rows / 512))
  }

  /// Parts of at most `size` items each, more of them than threads, for work the threads
  /// claim a part at a time (`forEach(threads:_:)`): a thread the machine slows takes fewer,
  /// instead of the others waiting for its one long part.
  @usableFromInline
  init(count itemCount: Int, atMostPerPart size: Int) {
    self.init(itemCount: itemCount, atMost: (itemCount + size - 1) / max(size, 1))
  }

  /// Parts of equal size but the last, as few as that size needs: no part is empty. (20
  /// columns cut 8 ways take 3 a part, and 7 parts hold them all; an eighth would start past
  /// the end.)
  private init(itemCount: Int, atMost limit: Int) {
    self.itemCount = itemCount
    let limit = max(limit, 1)
    partSize = max(1, (itemCount + limit - 1) / limit)
    count = max(1, (itemCount + partSize - 1) / partSize)
  }

  /// The items of one part.
  @inlinable
  func range(of part: Int) -> Range<Int> {
    (part * partSize)..<min((part + 1) * partSize, itemCount)
  }

  /// Runs `body` for each part, on as many threads as there are parts.
  @inlinable
  func forEach(_ body: @Sendable (Int) -> Void) {
    forEach(threads: count, body)
  }

  /// Runs `body` for each part, on up to `threads` threads, which claim the parts in turn.
  @inlinable
  func forEach(threads: Int, _ body: @Sendable (Int) -> Void) {
    if count == 1 || threads <= 1 {
      for part in 0..<count { body(part) }
    } else {
      WorkerPool.shared.forEach(count, threads: min(threads, count), body)
    }
  }
}
