import Foundation

extension WorkerPool {
  /// Computes `work(item)` for every item in `0..<count` on up to `jobs` threads (the calling
  /// thread and the shared pool's workers, at most one per core), and hands each result to
  /// `deliver` on the calling thread in item order: item 0, then 1, and so on, until it
  /// returns `false` (say, when the results can no longer be written anywhere).
  ///
  /// For long items, a whole game each: the threads claim them one at a time, and the caller,
  /// between its own items, delivers every result that is in and follows those delivered, so
  /// only results that overtook a slower item wait. After `deliver` asks to stop, no item
  /// starts. Returns once every result is delivered, or delivering stopped, and no thread is
  /// still working.
  ///
  /// - Complexity: O(count) calls of `work`; a few lock operations per item.
  package static func forEachInOrder<Result: Sendable>(
    count: Int, jobs: Int, work: @Sendable (Int) -> Result, deliver: (Int, Result) -> Bool
  ) {
    precondition(count >= 0 && jobs >= 1)
    guard count > 0 else { return }
    withoutActuallyEscaping(deliver) { deliver in
      let results = ResultsInOrder<Result>(deliver: deliver, caller: pthread_self())
      var start = 0
      while start < count && !results.isStopped {
        let batch = min(count - start, maximumIterations)
        let first = start
        shared.forEach(batch, threads: jobs) { iteration in
          guard !results.isStopped else { return }
          let item = first + iteration
          results.finish(item, with: work(item))
          results.deliverIfCaller()
        }
        results.deliverIfCaller()
        start += batch
      }
    }
  }
}

/// The results of `WorkerPool.forEachInOrder` not yet delivered, and the caller's delivery:
/// only the calling thread delivers, in item order.
///
/// Unchecked because its state is guarded by a lock (an `NSLock`: the thread sanitizer cannot
/// see `Mutex`'s locking on Linux), and `deliver` and `next` are touched by the caller alone.
private final class ResultsInOrder<Result: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var finished: [Int: Result] = [:]
  private var stopped = false
  /// The thread that delivers.
  private let caller: pthread_t
  /// Where results go; called on `caller` only.
  private let deliver: (Int, Result) -> Bool
  /// The next item to deliver; read and written on `caller` only.
  private var next = 0

  init(deliver: @escaping (Int, Result) -> Bool, caller: pthread_t) {
    self.deliver = deliver
    self.caller = caller
  }

  /// Whether delivering stopped: no item starts after.
  var isStopped: Bool { lock.withLock { stopped } }

  /// Keeps the result of `item` until its turn.
  func finish(_ item: Int, with result: Result) {
    lock.withLock { finished[item] = result }
  }

  /// On the calling thread, delivers every result whose turn has come; elsewhere nothing.
  func deliverIfCaller() {
    guard pthread_equal(pthread_self(), caller) != 0 else { return }
    while let result = lock.withLock({ finished.removeValue(forKey: next) }) {
      guard deliver(next, result) else {
        lock.withLock { stopped = true }
        return
      }
      next += 1
    }
  }
}
