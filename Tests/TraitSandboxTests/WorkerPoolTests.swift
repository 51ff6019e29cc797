import Dispatch
import Testing

@testable import TraitSandbox

/// Slots an iteration counts itself in: each iteration writes only its own.
private final class Tally: @unchecked Sendable {
  let slots: UnsafeMutableBufferPointer<Int>

  init(_ count: Int) {
    slots = .allocate(capacity: count)
    slots.initialize(repeating: 0)
  }

  deinit { slots.deallocate() }

  func count(_ iteration: Int) { slots[iteration] += 1 }

  /// Whether every slot was counted exactly `times` times.
  func each(_ times: Int) -> Bool { slots.allSatisfy { $0 == times } }
}

@Suite("Worker pool: parallel steps with threads that stay awake")
struct WorkerPoolTests {
  @Test("every iteration of every step runs exactly once, for any thread count")
  func everyIterationOnce() {
    for threads in [1, 2, 3, 8] {
      for iterations in [0, 1, 2, 3, 7, 64, 250] {
        let tally = Tally(max(iterations, 1))
        for _ in 0..<200 {
          WorkerPool.shared.forEach(iterations, threads: threads) { tally.count($0) }
        }
        #expect(iterations == 0 || tally.each(200), "\(iterations) on \(threads) threads")
      }
    }
  }

  /// A pool as a machine with 16 cores makes: 15 workers, whatever this machine has. Kept for
  /// the process's life, as workers never stop.
  private static let sixteenCores = WorkerPool(maximumWorkers: 15)

  @Test("with a worker for each of 16 cores, every iteration still runs exactly once")
  func manyWorkers() {
    let pool = Self.sixteenCores
    for threads in [2, 8, 16] {
      for iterations in [1, 2, 15, 16, 17, 64, 250] {
        let tally = Tally(iterations)
        for _ in 0..<30 {
          pool.forEach(iterations, threads: threads) { tally.count($0) }
        }
        #expect(tally.each(30), "\(iterations) on \(threads) threads")
      }
    }
    // The pool made its 15 workers. (Which of them claim iterations is up to the scheduler:
    // on a busy machine the caller may run every one.)
    #expect(pool.workerCount == 15)
  }

  @Test("parts cover their items in order, none empty, never more than the threads")
  func partsCoverEveryItem() {
    func check(_ parts: Parts, items: Int, threads: Int, _ name: String) {
      #expect(parts.count >= 1 && parts.count <= max(threads, 1), "\(name)")
      var next = 0
      for part in 0..<parts.count {
        let range = parts.range(of: part)
        guard range.lowerBound == next, !range.isEmpty || items == 0 else {
          Issue.record("\(name): part \(part) of \(parts.count) is \(range) after \(next)")
          return
        }
        next = range.upperBound
      }
      #expect(next == items, "\(name)")
    }
    for threads in [1, 2, 3, 4, 7, 8, 9, 12, 16, 31, 64, 256] {
      // An entity type's word columns: 20 of them cut 8 ways once started an eighth part past
      // the last column.
      for columns in 1...70 {
        for rows in [0, 1, 100, 4_096, 100_000] {
          check(
            Parts(columns: columns, rows: rows, threads: threads), items: columns,
            threads: threads, "\(columns) columns of \(rows) on \(threads) threads")
        }
      }
      for items in [0, 1, 4_095, 4_096, 8_191, 8_192, 40_000, 100_003, 1_000_000] {
        check(
          Parts(count: items, threads: threads), items: items, threads: threads,
          "\(items) items on \(threads) threads")
      }
    }
    // Pieces of at most a size, for threads that claim them in turn: as few as that size needs.
    for items in [1, 8_191, 8_192, 8_193, 100_003, 1_000_000] {
      let pieces = Parts(count: items, atMostPerPart: 8_192)
      let fewest = (items + 8_191) / 8_192
      check(pieces, items: items, threads: fewest, "\(items) items in pieces of 8,192")
      #expect(pieces.count == fewest && pieces.range(of: 0).count <= 8_192, "\(items) items")
    }
    // The work is still shared where it is worth it.
    #expect(Parts(columns: 20, rows: 10_000, threads: 8).count == 7)
    #expect(Parts(count: 100_000, threads: 8).count == 8)
  }

  @Test("a step that finishes in a worker is done before the call returns")
  func waitsForWorkers() {
    let tally = Tally(2)
    for _ in 0..<100 {
      WorkerPool.shared.forEach(2, threads: 2) { iteration in
        // The second iteration is slow, so a worker is likely still running it when the
        // caller's own iterations are done.
        if iteration == 1 {
          let start = DispatchTime.now().uptimeNanoseconds
          while DispatchTime.now().uptimeNanoseconds - start < 20_000 {}
        }
        tally.count(iteration)
      }
    }
    #expect(tally.each(100))
  }

  @Test("a step inside a step, and steps from two threads at once, run every iteration")
  func nestedAndConcurrent() {
    let inner = Tally(16 * 4)
    WorkerPool.shared.forEach(16, threads: 2) { outer in
      WorkerPool.shared.forEach(4, threads: 2) { inner.count(outer * 4 + $0) }
    }
    #expect(inner.each(1))

    let tallies = [Tally(32), Tally(32)]
    DispatchQueue.concurrentPerform(iterations: 2) { caller in
      for _ in 0..<300 {
        WorkerPool.shared.forEach(32, threads: 2) { tallies[caller].count($0) }
      }
    }
    #expect(tallies.allSatisfy { $0.each(300) })
  }

  @Test("a parallel system's chunks are claimed longest first by the last tick's times")
  func chunksClaimedLongestFirst() {
    #expect(World.claimOrder(lastDurations: [5, 90, 20, 90, 1], count: 5) == [1, 3, 2, 0, 4])
    // A tick with other chunks than the last one's (entities came or went): chunk order.
    #expect(World.claimOrder(lastDurations: [5, 90, 20], count: 4) == [0, 1, 2, 3])
    #expect(World.claimOrder(lastDurations: [], count: 3) == [0, 1, 2])
  }
}
