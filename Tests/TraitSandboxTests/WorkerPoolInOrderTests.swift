import Foundation
import Synchronization
import Testing

@testable import TraitSandbox

@Suite("Worker pool: long items, their results in order")
struct WorkerPoolInOrderTests {
  @Test(
    "delivers every result once, in item order, for any number of jobs", arguments: [1, 2, 5, 64])
  func order(jobs: Int) {
    var delivered: [(Int, Int)] = []
    WorkerPool.forEachInOrder(count: 40, jobs: jobs) { item in
      // Early items take longest, so later ones finish first.
      usleep(UInt32((40 - item) * 50))
      return item * item
    } deliver: { item, result in
      delivered.append((item, result))
      return true
    }
    #expect(delivered.map(\.0) == Array(0..<40))
    #expect(delivered.map(\.1) == (0..<40).map { $0 * $0 })
  }

  @Test("more items than one step of the pool holds are delivered in order too")
  func manyItems() {
    let count = WorkerPool.maximumIterations * 2 + 5
    var next = 0
    var inOrder = true
    WorkerPool.forEachInOrder(count: count, jobs: 2) {
      $0
    } deliver: { item, result in
      inOrder = inOrder && item == next && result == item
      next += 1
      return true
    }
    #expect(inOrder && next == count)
  }

  @Test("no items, no work")
  func empty() {
    var calls = 0
    WorkerPool.forEachInOrder(count: 0, jobs: 4) {
      $0
    } deliver: { _, _ in
      calls += 1
      return true
    }
    #expect(calls == 0)
  }

  @Test("a delivery that asks to stop ends the run: no more deliveries, no new work")
  func stopsWhenAsked() {
    let started = Mutex(0)
    var delivered: [Int] = []
    WorkerPool.forEachInOrder(count: 1000, jobs: 2) { item in
      started.withLock { $0 += 1 }
      usleep(200)
      return item
    } deliver: { item, _ in
      delivered.append(item)
      return item < 4
    }
    #expect(delivered == [0, 1, 2, 3, 4])
    // Only the items already claimed when delivery stopped were computed.
    #expect(started.withLock { $0 } < 100)
  }
}
