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
    context.threadCount = threadCount
    isStepping = true
    var timings: [Double]? =
      measuresSystemTimes ? [Double](repeating: 0, count: systems.count) : nil
    // Every parallel step this thread starts, recorded while times are measured.
    let recorded = measuresSystemTimes ? ParallelSteps() : nil
    var parallelism = TickParallelism()
    var allSteps: [ParallelSteps.Step] = []
    func account(_ steps: [ParallelSteps.Step]) -> [ParallelSteps.Step] {
      allSteps += steps
      return steps
    }
    if let recorded { WorkerPool.shared.recordSteps(into: recorded) }
    defer { if recorded != nil { WorkerPool.shared.recordSteps(into: nil) } }
    // Systems whose declarations allow it share a parallel step (`stepPlan`); one after
    // another on one thread, and when each system's result is observed.
    let shares = threadCount > 1 && observe == nil
    if shares && plannedTables != tables.count {
      plannedSteps = stepPlan().steps
      plannedTables = tables.count
    }
    for step in shares ? plannedSteps : systems.indices.map({ [$0] }) {
      if step.count > 1 {
        let start = timings == nil ? 0 : DispatchTime.now().uptimeNanoseconds
        let work = stepAcrossTypes(systems: step, in: &context)
        if timings != nil {
          // The step's time goes to its systems by the time their chunks took.
          let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
          let whole = Parallelism(
            seconds: seconds, steps: recorded.map { account($0.take()) } ?? [])
          let total = max(work.reduce(0, +), 1)
          for (member, system) in step.enumerated() {
            let share = Double(work[member]) / Double(total)
            timings?[system] += seconds * share
            if recorded != nil {
              parallelism.systems.append(whole.share(share, keepsSteps: member == 0))
            }
          }
        }
        context.targets.applyPendingDamage()
        continue
      }
      let systemIndex = step[0]
      let system = systems[systemIndex]
      switch system.body {
      case .perType where system.runsInParallel && threadCount > 1:
        let start = timings == nil ? 0 : DispatchTime.now().uptimeNanoseconds
        _ = stepAcrossTypes(systems: [systemIndex], in: &context)
        if timings != nil {
          timings?[systemIndex] += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
      case .perType:
        let chunkSize = system.runsInParallel ? Self.chunkSize : nil
        for index in tablesBySystem[systemIndex] {
          tables[index].run(
            system: systemIndex, chunkSize: chunkSize,
            salt: chunkSalt(system: systemIndex, table: index), in: &context, timings: &timings)
        }
      case .world(let run):
        let start = timings == nil ? 0 : DispatchTime.now().uptimeNanoseconds
        run(&context)
        if timings != nil {
          timings?[systemIndex] += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
      }
      if let recorded, let timings {
        parallelism.systems.append(
          Parallelism(seconds: timings[systemIndex], steps: account(recorded.take())))
      }
      context.targets.applyPendingDamage()
      if let observe { observe(system.name, stateHash(random: context.random)) }
    }
    isStepping = false
    lastSystemTimes = timings ?? []
    random = context.random
    let measures = timings != nil
    var mark = measures ? DispatchTime.now().uptimeNanoseconds : 0
    // The seconds since the last lap, when times are measured.
    func lap() -> Double {
      guard measures else { return 0 }
      let now = DispatchTime.now().uptimeNanoseconds
      defer { mark = now }
      return Double(now - mark) / 1e9
    }
    var endTimes = TickEndTimes()
    // What a part of the tick's end took, and how it used its threads.
    func measure(_ part: WritableKeyPath<TickParallelism, Parallelism>) -> Double {
      let seconds = lap()
      if let recorded {
        parallelism[keyPath: part] = Parallelism(seconds: seconds, steps: account(recorded.take()))
      }
      return seconds
    }
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
      let grid = context.targets.grid
      let sizes = tables.map(\.entityCount)
      var scratch = sortScratch
      sortScratch = []
      scratch.append(
        contentsOf: repeatElement(SpatialSortScratch(), count: max(0, threadCount - scratch.count)))
      scratch.withUnsafeMutableBufferPointer { scratch in
        let scratch = SortScratchParts(buffer: scratch)
        forEachTable(Array(tables.indices), weights: sizes) { table, _, part, threads in
          table.sortSpatially(by: grid, scratch: &scratch.buffer[part], threads: threads)
        }
      }
      sortScratch = scratch
      endTimes.spatialSort = measure(\.spatialSort)
    }
    lastTickEndTimes = endTimes
    if let recorded {
      _ = account(recorded.take())
      parallelism.steps = allSteps.count
      parallelism.secondsInSteps = Double(allSteps.reduce(UInt64(0)) { $0 &+ $1.wall }) / 1e9
      parallelism.oneThreadSecondsInSteps =
        Double(allSteps.reduce(UInt64(0)) { $0 &+ $1.oneThread }) / 1e9
      lastTickParallelism = parallelism
    }
    swap(&targets, &context.targets)
  }

  /// Ticks between the world's spatial sorts: after the first tick and every this many ticks,
  /// each pool is put back in grid-cell order, which entities drift out of as they move.
  public static let spatialSortInterval: UInt64 = 16

  /// Entities per chunk when a system that draws random numbers runs in parallel. Fixed, so
  /// that how a pool is cut into chunks, and so each chunk's random stream and every result,
  /// depends only on how many entities it has, never on how many threads step it. (A job that
  /// draws none steps to the same result in chunks of any size: `chunkSize(entities:threads:)`.)
  public static let chunkSize = 4096

  /// The chunk size for `entities` of a type whose job draws no random numbers, on `threads`
  /// threads: `chunkSize`, or a chunk per thread for fewer entities, but no fewer than 512 a
  /// chunk (a chunk's context costs about as much as stepping a few hundred entities).
  static func chunkSize(entities: Int, threads: Int) -> Int {
    max(512, min(chunkSize, (entities + threads - 1) / max(threads, 1)))
  }

  /// What the random streams of a system's chunks in one table are derived with, on this tick.
  private func chunkSalt(system: Int, table: Int) -> UInt64 {
    (tick &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(system) << 48 ^ UInt64(table) << 32
  }

  /// Steps systems that run in parallel over every type bound to them in one parallel step:
  /// the chunks of all the types (of every system of `step`, whose declarations do not
  /// conflict: `stepPlan`) are shared between the threads, so a thread done with one type's
  /// chunks goes on to the next type's instead of waiting for the others to finish. Returns
  /// the nanoseconds each system's chunks took, by place in `step`.
  ///
  /// Each chunk has its own context, with the random stream it has when types are stepped one
  /// after another, and the contexts merge in system, type and chunk order: the result is the
  /// one stepping the systems and types in turn gives. A type of one chunk whose job draws
  /// random numbers steps first, on the caller, on the tick's own random stream, which the
  /// types after it derive theirs from; the others' chunks, one or many, go to the threads,
  /// which claim them longest first, by the last tick's times (`claimOrder`).
  private mutating func stepAcrossTypes(systems step: [Int], in context: inout TickContext)
    -> [UInt64]
  {
    // Each run is one type of one system: where its contexts go, and for the chunks the
    // threads step, the random stream and salt theirs are made from.
    var runs:
      [(
        system: Int, table: Int, chunks: SystemChunks, contexts: Range<Int>, onCaller: Bool,
        random: SeededRandom, salt: UInt64
      )] = []
    // The contexts of the types stepped now, by slot.
    var stepped: [(slot: Int, context: TickContext)] = []
    var slots = 0
    var work = [UInt64](repeating: 0, count: step.count)
    #if DEBUG
      var randomBefore: [SeededRandom] = []
      var randomAfter: [SeededRandom] = []
    #endif
    for (member, system) in step.enumerated() {
      for index in tablesBySystem[system] {
        // A type whose job draws no random numbers steps to the same result in chunks of any
        // size: one too small for `chunkSize` to share is cut into a chunk per thread.
        let draws = tables[index].effects(of: system)?.contains(.randomness) != false
        let chunkSize =
          draws
          ? Self.chunkSize
          : Self.chunkSize(entities: tables[index].entityCount, threads: threadCount)
        guard let chunks = tables[index].chunks(system: system, chunkSize: chunkSize)
        else { continue }
        #if DEBUG
          randomBefore.append(context.random)
        #endif
        // A type of one chunk that draws random numbers steps now, on the tick's stream; one
        // that does not joins the parallel step with the tick's stream as it stands, which
        // it leaves as it found it (debug builds check).
        let onCaller = chunks.count == 1 && draws
        if onCaller {
          var own = context.chunkContext(random: context.random)
          let start = DispatchTime.now().uptimeNanoseconds
          chunks.step(0, &own)
          work[member] += DispatchTime.now().uptimeNanoseconds &- start
          context.random = own.random
          stepped.append((slots, own))
        }
        #if DEBUG
          randomAfter.append(context.random)
        #endif
        runs.append(
          (
            system, index, chunks, slots..<(slots + chunks.count), onCaller, context.random,
            chunks.count == 1 ? 0 : chunkSalt(system: system, table: index)
          ))
        slots += chunks.count
      }
    }
    // Every slot gets its context: those stepped already now, the others on the thread that
    // steps them, which makes it (a copy of the tick's index and a random stream each: work
    // enough, over a few hundred chunks, to be worth sharing).
    let contexts = UnsafeMutableBufferPointer<TickContext>.allocate(capacity: slots)
    defer {
      _ = contexts.deinitialize()
      contexts.deallocate()
    }
    for (slot, own) in stepped {
      (contexts.baseAddress.unsafelyUnwrapped + slot).initialize(to: own)
    }
    // Every chunk not stepped yet, numbered one after another.
    let sharedRuns = runs.indices.filter { !runs[$0].onCaller }
    let shared = sharedRuns.map { run in
      SharedRun(
        chunks: runs[run].chunks, slots: runs[run].contexts, random: runs[run].random,
        salt: runs[run].salt)
    }
    let total = shared.reduce(0) { $0 + $1.slots.count }
    #if DEBUG
      // What each slot's random stream was before its chunk stepped.
      var chunkRandomBefore = [SeededRandom](repeating: context.random, count: slots)
    #endif
    if total > 0 {
      // The step's chunk times are kept under its first system.
      let key = step[0]
      if chunkDurations.count < systems.count {
        chunkDurations.append(
          contentsOf: repeatElement([], count: systems.count - chunkDurations.count))
      }
      let order = Self.claimOrder(lastDurations: chunkDurations[key], count: total)
      var durations = chunkDurations[key]
      chunkDurations[key] = []
      durations.removeAll(keepingCapacity: true)
      durations.append(contentsOf: repeatElement(0, count: total))
      let template = TemplateContext(context: context)
      durations.withUnsafeMutableBufferPointer { durations in
        #if DEBUG
          chunkRandomBefore.withUnsafeMutableBufferPointer { randomBefore in
            step(randomBefore: randomBefore)
          }
        #else
          step(randomBefore: nil)
        #endif
        func step(randomBefore: UnsafeMutableBufferPointer<SeededRandom>?) {
          let work = ChunksAcrossTypes(
            runs: shared, contexts: contexts, order: order, durations: durations,
            template: template, randomBefore: randomBefore)
          WorkerPool.shared.forEach(total, threads: threadCount) { claim in
            let item = work.order[claim]
            var run = 0
            var chunk = item
            while chunk >= work.runs[run].slots.count {
              chunk -= work.runs[run].slots.count
              run += 1
            }
            let shared = work.runs[run]
            let slot = shared.slots.lowerBound + chunk
            let start = DispatchTime.now().uptimeNanoseconds
            // A type of one chunk keeps the tick's stream; chunks of more, streams of their own.
            let random =
              shared.slots.count == 1
              ? shared.random : shared.random.derived(shared.salt ^ UInt64(chunk))
            let target = work.contexts.baseAddress.unsafelyUnwrapped + slot
            target.initialize(to: work.template.context.chunkContext(random: random))
            work.randomBefore?[slot] = random
            shared.chunks.step(chunk, &target.pointee)
            work.durations[item] = DispatchTime.now().uptimeNanoseconds &- start
          }
        }
      }
      var next = 0
      for run in sharedRuns {
        let member = step.firstIndex(of: runs[run].system) ?? 0
        let count = runs[run].contexts.count
        work[member] += durations[next..<(next + count)].reduce(0, &+)
        next += count
      }
      chunkDurations[key] = durations
    }
    #if DEBUG
      // A type of one chunk stepped with the others: what it left of the tick's stream. A
      // chunk of a type whose job declares no random numbers (cut by the thread count) that
      // drew some: the run's check below names it.
      for run in sharedRuns {
        if runs[run].chunks.count == 1 {
          randomAfter[run] = contexts[runs[run].contexts.lowerBound].random
        } else if let drawn = runs[run].contexts.first(where: {
          contexts[$0].random != chunkRandomBefore[$0]
        }) {
          randomAfter[run] = contexts[drawn].random
        }
      }
    #endif
    for run in runs.indices {
      #if DEBUG
        var before = EffectCounts(context)
        before.random = randomBefore[run]
      #endif
      context.merge(UnsafeMutableBufferPointer(rebasing: contexts[runs[run].contexts]))
      #if DEBUG
        var after = EffectCounts(context)
        after.random = randomAfter[run]
        tables[runs[run].table].checkEffects(of: runs[run].system, before: before, after: after)
      #endif
    }
    return work
  }

  /// The order a parallel step hands out its `count` chunks in: the longest of the last tick
  /// first, so that the chunks left for the end, when a thread may run out of work while
  /// another finishes, are the shortest; in chunk order when the last tick had other chunks.
  ///
  /// A chunk's result is its own whichever thread claims it when: the order changes only how
  /// evenly the threads share the work.
  /// - Complexity: O(c log c) for c chunks.
  static func claimOrder(lastDurations: [UInt64], count: Int) -> [Int] {
    guard lastDurations.count == count else { return Array(0..<count) }
    return (0..<count).sorted { (lastDurations[$0], $1) > (lastDurations[$1], $0) }
  }

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
    forEachTable(
      tables.indices.filter { !ids[$0].isEmpty }, weights: ids.map(\.count)
    ) { table, index, _, threads in
      table.removeAll(sortedIDs: ids[index].sorted(), threads: threads)
    }
  }

  /// Runs `work` on each table of `indices`, whose work is independent of every other
  /// table's, sharing the world's threads between the tables.
  ///
  /// The tables of a small world (fewer than two `Parts` of entities in all), and a table
  /// heavier by `weights` (indexed by table) than one thread's share of the total, work alone,
  /// with every thread for their own use; the others are dealt out to as many parts as their
  /// entities are worth threads (up to `threadCount`), the heaviest first, each to the part
  /// with the least weight so far, and the parts run at once, one thread each. `work` gets the
  /// table, its index, its part (below `threadCount`) and the threads it may use; no table's
  /// result depends on the thread count.
  private mutating func forEachTable(
    _ indices: [Int], weights: [Int],
    _ work:
      @Sendable (inout any AnyEntityTable, _ index: Int, _ part: Int, _ threads: Int) ->
      Void
  ) {
    // As many threads as the tables' entities are worth (`Parts`: a thread per 4,096 at most):
    // the tables of a small world take turns on this thread.
    let threads = Parts(
      count: indices.reduce(0) { $0 + tables[$1].entityCount }, threads: threadCount
    ).count
    let total = indices.reduce(0) { $0 + max(weights[$1], 1) }
    var light: [Int] = []
    for index in indices {
      if threads == 1 || max(weights[index], 1) * threads > total {
        work(&tables[index], index, 0, threadCount)
      } else {
        light.append(index)
      }
    }
    guard light.count > 1 else {
      for index in light { work(&tables[index], index, 0, threadCount) }
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
        for index in shared.assigned[part] { work(&shared.tables[index], index, part, 1) }
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

/// What the threads of `World.stepAcrossTypes` share: each chunk writes only its own context.
private struct ChunksAcrossTypes: @unchecked Sendable {
  let runs: [SharedRun]
  /// Each chunk's context, by slot; each chunk makes and writes only its own.
  let contexts: UnsafeMutableBufferPointer<TickContext>
  /// The chunk each claim takes, by claim.
  let order: [Int]
  /// How long each chunk took, by chunk; each chunk writes only its own.
  let durations: UnsafeMutableBufferPointer<UInt64>
  /// The tick's context, which each chunk's is made from; read only.
  let template: TemplateContext
  /// In debug builds, each slot's random stream before its chunk stepped.
  let randomBefore: UnsafeMutableBufferPointer<SeededRandom>?
}

/// A type of a system whose chunks the threads step: its chunks, its contexts' slots, and the
/// random stream and salt its chunks' streams are made from.
private struct SharedRun {
  let chunks: SystemChunks
  let slots: Range<Int>
  let random: SeededRandom
  let salt: UInt64
}

/// The tick's context, read by every thread of a parallel step to make its chunks' contexts.
private struct TemplateContext: @unchecked Sendable {
  let context: TickContext
}

/// The tables `World.forEachTable` deals out; each part changes only the tables assigned to it.
private struct TableParts: @unchecked Sendable {
  let tables: UnsafeMutableBufferPointer<any AnyEntityTable>
  let assigned: [[Int]]
}

/// The spatial sort's scratch buffers, one per part of `World.forEachTable`; each part uses
/// only its own.
private struct SortScratchParts: @unchecked Sendable {
  let buffer: UnsafeMutableBufferPointer<SpatialSortScratch>
}
