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
    self.itemCount = itemCount
    count = max(1, min(threads, itemCount / 4_096))
    partSize = (itemCount + count - 1) / count
  }

  /// Parts of `columns` whole columns of `rows` items each, for work done a column at a time:
  /// each part is a range of columns (`range(of:)`), so no two threads touch one column, and
  /// there are no more parts than columns, nor more than 4,096 items' work allows.
  @usableFromInline
  init(columns: Int, rows: Int, threads: Int) {
    itemCount = columns
    count = max(1, min(threads, columns, columns * rows / 4_096))
    partSize = (columns + count - 1) / count
  }

  /// The items of one part.
  @inlinable
  func range(of part: Int) -> Range<Int> {
    (part * partSize)..<min((part + 1) * partSize, itemCount)
  }

  /// Runs `body` for each part, on as many threads as there are parts.
  @inlinable
  func forEach(_ body: @Sendable (Int) -> Void) {
    if count == 1 {
      body(0)
    } else {
      WorkerPool.shared.forEach(count, threads: count, body)
    }
  }
}
