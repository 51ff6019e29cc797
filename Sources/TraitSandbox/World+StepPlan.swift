/// A group of systems a tick runs as one parallel step, and why it does not share the step
/// before it.
public struct ScheduleStep: Sendable, Equatable {
  /// The names of the systems of the step, in schedule order.
  public var systems: [String]
  /// Why the step waits for the one before it to finish (a barrier): what one of its systems
  /// reads or writes that a system of the step before writes or reads. `nil` for the first.
  public var barrier: String?
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
  /// another gives. Systems that work on the world as a whole, or step their types on one
  /// thread, run alone. The grouping depends on the registered entity types.
  /// - Complexity: O(systems x types x declared parts^2).
  public var scheduleSteps: [ScheduleStep] {
    let plan = stepPlan()
    return plan.steps.indices.map { step in
      ScheduleStep(
        systems: plan.steps[step].map { systems[$0].name }, barrier: plan.barriers[step])
    }
  }

  /// The systems of each parallel step, by index, and the reason for the barrier before each.
  func stepPlan() -> (steps: [[Int]], barriers: [String?]) {
    var steps: [[Int]] = []
    var barriers: [String?] = []
    for system in systems.indices {
      if let last = steps.last {
        let reason = last.lazy.compactMap { self.conflict(between: $0, and: system) }.first
        if reason == nil {
          steps[steps.count - 1].append(system)
          continue
        }
        barriers.append(reason)
      } else {
        barriers.append(nil)
      }
      steps.append([system])
    }
    return (steps, barriers)
  }

  /// Why `later` cannot share a parallel step with `earlier`, which the schedule runs before
  /// it; `nil` when it can.
  func conflict(between earlier: Int, and later: Int) -> String? {
    for system in [earlier, later] {
      guard case .perType = systems[system].body else {
        return "\(systems[system].name) works on the world as a whole"
      }
      guard systems[system].runsInParallel else {
        return "\(systems[system].name) steps each type on its own"
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
    if dealsDamage && readsDamage { return "\(second) reads the damage \(first) deals" }
    for table in tablesBySystem[earlier] where tables[table].isBound(to: later) {
      guard let one = tables[table].accesses(of: earlier),
        let other = tables[table].accesses(of: later)
      else { continue }
      let layout = tables[table].layout
      let type = tables[table].typeName
      if let part = Self.overlap(one.writes, other.reads + other.writes, in: layout) {
        return "\(second) reads or writes \(part) of \(type), which \(first) writes"
      }
      if let part = Self.overlap(other.writes, one.reads, in: layout) {
        return "\(second) writes \(part) of \(type), which \(first) reads"
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
