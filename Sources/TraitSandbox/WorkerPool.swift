import Dispatch
import Foundation
import Synchronization

/// Threads that stay awake between the parallel steps of a tick, so that a step of a few
/// hundred microseconds is shared at once instead of waiting for a sleeping thread to wake.
///
/// A tick runs a dozen or more short parallel steps (a system over one type's chunks, the
/// grid's counting sort, the target index). Waking a parked thread for each took 80 to 100
/// microseconds on the virtual machines the sandbox is measured on, as long as a step's work
/// at 100,000 entities: `DispatchQueue.concurrentPerform` over two iterations of 100
/// microseconds each took 190 microseconds, nearly what one thread takes for both. A worker
/// here spins for a millisecond after each step, watching for the next, and only then parks.
///
/// One caller at a time uses the pool; a caller that finds it busy (two worlds stepping on two
/// threads, or a step inside a step) runs its iterations itself. Iterations are claimed one at
/// a time, so which thread runs one changes nothing in code whose iterations write apart. The
/// pool makes no more workers than the machine has cores, less one for the caller.
@usableFromInline
package final class WorkerPool: @unchecked Sendable {
  /// The pool every world shares.
  @usableFromInline static let shared = WorkerPool()

  /// How long a worker watches for the next step before it parks.
  static let spinDuration: UInt64 = 1_000_000

  /// The step being run: its number (the upper 32 bits), its iteration count (16 bits) and the
  /// next unclaimed iteration (the lower 16 bits). Claiming is a compare-and-exchange of the
  /// whole word, so a worker that still holds an earlier step's number can claim nothing.
  private let ticket = Atomic<UInt64>(0)
  /// Iterations of the current step finished.
  private let completed = Atomic<Int>(0)
  /// Whether a caller is using the pool.
  private let busy = Atomic<Bool>(false)
  /// The current step's work; written before `ticket` publishes the step, read after a claim.
  private nonisolated(unsafe) var body: (@Sendable (Int) -> Void)?
  /// Where the current step's iterations note when they ran and on which thread, while its
  /// caller records its steps; written and read as `body` is.
  private nonisolated(unsafe) var timing: IterationTimes?
  /// The threads recording their steps, and where.
  private let recorders = Mutex<[(thread: pthread_t, steps: ParallelSteps)]>([])
  /// Whether any thread records, so that steps need not look at `recorders` otherwise.
  private let isRecording = Atomic<Bool>(false)
  /// The workers made so far; only a caller holding `busy` adds to it.
  private nonisolated(unsafe) var workers: [Worker] = []

  /// How many workers the pool has made so far.
  var workerCount: Int { workers.count }

  /// The most iterations one step may have: they are counted in 16 bits of `ticket`.
  static let maximumIterations = 0xFFFF

  /// The most workers the pool makes: for the shared pool, one fewer than the machine has
  /// cores, since the caller works too, and a worker that waits for a core spins where another
  /// would work.
  let maximumWorkers: Int

  /// A pool of up to `maximumWorkers` workers, made as steps need them. Only the shared pool,
  /// and tests of a machine with more cores than this one, make one.
  internal init(maximumWorkers: Int = max(0, ProcessInfo.processInfo.activeProcessorCount - 1)) {
    self.maximumWorkers = max(0, maximumWorkers)
  }

  /// Runs `body` for every iteration in `0..<iterations`, on the calling thread and up to
  /// `threads - 1` workers, and returns when all are done.
  ///
  /// - Complexity: O(iterations) calls of `body`; a step costs the pool a few atomic
  ///   operations per iteration.
  @usableFromInline
  func forEach(_ iterations: Int, threads: Int, _ body: @Sendable (Int) -> Void) {
    let steps = isRecording.load(ordering: .relaxed) ? recorder(of: pthread_self()) : nil
    let helpers = min(threads - 1, iterations - 1, maximumWorkers)
    guard helpers > 0, iterations <= Self.maximumIterations,
      busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
    else {
      // A step inside another thread's step (or another world's) runs here and is part of
      // that one: only a step of its own is recorded.
      guard let steps, !busy.load(ordering: .relaxed) else {
        for iteration in 0..<iterations { body(iteration) }
        return
      }
      let times = IterationTimes(count: iterations)
      defer { times.deallocate() }
      let start = DispatchTime.now().uptimeNanoseconds
      for iteration in 0..<iterations {
        times.begins[iteration] = DispatchTime.now().uptimeNanoseconds
        body(iteration)
        times.ends[iteration] = DispatchTime.now().uptimeNanoseconds
        times.slots[iteration] = 0
      }
      steps.append(times.step(start: start, end: DispatchTime.now().uptimeNanoseconds))
      return
    }
    defer { busy.store(false, ordering: .releasing) }
    while workers.count < helpers { workers.append(Worker(pool: self, slot: workers.count + 1)) }
    let times = steps.map { _ in IterationTimes(count: iterations) }
    defer { times?.deallocate() }
    let start = steps == nil ? 0 : DispatchTime.now().uptimeNanoseconds

    withoutActuallyEscaping(body) { body in
      self.body = body
      self.timing = times
      completed.store(0, ordering: .relaxed)
      let step = (ticket.load(ordering: .relaxed) >> 32) &+ 1
      // Sequentially consistent, as parking is: a worker that parks after this store sees it.
      ticket.store(step << 32 | UInt64(iterations) << 16, ordering: .sequentiallyConsistent)
      for worker in workers.prefix(helpers) { worker.wakeIfParked() }
      runIterations()
      // The last iterations may still be running on a worker; one that waits for a core (the
      // machine busy with other work) gets the caller's after a while.
      var spins = 0
      while completed.load(ordering: .acquiring) < iterations {
        spins += 1
        if spins & 1023 == 0 { sched_yield() }
      }
      self.body = nil
      self.timing = nil
    }
    if let steps, let times {
      steps.append(times.step(start: start, end: DispatchTime.now().uptimeNanoseconds))
    }
  }

  /// Records the steps the calling thread starts into `steps` from now on, or stops recording
  /// them when `steps` is `nil`.
  func recordSteps(into steps: ParallelSteps?) {
    let thread = pthread_self()
    recorders.withLock { recorders in
      recorders.removeAll { pthread_equal($0.thread, thread) != 0 }
      if let steps { recorders.append((thread, steps)) }
      isRecording.store(!recorders.isEmpty, ordering: .relaxed)
    }
  }

  /// Where `thread` records its steps, if it does.
  private func recorder(of thread: pthread_t) -> ParallelSteps? {
    recorders.withLock { recorders in
      recorders.first { pthread_equal($0.thread, thread) != 0 }?.steps
    }
  }

  /// Claims and runs iterations of the current step until none is left; returns at once when
  /// the step is not `step` any more (nil: whatever step is current). `slot` numbers the thread
  /// for a recorded step: 0 the caller, 1 and on the workers.
  private func runIterations(of step: UInt64? = nil, slot: UInt8 = 0) {
    while true {
      let current = ticket.load(ordering: .acquiring)
      if let step, current >> 32 != step { return }
      let count = (current >> 16) & 0xFFFF
      let next = current & 0xFFFF
      guard next < count else { return }
      guard
        ticket.compareExchange(
          expected: current, desired: current &+ 1, ordering: .acquiringAndReleasing
        ).exchanged
      else { continue }
      if let timing {
        timing.begins[Int(next)] = DispatchTime.now().uptimeNanoseconds
        body.unsafelyUnwrapped(Int(next))
        timing.ends[Int(next)] = DispatchTime.now().uptimeNanoseconds
        timing.slots[Int(next)] = slot
      } else {
        body.unsafelyUnwrapped(Int(next))
      }
      completed.add(1, ordering: .releasing)
    }
  }

  /// The number of the step `ticket` holds.
  private var currentStep: UInt64 { ticket.load(ordering: .sequentiallyConsistent) >> 32 }

  /// One thread of the pool: it runs each new step's iterations, spins between steps and parks
  /// when none comes.
  private final class Worker: @unchecked Sendable {
    let parked = Atomic<Bool>(false)
    let wake = DispatchSemaphore(value: 0)
    /// The worker's number in recorded steps.
    let slot: UInt8

    /// A worker for `pool`, made by a caller before it publishes its step: the worker takes
    /// the step current now as seen, so it joins the caller's step however late it starts.
    init(pool: WorkerPool, slot: Int) {
      self.slot = UInt8(clamping: slot)
      let seen = pool.currentStep
      let thread = Thread { [unowned pool, self] in self.loop(pool, seen: seen) }
      thread.name = "TraitSandbox worker"
      // Systems keep a few entities on the stack; a worker gets a main thread's stack.
      thread.stackSize = 8 << 20
      thread.start()
    }

    /// Lets a parked worker go; it finds the new step itself.
    func wakeIfParked() {
      if parked.exchange(false, ordering: .sequentiallyConsistent) { wake.signal() }
    }

    private func loop(_ pool: WorkerPool, seen: UInt64) -> Never {
      var seen = seen
      while true {
        var spins = 0
        var deadline: UInt64 = 0
        while pool.currentStep == seen {
          spins += 1
          guard spins & 255 == 0 else { continue }
          let now = DispatchTime.now().uptimeNanoseconds
          if deadline == 0 {
            deadline = now + WorkerPool.spinDuration
          } else if now > deadline {
            park(pool, seen: seen)
            deadline = 0
          }
        }
        seen = pool.currentStep
        pool.runIterations(of: seen, slot: slot)
      }
    }

    /// Sleeps until a caller wakes it, unless a new step came while it was getting ready.
    private func park(_ pool: WorkerPool, seen: UInt64) {
      parked.store(true, ordering: .sequentiallyConsistent)
      if pool.currentStep != seen {
        // A caller may have taken the flag already, and signalled: take the signal then.
        if !parked.exchange(false, ordering: .sequentiallyConsistent) { wake.wait() }
        return
      }
      wake.wait()
    }
  }
}

/// When each iteration of a recorded step ran and on which thread: each iteration writes only
/// its own entries.
private final class IterationTimes: @unchecked Sendable {
  let begins: UnsafeMutableBufferPointer<UInt64>
  let ends: UnsafeMutableBufferPointer<UInt64>
  let slots: UnsafeMutableBufferPointer<UInt8>

  init(count: Int) {
    begins = .allocate(capacity: count)
    ends = .allocate(capacity: count)
    slots = .allocate(capacity: count)
  }

  func deallocate() {
    begins.deallocate()
    ends.deallocate()
    slots.deallocate()
  }

  /// The step's figures, once every iteration has run.
  func step(start: UInt64, end: UInt64) -> ParallelSteps.Step {
    ParallelSteps.step(
      start: start, end: end, begins: UnsafeBufferPointer(begins), ends: UnsafeBufferPointer(ends),
      slots: UnsafeBufferPointer(slots))
  }
}
