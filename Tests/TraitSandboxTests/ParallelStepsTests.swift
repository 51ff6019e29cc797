import Dispatch
import Testing

@testable import TraitSandbox

/// Keeps a thread busy for `nanoseconds`.
private func spin(_ nanoseconds: UInt64) {
  let end = DispatchTime.now().uptimeNanoseconds + nanoseconds
  while DispatchTime.now().uptimeNanoseconds < end {}
}

@Suite("Parallel steps: what a profile on a few cores tells of many")
struct ParallelStepsTests {
  @Test("a step's one-thread time is its lead and tail, or all of it on one thread")
  func figures() {
    // Thread 0 runs [0, 10) and [10, 20); thread 1 joins at 3 and runs [3, 13).
    let begins: [UInt64] = [0, 10, 3]
    let ends: [UInt64] = [10, 20, 13]
    let two: [UInt8] = [0, 0, 1]
    let step = begins.withUnsafeBufferPointer { begins in
      ends.withUnsafeBufferPointer { ends in
        two.withUnsafeBufferPointer { slots in
          ParallelSteps.step(start: 0, end: 21, begins: begins, ends: ends, slots: slots)
        }
      }
    }
    // Alone for 3 before thread 1 joins, and for 21 - 13 = 8 after it is done.
    #expect(
      step == ParallelSteps.Step(wall: 21, work: 30, longest: 10, oneThread: 11, iterations: 3))
    let one: [UInt8] = [0, 0, 0]
    let alone = begins.withUnsafeBufferPointer { begins in
      ends.withUnsafeBufferPointer { ends in
        one.withUnsafeBufferPointer { slots in
          ParallelSteps.step(start: 0, end: 21, begins: begins, ends: ends, slots: slots)
        }
      }
    }
    #expect(alone.oneThread == 21 && alone.wall == 21)
  }

  /// A pool of its own, so that no other test's steps land in the recording.
  private static let pool = WorkerPool(maximumWorkers: 1)

  @Test("a pool records the steps of the thread that asks, and only while it asks")
  func recording() {
    let steps = ParallelSteps()
    let pool = Self.pool
    pool.recordSteps(into: steps)
    pool.forEach(8, threads: 2) { _ in spin(200_000) }
    pool.forEach(4, threads: 1) { _ in spin(100_000) }
    pool.recordSteps(into: nil)
    pool.forEach(4, threads: 2) { _ in spin(10_000) }
    let recorded = steps.take()
    #expect(recorded.count == 2)
    guard recorded.count == 2 else { return }
    let shared = recorded[0]
    #expect(shared.iterations == 8)
    #expect(shared.work >= 8 * 200_000 && shared.longest >= 200_000)
    #expect(shared.longest <= shared.work && shared.oneThread <= shared.wall)
    // On one thread the whole step is one thread's.
    #expect(recorded[1].iterations == 4 && recorded[1].oneThread == recorded[1].wall)
    #expect(steps.take().isEmpty)
  }

  @Test("a measured tick says how each system used its threads, within the tick's time")
  func worldTick() {
    var world = makeWorld(seed: 3, arena: Vector2(800, 600))
    for index in 0..<20_000 {
      world.spawn(
        Walker(
          at: Vector2(Float(index % 200) * 4, Float(index / 200) * 6),
          movement: Movement(velocity: Vector2(1, 0), speed: 2)))
    }
    world.threadCount = 2
    world.measuresSystemTimes = true
    let start = DispatchTime.now().uptimeNanoseconds
    world.step()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let parallelism = world.lastTickParallelism
    #expect(parallelism.systems.count == world.systems.count)
    #expect(parallelism.steps >= parallelism.systems.reduce(0) { $0 + $1.steps })
    #expect(parallelism.oneThreadSeconds(ofTick: seconds) <= seconds)
    for (system, time) in zip(parallelism.systems, world.lastSystemTimes) {
      #expect(system.oneThreadSeconds <= time + 1e-6)
      #expect(system.busiestChunkShare >= 0 && system.busiestChunkShare <= 1)
    }
    // Without measuring, nothing is recorded.
    world.measuresSystemTimes = false
    world.step()
    #expect(world.lastTickParallelism == parallelism)
  }

  @Test("every type's target entries are written in one parallel step, as one thread writes them")
  func targetEntries() {
    func stepped(threads: Int) -> World {
      var world = makeWorld(seed: 5, arena: Vector2(1000, 800))
      for index in 0..<30_000 {
        let position = Vector2(Float(index % 250) * 4, Float(index / 250) * 6)
        switch index % 3 {
        case 0:
          world.spawn(
            Dummy(faction: .left, at: position, health: Health(maximum: 10, radius: 2)))
        case 1:
          world.spawn(
            Armored(position: position, faction: .right, health: Health(maximum: 10, radius: 3)))
        default:
          world.spawn(
            Coaster(
              position: position, movement: Movement(velocity: Vector2(1, 0), speed: 2)))
        }
      }
      world.threadCount = threads
      world.measuresSystemTimes = true
      for _ in 0..<2 { world.step() }
      return world
    }
    let one = stepped(threads: 1)
    let two = stepped(threads: 2)
    let entries = { (world: World) in
      (0..<world.targets.count).map { world.targets[TargetRef(index: $0)] }
    }
    #expect(one.targets.count == 30_000)
    #expect(entries(two) == entries(one))
    #expect(two.stateHash() == one.stateHash())
    // Three types of 10,000 each: one step for all of them, not one each.
    let targets = two.systems.firstIndex { $0.name == "targets" } ?? -1
    #expect(two.lastTickParallelism.systems.indices.contains(targets))
    if two.lastTickParallelism.systems.indices.contains(targets) {
      #expect(two.lastTickParallelism.systems[targets].steps == 1)
    }
  }

  @Test("a tick shares its work only between threads of minimumEntitiesPerThread entities each")
  func threadsBySize() {
    func stepped(_ count: Int, threads: Int, perThread: Int? = nil) -> World {
      var world = makeWorld(seed: 3, arena: Vector2(800, 600))
      for index in 0..<count {
        world.spawn(
          Walker(
            at: Vector2(Float(index % 200) * 4, Float(index / 200) * 3),
            movement: Movement(velocity: Vector2(1, 0.5), speed: 2)))
      }
      world.threadCount = threads
      if let perThread { world.minimumEntitiesPerThread = perThread }
      for _ in 0..<3 { world.step() }
      return world
    }
    // 2,048 entities a thread by default: 4,000 step on one of four, 7,000 on three.
    let one = stepped(4_000, threads: 1)
    let small = stepped(4_000, threads: 4)
    let shared = stepped(4_000, threads: 4, perThread: 1)
    #expect(one.tickThreadCount == 1 && small.tickThreadCount == 1)
    #expect(shared.tickThreadCount == 4)
    #expect(stepped(7_000, threads: 4).tickThreadCount == 3)
    #expect(stepped(7_000, threads: 2).tickThreadCount == 2)
    // The same state however many threads shared the ticks.
    #expect(small.stateHash() == one.stateHash() && shared.stateHash() == one.stateHash())
  }
}
