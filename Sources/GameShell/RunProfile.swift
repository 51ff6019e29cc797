import Foundation
import JSON
import TraitSandbox

/// What `run --profile` measures of a game on a `World`: each system's time per tick (the
/// spatial sort's on the ticks that sort), the whole tick's,
/// how each used its threads (its parallel steps, the time only one thread worked, its
/// busiest chunk), the set-up's, reading and writing snapshots, the final state hash, how many
/// bytes the entities take and the process's peak memory.
package struct RunProfile {
  /// The systems, in the order a tick runs them.
  package let systemNames: [String]
  /// Seconds the match took to set up, before the first tick.
  package let setupSeconds: Double
  /// Seconds each system took, tick by tick.
  package private(set) var systemSeconds: [[Double]]
  /// Seconds each whole tick took.
  package private(set) var tickSeconds: [Double] = []
  /// What the end of each tick took, after its systems.
  package private(set) var tickEnds: [TickEndTimes] = []
  /// How each tick's parts used their threads.
  package private(set) var parallelism: [TickParallelism] = []
  /// Seconds reading the `--load` file took, before it was restored (in `setupSeconds`).
  package var readSeconds: Double?
  /// Seconds saving the match to the `--save` file took.
  package var saveSeconds: Double?
  /// Seconds computing the world's state hash at the end took.
  package var hashSeconds: Double?

  /// The systems that share a parallel step, step by step, on more than one thread.
  package let sharedSteps: [[String]]
  /// The threads the world was given.
  package let threadCount: Int
  /// The fewest entities the world gives a thread (`World.minimumEntitiesPerThread`).
  package let minimumEntitiesPerThread: Int
  /// The threads each tick shared its work between (`World.tickThreadCount`).
  package private(set) var tickThreads: [Int] = []

  package init(world: World, setupSeconds: Double) {
    systemNames = world.systems.map(\.name)
    threadCount = world.threadCount
    minimumEntitiesPerThread = world.minimumEntitiesPerThread
    sharedSteps =
      world.threadCount > 1 ? world.scheduleSteps.map(\.systems).filter { $0.count > 1 } : []
    self.setupSeconds = setupSeconds
    systemSeconds = Array(repeating: [], count: world.systems.count)
  }

  /// Records one tick: its wall time, its systems' times, its end's, how many threads it
  /// shared its work between (the world's `threadCount` when `nil`) and how its parts used them.
  package mutating func record(
    tick seconds: Double, systems: [Double], end: TickEndTimes, threads: Int? = nil,
    parallelism tick: TickParallelism = TickParallelism()
  ) {
    tickSeconds.append(seconds)
    tickThreads.append(threads ?? threadCount)
    tickEnds.append(end)
    parallelism.append(tick)
    for (index, time) in systems.enumerated() where index < systemSeconds.count {
      systemSeconds[index].append(time)
    }
  }

  /// One row of the per-system table.
  package struct Row {
    package var name: String
    package var medianMilliseconds: Double
    package var maximumMilliseconds: Double
    /// The system's share of all tick time, 0...1.
    package var share: Double
    /// Its parallel steps (barriers) in a tick, the median.
    package var steps: Double = 0
    /// The time in which only one thread worked, the median, in milliseconds.
    package var oneThreadMilliseconds: Double = 0
    /// The largest share of a step's work one chunk did, over every tick.
    package var busiestChunkShare: Double = 0
  }

  /// One row per system, one for each part of the tick's end (despawns, spawns, the spatial
  /// sort), then one for the whole tick.
  package var rows: [Row] {
    let total = tickSeconds.reduce(0, +)
    func row(_ name: String, _ samples: [Double], _ parts: [Parallelism]) -> Row {
      Row(
        name: name, medianMilliseconds: samples.median * 1000,
        maximumMilliseconds: (samples.max() ?? 0) * 1000,
        share: total > 0 ? samples.reduce(0, +) / total : 0,
        steps: parts.map { Double($0.steps) }.median,
        oneThreadMilliseconds: parts.map(\.oneThreadSeconds).median * 1000,
        busiestChunkShare: parts.map(\.busiestChunkShare).max() ?? 0)
    }
    var rows = systemNames.indices.map { index in
      row(
        systemNames[index], systemSeconds[index],
        parallelism.compactMap { index < $0.systems.count ? $0.systems[index] : nil })
    }
    rows.append(row("despawns", tickEnds.map(\.despawns), parallelism.map(\.despawns)))
    rows.append(row("spawns", tickEnds.map(\.spawns), parallelism.map(\.spawns)))
    // The spatial sort runs every `World.spatialSortInterval` ticks: its row is of those.
    let sorting = sortTicks
    rows.append(
      row(
        "spatialSort", sorting.map { tickEnds[$0].spatialSort },
        sorting.compactMap { $0 < parallelism.count ? parallelism[$0].spatialSort : nil }))
    rows.append(
      Row(
        name: "tick", medianMilliseconds: tickSeconds.median * 1000,
        maximumMilliseconds: (tickSeconds.max() ?? 0) * 1000, share: total > 0 ? 1 : 0,
        steps: parallelism.map { Double($0.steps) }.median,
        oneThreadMilliseconds: zip(parallelism, tickSeconds).map {
          $0.oneThreadSeconds(ofTick: $1)
        }.median * 1000,
        busiestChunkShare: rows.map(\.busiestChunkShare).max() ?? 0))
    return rows
  }

  /// The ticks the world sorted its pools on, by place in `tickSeconds`.
  package var sortTicks: [Int] {
    tickEnds.indices.filter { tickEnds[$0].spatialSort > 0 }
  }

  /// The peak resident memory of this process so far, in bytes.
  package static var peakMemoryBytes: Int {
    var usage = rusage()
    guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
    // Linux reports kilobytes.
    return Int(usage.ru_maxrss) * 1024
  }

  // MARK: - Reports

  /// The most a tick of this run's work could speed up on 8 and 16 threads over one (Amdahl's
  /// law): its time in which one thread works stays, the rest divides. The work is the tick's
  /// one-thread time plus the rest times the threads that shared it, as on this run's median
  /// tick; `nil` on one thread, where nothing tells the two apart.
  package var speedUpBound:
    [(threads: Int, speedUp: Double, serialMilliseconds: Double, workMilliseconds: Double)]?
  {
    let threads = medianTickThreads
    guard threads > 1, let tick = rows.last, tick.medianMilliseconds > 0 else { return nil }
    let serial = min(tick.oneThreadMilliseconds, tick.medianMilliseconds)
    let work = serial + (tick.medianMilliseconds - serial) * Double(threads)
    return [8, 16].map { threads in
      (threads, work / (serial + (work - serial) / Double(threads)), serial, work)
    }
  }

  /// What `speedUpBound` says, as a line: "Amdahl's bound: at most 7.4x one thread on 8
  /// threads, 13.1x on 16 (...)".
  private var boundLine: String? {
    guard let bound = speedUpBound, bound.count == 2 else { return nil }
    return "  Amdahl's bound: at most "
      + String(
        format: "%.1fx one thread on %d threads, %.1fx on %d (%.3f ms of %.3f ms of work a tick",
        bound[0].speedUp, bound[0].threads, bound[1].speedUp, bound[1].threads,
        bound[0].serialMilliseconds, bound[0].workMilliseconds)
      + " on one thread, the rest shared out perfectly)"
  }

  /// The threads the median tick shared its work between: `threadCount` for a world large
  /// enough for them.
  package var medianTickThreads: Int {
    tickThreads.isEmpty ? threadCount : tickThreads.sorted()[tickThreads.count / 2]
  }

  /// How many ticks stepped on fewer threads than the world was given, if any did: "threads:
  /// 1,200 of 1,200 ticks stepped on 1 of the 2 given (...)".
  private var fewerThreadsLine: String? {
    let fewer = tickThreads.filter { $0 < threadCount }
    guard let least = fewer.min() else { return nil }
    let most = fewer.max() ?? least
    return "  threads: \(fewer.count) of \(tickThreads.count) ticks stepped on "
      + (least == most ? "\(least)" : "\(least) to \(most)")
      + " of the \(threadCount) given: a world shares a tick's work only between threads of"
      + " \(minimumEntitiesPerThread) entities each or more"
  }

  /// The systems that share each parallel step, if any do: "gun, melee and movement; ...".
  private var sharingLine: String? {
    guard !sharedSteps.isEmpty, medianTickThreads > 1 else { return nil }
    return "  sharing one parallel step: "
      + sharedSteps.map { names in
        names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
      }.joined(separator: "; ")
      + " (the step's time split by the time their chunks took, its steps counted on the first)"
  }

  /// The table and figures as text.
  package func text(types: [EntityTypeDescription], peakMemoryBytes: Int) -> String {
    func milliseconds(_ value: Double) -> String { String(format: "%.3f", value) }
    var lines = [
      "", "Profile (\(tickSeconds.count) ticks):",
      "  system          median ms    max ms   share   steps  1-thread ms  busiest chunk",
    ]
    let rows = rows
    for row in rows {
      lines.append(
        "  " + row.name.padding(toLength: 14, withPad: " ", startingAt: 0)
          + milliseconds(row.medianMilliseconds).leftPadded(to: 11)
          + milliseconds(row.maximumMilliseconds).leftPadded(to: 10)
          + String(format: "%.1f%%", row.share * 100).leftPadded(to: 8)
          + String(format: "%.0f", row.steps).leftPadded(to: 8)
          + milliseconds(row.oneThreadMilliseconds).leftPadded(to: 13)
          + String(format: "%.1f%%", row.busiestChunkShare * 100).leftPadded(to: 15))
    }
    if let tick = rows.last, tick.medianMilliseconds > 0 {
      lines.append(
        "  one thread works "
          + String(
            format: "%.3f ms of the median tick's %.3f ms (%.1f%%), over %.0f parallel steps",
            tick.oneThreadMilliseconds, tick.medianMilliseconds,
            tick.oneThreadMilliseconds / tick.medianMilliseconds * 100, tick.steps)
          + " (barriers) a tick: the part more threads cannot shorten")
    }
    if let bound = boundLine { lines.append(bound) }
    if let fewer = fewerThreadsLine { lines.append(fewer) }
    let sorts = sortTicks.count
    lines.append(
      "  spatialSort: the ticks that sort, \(sorts) of \(tickSeconds.count) (every "
        + "\(World.spatialSortInterval) ticks), the others taking none of its time")
    if let sharing = sharingLine { lines.append(sharing) }
    if let readSeconds {
      lines.append(
        "  setup: read the snapshot in \(milliseconds(readSeconds * 1000)) ms, restored it in "
          + "\(milliseconds(setupSeconds * 1000)) ms")
    } else {
      lines.append("  setup: \(milliseconds(setupSeconds * 1000)) ms before the first tick")
    }
    if let saveSeconds {
      lines.append("  save: \(milliseconds(saveSeconds * 1000)) ms to write the snapshot")
    }
    if let hashSeconds {
      lines.append("  stateHash: \(milliseconds(hashSeconds * 1000)) ms to compute")
    }
    let totalCount = types.reduce(0) { $0 + $1.entityCount }
    let totalBytes = types.reduce(0) { $0 + $1.entityCount * $1.entityStride }
    let average = totalCount > 0 ? Double(totalBytes) / Double(totalCount) : 0
    lines.append(
      "  bytes per entity: " + String(format: "%.1f", average) + " on average ("
        + types.map { "\($0.name) \($0.entityStride)" }.joined(separator: ", ") + ")")
    lines.append(
      "  peak memory: " + String(format: "%.1f", Double(peakMemoryBytes) / 1_048_576) + " MiB")
    return lines.joined(separator: "\n") + "\n"
  }
}
