import Dispatch
import Frames

extension World {

  /// Advances the simulation by one fixed tick: every system of the schedule in order, then
  /// the tick's despawns and spawns.
  ///
  /// - Complexity: O(n) in the number of entities, plus the targets each query visits.
  public mutating func step() {
    step(observingSystems: nil)
  }

  /// Advances the simulation by one tick as `step()` does, calling `observe` after each
  /// system with its name and a fingerprint of the state at that point (as `stateHash()`,
  /// with the tick's random state): two worlds stepped this way show which system's results
  /// first differ between them.
  ///
  /// - Complexity: O(n) in the number of entities per system, beside the tick itself.
  public mutating func step(observingSystems observe: ((String, StateHash) -> Void)?) {
    tick += 1
    var context = TickContext(
      tick: tick, deltaTime: fixedDeltaTime, arenaSize: arenaSize, random: random,
      targets: TargetIndex(hostility: hostility))
    // The last tick's index lends the tick its buffers. Moved, never copied: a second
    // reference would make the tick's first write copy every buffer of the index.
    swap(&context.targets, &targets)
    context.targets.removeAll()
    tickThreadCount = min(threadCount, max(1, entityCount / minimumEntitiesPerThread))
    context.threadCount = tickThreadCount
    isStepping = true
    var measurement = TickMeasurement(systemCount: systems.count, measures: measuresSystemTimes)
    if let recorded = measurement.recorded { WorkerPool.shared.recordSteps(into: recorded) }
    defer { if measurement.recorded != nil { WorkerPool.shared.recordSteps(into: nil) } }
    runSystems(in: &context, observe: observe, measurement: &measurement)
    isStepping = false
    lastSystemTimes = measurement.timings ?? []
    random = context.random
    endTick(&context, measurement: &measurement)
    swap(&targets, &context.targets)
  }

  /// Runs the schedule's systems in order: those whose declarations allow it share a parallel
  /// step (`stepPlan`), unless there is one thread or each system's result is observed.
  private mutating func runSystems(
    in context: inout TickContext, observe: ((String, StateHash) -> Void)?,
    measurement: inout TickMeasurement
  ) {
    guard tickThreadCount > 1 && observe == nil else {
      for system in systems.indices {
        runSystem(system, in: &context, measurement: &measurement)
        if let observe { observe(systems[system].name, stateHash(random: context.random)) }
      }
      return
    }
    if plannedTables != tables.count {
      plannedSteps = stepPlan()
      plannedTables = tables.count
    }
    for step in plannedSteps {
      if step.systems.count > 1 {
        runShared(step, in: &context, measurement: &measurement)
      } else {
        runSystem(step.systems[0], in: &context, measurement: &measurement)
      }
    }
  }

  /// Runs the systems of one parallel step together; its time goes to its systems by the
  /// time their chunks took.
  private mutating func runShared(
    _ planned: PlannedStep, in context: inout TickContext, measurement: inout TickMeasurement
  ) {
    let step = planned.systems
    let start = measurement.timings == nil ? 0 : DispatchTime.now().uptimeNanoseconds
    let work = stepAcrossTypes(
      systems: step, handingOverChunks: planned.handsOverChunks, in: &context)
    if measurement.timings != nil {
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      let whole = Parallelism(
        seconds: seconds, steps: measurement.recorded.map { measurement.account($0.take()) } ?? [])
      let total = max(work.reduce(0, +), 1)
      for (member, system) in step.enumerated() {
        let share = Double(work[member]) / Double(total)
        measurement.timings?[system] += seconds * share
        if measurement.recorded != nil {
          measurement.parallelism.systems.append(
            whole.share(share, keepsSteps: member == 0))
        }
      }
    }
    context.targets.applyPendingDamage()
  }

  /// Runs one system: in parallel across its types, table by table, or on the whole world.
  private mutating func runSystem(
    _ systemIndex: Int, in context: inout TickContext, measurement: inout TickMeasurement
  ) {
    let system = systems[systemIndex]
    switch system.body {
    case .perType where system.runsInParallel && tickThreadCount > 1:
      let start = measurement.timings == nil ? 0 : DispatchTime.now().uptimeNanoseconds
      _ = stepAcrossTypes(systems: [systemIndex], handingOverChunks: false, in: &context)
      if measurement.timings != nil {
        measurement.timings?[systemIndex] +=
          Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      }
    case .perType:
      let chunkSize = system.runsInParallel ? Self.chunkSize : nil
      for index in tablesBySystem[systemIndex] {
        tables[index].run(
          system: systemIndex, chunkSize: chunkSize,
          salt: chunkSalt(system: systemIndex, table: index), in: &context,
          timings: &measurement.timings)
      }
    case .world(let run):
      let start = measurement.timings == nil ? 0 : DispatchTime.now().uptimeNanoseconds
      run(&context)
      if measurement.timings != nil {
        measurement.timings?[systemIndex] +=
          Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      }
    }
    writePendingTargets(of: systemIndex, in: &context, measurement: &measurement)
    if let recorded = measurement.recorded, let timings = measurement.timings {
      measurement.parallelism.systems.append(
        Parallelism(seconds: timings[systemIndex], steps: measurement.account(recorded.take())))
    }
    context.targets.applyPendingDamage()
  }

  /// Writes the target entries `system` reserved, every type's in one parallel step (the
  /// targets system reserves each type's as it steps it: `TargetIndex.insertAll`), and counts
  /// the time as the system's.
  private func writePendingTargets(
    of system: Int, in context: inout TickContext, measurement: inout TickMeasurement
  ) {
    guard context.targets.hasPendingEntries else { return }
    let start = measurement.timings == nil ? 0 : DispatchTime.now().uptimeNanoseconds
    context.targets.writePendingEntries(threads: tickThreadCount)
    if measurement.timings != nil {
      measurement.timings?[system] += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
  }

  /// The tick's end: its despawns, then its spawns (with their events), then, every
  /// `spatialSortInterval` ticks, each pool put back in grid-cell order; each part timed when
  /// times are measured.
  private mutating func endTick(_ context: inout TickContext, measurement: inout TickMeasurement) {
    var mark = measurement.timings != nil ? DispatchTime.now().uptimeNanoseconds : 0
    // What a part of the tick's end took since the last, and how it used its threads.
    func measure(_ part: WritableKeyPath<TickParallelism, Parallelism>) -> Double {
      guard measurement.timings != nil else { return 0 }
      let now = DispatchTime.now().uptimeNanoseconds
      defer { mark = now }
      let seconds = Double(now - mark) / 1e9
      if let recorded = measurement.recorded {
        measurement.parallelism[keyPath: part] = Parallelism(
          seconds: seconds, steps: measurement.account(recorded.take()))
      }
      return seconds
    }
    var endTimes = TickEndTimes()
    removeDespawned(context.despawned)
    endTimes.despawns = measure(\.despawns)
    // Taken out of the context, so that appending the spawn events never copies the array.
    var events: [EntityEvent]? = context.events
    context.events = []
    insertSpawned(from: context, events: &events)
    lastEvents = events ?? []
    endTimes.spawns = measure(\.spawns)
    // Without a grid (no target queries) there is no order to keep.
    if tick % Self.spatialSortInterval == 1 && context.targets.grid.cellCount > 1 {
      sortSpatially(by: context.targets.grid)
      endTimes.spatialSort = measure(\.spatialSort)
    }
    lastTickEndTimes = endTimes
    if let recorded = measurement.recorded {
      _ = measurement.account(recorded.take())
      lastTickParallelism = measurement.summary
    }
  }

  /// Ticks between the world's spatial sorts: after the first tick and every this many ticks,
  /// each pool is put back in grid-cell order, which entities drift out of as they move.
  public static let spatialSortInterval: UInt64 = 16

  /// Entities per chunk when a system that draws random numbers runs in parallel. Fixed, so
  /// that how a pool is cut into chunks, and so each chunk's random stream and every result,
  /// depends only on how many entities it has, never on how many threads step it. (A job that
  /// draws none steps to the same result in chunks of any size: `chunkSize(entities:threads:)`.)
  public static let chunkSize = 4096

  /// Removes the entities the tick asked to despawn, each table its own, in identity order.
  private mutating func removeDespawned(_ requests: [DespawnRequest]) {
    guard !requests.isEmpty else { return }
    var idsByTable = [[AnyEntityID]](repeating: [], count: tables.count)
    // Requests come in runs of one type (a pool's deaths, chunk by chunk): the last type's table
    // is kept rather than hashed again for each request.
    var last: (type: ObjectIdentifier, table: Int)?
    for request in requests {
      if let last, last.type == request.type {
        idsByTable[last.table].append(request.id)
      } else if let table = tableIndexByType[request.type] {
        last = (request.type, table)
        idsByTable[table].append(request.id)
      } else {
        // An identity typed by something other than its concrete entity type: any table.
        for table in tables.indices { idsByTable[table].append(request.id) }
      }
    }
    let ids = idsByTable
    // A lookup in a large table's directory costs a few cache misses, in a small one's a few
    // nanoseconds: a large table's removals weigh more, and work alone, on every thread, if
    // they are enough to share; else they run beside the other tables'.
    let weights = tables.indices.map {
      ids[$0].count * (tables[$0].entityCount >= 65_536 ? 8 : 1)
    }
    let threads = tickThreadCount
    let splits = tables.indices.map {
      tables[$0].removalSplits(count: ids[$0].count, threads: threads)
    }
    forEachTable(tables.indices.filter { !ids[$0].isEmpty }, weights: weights, splits: splits) {
      table, index, threads in
      // A pool's deaths come in storage order, which is identity order until the pool's next
      // spatial sort: often so for projectiles, which live a tick or two. Others are sorted.
      let sorted = ids[index].isAscending ? ids[index] : ids[index].sorted()
      table.removeAll(sortedIDs: sorted, threads: threads)
    }
  }

  /// Runs `work` on each table of `indices`, whose work is independent of every other
  /// table's, sharing the world's threads between the tables.
  ///
  /// The tables of a small world (fewer than two `Parts` of entities in all), and a table
  /// heavier by `weights` (indexed by table) than one thread's share of the total whose work
  /// `splits` (indexed by table) says would use several threads, work alone, with every
  /// thread for their own use; the others are dealt out to as many parts as their entities
  /// are worth threads (up to `tickThreadCount`), the heaviest first, each to the part with the
  /// least weight so far, and the parts run at once, one thread each. `work` gets the table,
  /// its index and the threads it may use; no table's result depends on the thread count.
  private mutating func forEachTable(
    _ indices: [Int], weights: [Int], splits: [Bool],
    _ work: @Sendable (inout any AnyEntityTable, _ index: Int, _ threads: Int) -> Void
  ) {
    // As many threads as the tables' entities are worth (`Parts`: a thread per 4,096 at most):
    // the tables of a small world take turns on this thread.
    let threads = Parts(
      count: indices.reduce(0) { $0 + tables[$1].entityCount }, threads: tickThreadCount
    ).count
    let total = indices.reduce(0) { $0 + max(weights[$1], 1) }
    var light: [Int] = []
    for index in indices {
      if threads == 1 || (max(weights[index], 1) * threads > total && splits[index]) {
        work(&tables[index], index, tickThreadCount)
      } else {
        light.append(index)
      }
    }
    guard light.count > 1 else {
      for index in light { work(&tables[index], index, tickThreadCount) }
      return
    }
    let partCount = min(threads, light.count)
    var load = [Int](repeating: 0, count: partCount)
    var assigned = [[Int]](repeating: [], count: partCount)
    for index in light.sorted(by: { (weights[$0], $1) > (weights[$1], $0) }) {
      let part = load.indices.min { (load[$0], $0) < (load[$1], $1) } ?? 0
      load[part] += max(weights[index], 1)
      assigned[part].append(index)
    }
    tables.withUnsafeMutableBufferPointer { tables in
      let shared = TableParts(tables: tables, assigned: assigned)
      WorkerPool.shared.forEach(partCount, threads: partCount) { part in
        for index in shared.assigned[part] { work(&shared.tables[index], index, 1) }
      }
    }
  }

  /// Moves the tick's spawns into their tables: identities in the order the spawns were
  /// requested, one bulk append per type, spawn events in identity order.
  private mutating func insertSpawned(from context: TickContext, events: inout [EntityEvent]?) {
    guard !context.spawnOrder.isEmpty else { return }
    var idsBySlot = [[UInt64]](repeating: [], count: context.spawnBuffers.count)
    for slot in context.spawnOrder {
      idsBySlot[Int(slot)].append(nextID)
      nextID += 1
    }
    let firstEvent = events?.count ?? 0
    events?.reserveCapacity(firstEvent + context.spawnOrder.count)
    for (slot, buffer) in context.spawnBuffers.enumerated() {
      buffer.flush(into: &self, ids: idsBySlot[slot], events: &events)
    }
    if context.spawnBuffers.count > 1 {
      // Sorted in place: sorting a slice of the array would sort a copy and copy it back.
      events?.withUnsafeMutableBufferPointer { events in
        var spawnEvents = UnsafeMutableBufferPointer(rebasing: events[firstEvent...])
        spawnEvents.sort { $0.entity < $1.entity }
      }
    }
  }

  /// Moves entities of one type, already given their identities (ascending) and checked for
  /// their faction, into their table, leaving `entities` empty; a spawn event for each goes into
  /// `events`, if there are events to keep.
  @usableFromInline
  internal mutating func insert<Entity: GameObject>(
    moving entities: inout ContiguousArray<Entity>, events: inout [EntityEvent]?
  ) {
    tables[tableIndex(for: Entity.self)].append(moving: &entities, events: &events)
  }
}

/// The tables `World.forEachTable` deals out; each part changes only the tables assigned to it.
private struct TableParts: @unchecked Sendable {
  let tables: UnsafeMutableBufferPointer<any AnyEntityTable>
  let assigned: [[Int]]
}

extension Array where Element == AnyEntityID {
  /// Whether no identity is smaller than the one before it.
  ///
  /// - Complexity: O(n).
  fileprivate var isAscending: Bool {
    indices.dropFirst().allSatisfy { self[$0 - 1] <= self[$0] }
  }
}

/// What a tick measures of itself while `World.measuresSystemTimes`: each system's seconds,
/// and, through the worker pool, the parallel steps each part of the tick started.
struct TickMeasurement {
  /// Each system's seconds this tick; `nil` when times are not measured.
  var timings: [Double]?
  /// The steps this thread starts, recorded while times are measured.
  let recorded: ParallelSteps?
  /// How each system and each part of the tick's end used the threads.
  var parallelism = TickParallelism()
  /// Every step the tick started, in order.
  private var allSteps: [ParallelSteps.Step] = []

  init(systemCount: Int, measures: Bool) {
    timings = measures ? [Double](repeating: 0, count: systemCount) : nil
    recorded = measures ? ParallelSteps() : nil
  }

  /// Counts `steps` among the tick's and returns them.
  mutating func account(_ steps: [ParallelSteps.Step]) -> [ParallelSteps.Step] {
    allSteps += steps
    return steps
  }

  /// The tick's parallelism, with its steps counted and their time summed.
  var summary: TickParallelism {
    var summary = parallelism
    summary.steps = allSteps.count
    summary.secondsInSteps = Double(allSteps.reduce(UInt64(0)) { $0 &+ $1.wall }) / 1e9
    summary.oneThreadSecondsInSteps =
      Double(allSteps.reduce(UInt64(0)) { $0 &+ $1.oneThread }) / 1e9
    return summary
  }
}
