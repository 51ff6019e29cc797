import Dispatch

extension World {
  /// The chunk size for `entities` of a type whose job draws no random numbers, on `threads`
  /// threads: `chunkSize`, or a chunk per thread for fewer entities, but no fewer than 512 a
  /// chunk (a chunk's context costs about as much as stepping a few hundred entities).
  static func chunkSize(entities: Int, threads: Int) -> Int {
    max(512, min(chunkSize, (entities + threads - 1) / max(threads, 1)))
  }

  /// What the random streams of a system's chunks in one table are derived with, on this tick.
  func chunkSalt(system: Int, table: Int) -> UInt64 {
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
  /// which claim them longest first, by the last tick's times (`claimOrder`). When
  /// `handingOverChunks`, a thread that claims a type's chunk steps it through every system of
  /// the step bound to the type, in schedule order (the systems conflict only in parts of the
  /// same entities, and cut the type into the same chunks).
  mutating func stepAcrossTypes(
    systems step: [Int], handingOverChunks: Bool, in context: inout TickContext
  ) -> [UInt64] {
    var plan = planAcrossTypes(step, in: &context)
    // Every slot gets its context: those stepped already now, the others on the thread that
    // steps them, which makes it (a copy of the tick's index and a random stream each: work
    // enough, over a few hundred chunks, to be worth sharing).
    let contexts = UnsafeMutableBufferPointer<TickContext>.allocate(capacity: plan.slots)
    defer {
      _ = contexts.deinitialize()
      contexts.deallocate()
    }
    for (slot, own) in plan.stepped {
      (contexts.baseAddress.unsafelyUnwrapped + slot).initialize(to: own)
    }
    let sharedRuns = plan.runs.indices.filter { !plan.runs[$0].onCaller }
    let claims = ChunkClaims(plan, sharedRuns: sharedRuns, handingOver: handingOverChunks)
    // What each slot's random stream was before its chunk stepped, in debug builds.
    var chunkRandomBefore = [SeededRandom]()
    #if DEBUG
      chunkRandomBefore = [SeededRandom](repeating: context.random, count: plan.slots)
    #endif
    if let durations = stepShared(
      claims, key: step[0], contexts: contexts, template: context,
      randomBefore: &chunkRandomBefore)
    {
      for run in sharedRuns {
        let member = step.firstIndex(of: plan.runs[run].system) ?? 0
        plan.work[member] += durations[plan.runs[run].contexts].reduce(0, &+)
      }
    }
    merge(
      plan, contexts: contexts, sharedRuns: sharedRuns, randomBefore: chunkRandomBefore,
      into: &context)
    return plan.work
  }

  /// Merges the runs' contexts into `context`, in run and chunk order; debug builds check
  /// each run's effects against its system's declaration.
  private func merge(
    _ plan: AcrossTypesPlan, contexts: UnsafeMutableBufferPointer<TickContext>,
    sharedRuns: [Int], randomBefore chunkRandomBefore: [SeededRandom],
    into context: inout TickContext
  ) {
    #if DEBUG
      var randomAfter = plan.randomAfter
      // A type of one chunk stepped with the others: what it left of the tick's stream. A
      // chunk of a type whose job declares no random numbers (cut by the thread count) that
      // drew some: the run's check below names it.
      for run in sharedRuns {
        if plan.runs[run].chunks.count == 1 {
          randomAfter[run] = contexts[plan.runs[run].contexts.lowerBound].random
        } else if let drawn = plan.runs[run].contexts.first(where: {
          contexts[$0].random != chunkRandomBefore[$0]
        }) {
          randomAfter[run] = contexts[drawn].random
        }
      }
    #endif
    for run in plan.runs.indices {
      #if DEBUG
        var before = EffectCounts(context)
        before.random = plan.randomBefore[run]
      #endif
      context.merge(UnsafeMutableBufferPointer(rebasing: contexts[plan.runs[run].contexts]))
      #if DEBUG
        var after = EffectCounts(context)
        after.random = randomAfter[run]
        tables[plan.runs[run].table].checkEffects(
          of: plan.runs[run].system, before: before, after: after)
      #endif
    }
  }

  /// The runs of a parallel step, a type of a system each, with their contexts' slots; a type
  /// of one chunk whose job draws random numbers steps now, on the tick's stream.
  private mutating func planAcrossTypes(
    _ step: [Int], in context: inout TickContext
  ) -> AcrossTypesPlan {
    var plan = AcrossTypesPlan(work: [UInt64](repeating: 0, count: step.count))
    for (member, system) in step.enumerated() {
      for index in tablesBySystem[system] {
        // A type whose job draws no random numbers steps to the same result in chunks of any
        // size: one too small for `chunkSize` to share is cut into a chunk per thread.
        let draws = tables[index].effects(of: system)?.contains(.randomness) != false
        let chunkSize =
          draws
          ? Self.chunkSize
          : Self.chunkSize(entities: tables[index].entityCount, threads: tickThreadCount)
        guard let chunks = tables[index].chunks(system: system, chunkSize: chunkSize)
        else { continue }
        #if DEBUG
          plan.randomBefore.append(context.random)
        #endif
        // A type of one chunk that draws random numbers steps now, on the tick's stream; one
        // that does not joins the parallel step with the tick's stream as it stands, which
        // it leaves as it found it (debug builds check).
        let onCaller = chunks.count == 1 && draws
        if onCaller {
          var own = context.chunkContext(random: context.random)
          let start = DispatchTime.now().uptimeNanoseconds
          chunks.step(0, &own)
          plan.work[member] += DispatchTime.now().uptimeNanoseconds &- start
          context.random = own.random
          plan.stepped.append((plan.slots, own))
        }
        #if DEBUG
          plan.randomAfter.append(context.random)
        #endif
        plan.runs.append(
          AcrossTypesPlan.Run(
            system: system, table: index, chunks: chunks,
            contexts: plan.slots..<(plan.slots + chunks.count), onCaller: onCaller,
            random: context.random,
            salt: chunks.count == 1 ? 0 : chunkSalt(system: system, table: index)))
        plan.slots += chunks.count
      }
    }
    return plan
  }

  /// Steps the claims' chunks on the threads, longest of the last tick first, each into its
  /// slot of `contexts`, and returns how long each slot's chunk took (0 for those stepped
  /// before); `nil` when there are none. The claims' times are kept under `key`, the step's
  /// first system.
  private mutating func stepShared(
    _ claims: ChunkClaims, key: Int, contexts: UnsafeMutableBufferPointer<TickContext>,
    template context: TickContext, randomBefore chunkRandomBefore: inout [SeededRandom]
  ) -> [UInt64]? {
    let total = claims.items.count
    guard total > 0 else { return nil }
    if chunkDurations.count < systems.count {
      chunkDurations.append(
        contentsOf: repeatElement([], count: systems.count - chunkDurations.count))
    }
    let order = Self.claimOrder(lastDurations: chunkDurations[key], count: total)
    var durations = [UInt64](repeating: 0, count: contexts.count)
    let template = TemplateContext(context: context)
    let threads = tickThreadCount
    durations.withUnsafeMutableBufferPointer { durations in
      chunkRandomBefore.withUnsafeMutableBufferPointer { randomBefore in
        let work = ChunksAcrossTypes(
          claims: claims, contexts: contexts, order: order, durations: durations,
          template: template, randomBefore: randomBefore.isEmpty ? nil : randomBefore)
        WorkerPool.shared.forEach(total, threads: threads) { claim in work.step(claim: claim) }
      }
    }
    var itemDurations = chunkDurations[key]
    itemDurations.removeAll(keepingCapacity: true)
    for item in claims.items {
      itemDurations.append(claims.members[item].reduce(0) { $0 &+ durations[$1] })
    }
    chunkDurations[key] = itemDurations
    return durations
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
}

/// What the threads of `World.stepAcrossTypes` claim: items of one chunk of a type, or, when
/// its systems hand chunks over, one chunk of a type for each of the step's systems bound to
/// it, stepped in schedule order.
private struct ChunkClaims {
  /// The runs whose chunks the threads step.
  var runs: [SharedRun] = []
  /// For each slot, the place in `runs` of the run it belongs to (-1 for those stepped before).
  var slotRuns: [Int]
  /// The slots each item steps, in order, as ranges of `members`.
  var items: [Range<Int>] = []
  /// Every item's slots, one item after another.
  var members: [Int] = []

  init(_ plan: AcrossTypesPlan, sharedRuns: [Int], handingOver: Bool) {
    slotRuns = [Int](repeating: -1, count: plan.slots)
    for run in sharedRuns {
      for slot in plan.runs[run].contexts { slotRuns[slot] = runs.count }
      runs.append(
        SharedRun(
          chunks: plan.runs[run].chunks, slots: plan.runs[run].contexts,
          random: plan.runs[run].random, salt: plan.runs[run].salt))
    }
    guard handingOver else {
      for run in runs {
        for slot in run.slots {
          items.append(members.count..<(members.count + 1))
          members.append(slot)
        }
      }
      return
    }
    // Each type's runs, in schedule order, all cut into the same chunks.
    var tables: [Int] = []
    var runsByTable: [Int: [Int]] = [:]
    for (place, run) in sharedRuns.enumerated() {
      let table = plan.runs[run].table
      if runsByTable[table] == nil { tables.append(table) }
      runsByTable[table, default: []].append(place)
    }
    for table in tables {
      let ofTable = runsByTable[table] ?? []
      let chunkCount = runs[ofTable[0]].slots.count
      precondition(
        ofTable.allSatisfy { runs[$0].slots.count == chunkCount },
        "systems that hand chunks over cut a type into different chunks")
      for chunk in 0..<chunkCount {
        let first = members.count
        for place in ofTable { members.append(runs[place].slots.lowerBound + chunk) }
        items.append(first..<members.count)
      }
    }
  }
}

/// What the threads of `World.stepAcrossTypes` share: each chunk writes only its own context.
private struct ChunksAcrossTypes: @unchecked Sendable {
  let claims: ChunkClaims
  /// Each chunk's context, by slot; each chunk makes and writes only its own.
  let contexts: UnsafeMutableBufferPointer<TickContext>
  /// The item each claim takes, by claim.
  let order: [Int]
  /// How long each slot's chunk took; each chunk writes only its own.
  let durations: UnsafeMutableBufferPointer<UInt64>
  /// The tick's context, which each chunk's is made from; read only.
  let template: TemplateContext
  /// In debug builds, each slot's random stream before its chunk stepped.
  let randomBefore: UnsafeMutableBufferPointer<SeededRandom>?

  /// Steps the chunks of the item claim `claim` hands out, on the calling thread, each into
  /// its own context.
  @inline(__always)
  func step(claim: Int) {
    var start = DispatchTime.now().uptimeNanoseconds
    for member in claims.items[order[claim]] {
      let slot = claims.members[member]
      let shared = claims.runs[claims.slotRuns[slot]]
      let chunk = slot - shared.slots.lowerBound
      // A type of one chunk keeps the tick's stream; chunks of more, streams of their own.
      let random =
        shared.slots.count == 1
        ? shared.random : shared.random.derived(shared.salt ^ UInt64(chunk))
      let target = contexts.baseAddress.unsafelyUnwrapped + slot
      target.initialize(to: template.context.chunkContext(random: random))
      randomBefore?[slot] = random
      shared.chunks.step(chunk, &target.pointee)
      let end = DispatchTime.now().uptimeNanoseconds
      durations[slot] = end &- start
      start = end
    }
  }
}

/// What a parallel step of `World.stepAcrossTypes` steps: a run for each type of each of its
/// systems, the contexts those stepped on the caller left, and each system's time so far.
private struct AcrossTypesPlan {
  /// One type of one system: where its contexts go, and for the chunks the threads step, the
  /// random stream and salt theirs are made from.
  struct Run {
    var system: Int
    var table: Int
    var chunks: _SystemChunks
    var contexts: Range<Int>
    var onCaller: Bool
    var random: SeededRandom
    var salt: UInt64
  }

  var runs: [Run] = []
  /// The contexts of the types stepped on the caller, by slot.
  var stepped: [(slot: Int, context: TickContext)] = []
  /// The contexts of all the runs.
  var slots = 0
  /// Each system's nanoseconds, by place in the step.
  var work: [UInt64]
  #if DEBUG
    /// The tick's random stream before and after each run, for the effect checks.
    var randomBefore: [SeededRandom] = []
    var randomAfter: [SeededRandom] = []
  #endif
}

/// A type of a system whose chunks the threads step: its chunks, its contexts' slots, and the
/// random stream and salt its chunks' streams are made from.
private struct SharedRun {
  let chunks: _SystemChunks
  let slots: Range<Int>
  let random: SeededRandom
  let salt: UInt64
}

/// The tick's context, read by every thread of a parallel step to make its chunks' contexts.
private struct TemplateContext: @unchecked Sendable {
  let context: TickContext
}
