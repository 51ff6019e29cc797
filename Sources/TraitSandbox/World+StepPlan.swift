/// A group of systems a tick runs as one parallel step, and why it does not share the step
/// before it.
public struct ScheduleStep: Sendable, Equatable {
  /// The names of the systems of the step, in schedule order.
  public var systems: [String]
  /// Why the step waits for the one before it to finish (a barrier): what one of its systems
  /// reads or writes that a system of the step before writes or reads. `nil` for the first.
  public var barrier: String?
  /// Why systems of the step take each chunk of entities from an earlier one of the step
  /// instead of waiting for all of its chunks: what a system reads or writes of the same
  /// entities that the earlier one writes or reads. Empty when its systems step apart.
  public var handovers: [String] = []
}

/// One parallel step as the world plans it: its systems by index, whether a type's chunks go
/// through the step's systems one after another on one thread, and what `ScheduleStep` says.
struct PlannedStep: Equatable {
  var systems: [Int]
  /// Whether each chunk of a type steps through every system of the step bound to the type,
  /// in schedule order, on the thread that claimed it (no system then draws random numbers on
  /// a type another system of the step steps, so they all cut such a type into the same
  /// chunks: a chunk per thread).
  var handsOverChunks = false
  var barrier: String?
  var handovers: [String] = []
}

extension World {
  /// The tick's systems grouped into parallel steps, each with the reason for the barrier
  /// before it: what `sandbox describe` prints.
  ///
  /// On more than one thread, systems next to each other in the schedule share one parallel
  /// step when their declarations do not conflict (see `SystemJob`): neither writes a part of
  /// an entity type the other reads or writes, neither fills the target index, and none reads
  /// the damage an earlier one of the step deals. Their chunks are shared between the threads
  /// at once and merged in schedule order, so the result is the one running them one after
  /// another gives. Systems that conflict only in parts of the same entities (movement writes
  /// the position the projectile system reads) share a step too when none of them draws random
  /// numbers on a type another steps: a type's chunk then steps through them in schedule order
  /// on one thread, handed from one system to the next, as each entity would step through
  /// them one system at a time. Systems that work on the world as a whole, or step their types on
  /// one thread, run alone. The grouping depends on the registered entity types.
  /// - Complexity: O(systems x types x declared parts^2).
  public var scheduleSteps: [ScheduleStep] {
    stepPlan().map {
      ScheduleStep(
        systems: $0.systems.map { systems[$0].name }, barrier: $0.barrier,
        handovers: $0.handovers)
    }
  }

  /// The systems of each parallel step, by index, with the reason for the barrier before each
  /// and for each chunk handed over inside it.
  func stepPlan() -> [PlannedStep] {
    var steps: [PlannedStep] = []
    for system in systems.indices {
      guard var last = steps.last else {
        steps.append(PlannedStep(systems: [system]))
        continue
      }
      var barrier: String?
      var handover: String?
      for earlier in last.systems {
        switch conflict(between: earlier, and: system) {
        case .barrier(let reason): barrier = barrier ?? reason
        case .sameEntities(let reason): handover = handover ?? reason
        case nil: break
        }
      }
      if barrier == nil, handover != nil || last.handsOverChunks,
        let (drawing, table) = drawsOnSharedType(last.systems + [system])
      {
        let fixed =
          "\(systems[drawing].name) draws random numbers on \(tables[table].typeName) in chunks "
          + "of a fixed size"
        barrier =
          handover.map { "\($0), and \(fixed)" } ?? fixed + ", which handed-over chunks cannot keep"
      }
      if let barrier {
        steps.append(PlannedStep(systems: [system], barrier: barrier))
        continue
      }
      last.systems.append(system)
      if let handover {
        last.handsOverChunks = true
        last.handovers.append(handover)
      }
      steps[steps.count - 1] = last
    }
    return steps
  }

  /// A system of `step` that may draw random numbers on a type another system of `step`
  /// steps too, and the type's table: a step with one cannot hand that type's chunks over.
  private func drawsOnSharedType(_ step: [Int]) -> (system: Int, table: Int)? {
    for table in tables.indices {
      let bound = step.filter { tables[table].isBound(to: $0) }
      guard bound.count > 1 else { continue }
      if let drawing = bound.first(where: {
        tables[table].effects(of: $0)?.contains(.randomness) != false
      }) {
        return (drawing, table)
      }
    }
    return nil
  }

  /// Why `later` cannot share a parallel step with `earlier`, which the schedule runs before
  /// it, or may share it only by taking the chunks `earlier` has stepped; `nil` when it can
  /// step beside it.
  func conflict(between earlier: Int, and later: Int) -> StepConflict? {
    for system in [earlier, later] {
      guard case .perType = systems[system].body else {
        return .barrier("\(systems[system].name) works on the world as a whole")
      }
      guard systems[system].runsInParallel else {
        return .barrier("\(systems[system].name) steps each type on its own")
      }
    }
    let (first, second) = (systems[earlier].name, systems[later].name)
    var dealsDamage = false
    var readsDamage = false
    for table in tablesBySystem[earlier] {
      if let declared = tables[table].accesses(of: earlier) {
        dealsDamage = dealsDamage || declared.effects.contains(.damage)
      }
    }
    for table in tablesBySystem[later] {
      if let declared = tables[table].accesses(of: later) {
        readsDamage = readsDamage || declared.effects.contains(.readsDamage)
      }
    }
    if dealsDamage && readsDamage { return .barrier("\(second) reads the damage \(first) deals") }
    for table in tablesBySystem[earlier] where tables[table].isBound(to: later) {
      guard let one = tables[table].accesses(of: earlier),
        let other = tables[table].accesses(of: later)
      else { continue }
      let layout = tables[table].layout
      let type = tables[table].typeName
      // A system writes only the entities it steps: what two systems share of one type is
      // each entity's own.
      if let part = Self.overlap(one.writes, other.reads + other.writes, in: layout) {
        return .sameEntities("\(second) reads or writes \(part) of \(type), which \(first) writes")
      }
      if let part = Self.overlap(other.writes, one.reads, in: layout) {
        return .sameEntities("\(second) writes \(part) of \(type), which \(first) reads")
      }
    }
    return nil
  }

  /// The first part of `parts` whose stored properties overlap those of a part of `others`.
  static func overlap(_ parts: [String], _ others: [String], in layout: EntityLayout)
    -> String?
  {
    let held = others.map { properties(of: $0, in: layout) }
    return parts.first { part in
      let mine = properties(of: part, in: layout)
      return held.contains { !$0.isDisjoint(with: mine) }
    }
  }

  /// The stored properties (by index in `layout.properties`) a declared part of an entity
  /// may be kept in: its own property when the type stores it, every property when the type
  /// computes it (from anything).
  static func properties(of part: String, in layout: EntityLayout) -> Set<Int> {
    let all = Set(layout.properties.indices)
    let properties = layout.properties.indices
    switch part {
    case ColumnAccesses.ownStateName:
      return Set(properties.filter { !layout.properties[$0].isComponent })
    case "position":
      return layout.positionOffset.map { offset in
        Set(properties.filter { layout.properties[$0].offset == offset })
      } ?? all
    case "identity":
      return layout.identityOffset.map { offset in
        Set(properties.filter { layout.properties[$0].offset == offset })
      } ?? all
    case "faction":
      return layout.factionOffset.map { offset in
        Set(properties.filter { layout.properties[$0].offset == offset })
      } ?? all
    default:
      let stored = properties.filter {
        layout.properties[$0].isComponent && layout.properties[$0].typeName == part
      }
      return stored.isEmpty ? all : Set(stored)
    }
  }
}

/// Why a system cannot step beside an earlier one of the schedule.
enum StepConflict: Equatable {
  /// It must wait for the earlier system to finish.
  case barrier(String)
  /// It reads or writes parts of the entities the earlier one steps: it may take each chunk
  /// once the earlier system has stepped it.
  case sameEntities(String)
}
