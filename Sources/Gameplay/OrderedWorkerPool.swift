import Foundation

/// A fixed pool of worker threads that compute results for items `0..<count`, each worker
/// taking the next unclaimed item from a shared counter, while the calling thread receives the
/// results in item order, whichever worker finished first.
///
/// Results are handed over as soon as every earlier one is in, so only the results that have
/// overtaken a slower item are held at a time.
package enum OrderedWorkerPool {
  /// Computes `work(item)` for every item in `0..<count` on `jobs` threads, and calls
  /// `deliver(item, result)` on the calling thread for item 0, then 1, and so on, until it
  /// returns `false` (say, when the results can no longer be written anywhere).
  ///
  /// Returns once every result is delivered, or delivering stopped, and every worker has
  /// stopped; after a stop, no worker starts another item.
  package static func run<Result: Sendable>(
    count: Int, jobs: Int, work: @escaping @Sendable (Int) -> Result,
    deliver: (Int, Result) -> Bool
  ) {
    precondition(count >= 0 && jobs >= 1)
    guard count > 0 else { return }
    let shared = SharedProgress<Result>()
    let resultReady = DispatchSemaphore(value: 0)
    let workersDone = DispatchGroup()
    for _ in 0..<min(jobs, count) {
      workersDone.enter()
      let worker = Thread {
        while let item = shared.claim(below: count) {
          shared.finish(item, with: work(item))
          resultReady.signal()
        }
        workersDone.leave()
      }
      worker.start()
    }
    var next = 0
    delivering: while next < count {
      resultReady.wait()
      for result in shared.takeFinished(from: next) {
        guard deliver(next, result) else {
          // No new items: the workers finish the ones they hold, and nothing more is delivered.
          shared.stopClaiming()
          break delivering
        }
        next += 1
      }
    }
    workersDone.wait()
  }
}

/// What the workers of an `OrderedWorkerPool` share: the next item to claim and the results
/// not yet delivered.
///
/// Unchecked because its state is guarded by a lock: an `NSLock` rather than `Mutex`, whose
/// locking the thread sanitizer cannot see on Linux (it reports races inside `withLock`).
private final class SharedProgress<Result: Sendable>: @unchecked Sendable {
  private struct State {
    var nextItem = 0
    var finished: [Int: Result] = [:]
  }

  private let lock = NSLock()
  private var protected = State()

  /// The next unclaimed item, if any is left below `count`.
  func claim(below count: Int) -> Int? {
    lock.withLock {
      guard protected.nextItem < count else { return nil }
      defer { protected.nextItem += 1 }
      return protected.nextItem
    }
  }

  /// Makes every later claim find nothing left.
  func stopClaiming() {
    lock.withLock { protected.nextItem = Int.max }
  }

  /// Records the result of `item`.
  func finish(_ item: Int, with result: Result) {
    lock.withLock { protected.finished[item] = result }
  }

  /// Removes and returns the results of `first`, `first + 1`, ... up to the first one missing.
  func takeFinished(from first: Int) -> [Result] {
    lock.withLock {
      var results: [Result] = []
      while let result = protected.finished.removeValue(forKey: first + results.count) {
        results.append(result)
      }
      return results
    }
  }
}
