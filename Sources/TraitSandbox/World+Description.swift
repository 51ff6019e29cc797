extension World {
  /// The world as `describe` prints it, a line each: the schedule a tick runs, how its systems
  /// share parallel steps (with the reason for each barrier and for each system that takes
  /// chunks from an earlier one of its step), and every entity type with its
  /// traits, components, systems, what each system declares it reads, writes and does, and
  /// the columns the type is kept in.
  ///
  /// - Parameter notes: Words to add after a type's name, by type name: `[unit 'zap']`.
  public func describedLines(notes: [String: String] = [:]) -> [String] {
    var lines = ["Schedule (one tick, in order):"]
    for phase in schedule.phases {
      let systems = phase.systems.map { system in
        system.traitName.map { "\(system.name) (\($0))" } ?? system.name
      }
      lines.append("  \(phase.name): " + systems.joined(separator: ", "))
    }
    lines += [
      "", "Parallel steps on more than one thread (each after a barrier, for the reason given):",
    ]
    for step in scheduleSteps {
      let systems = step.systems.joined(separator: ", ")
      lines.append("  " + systems + (step.barrier.map { " (barrier: \($0))" } ?? ""))
      for handover in step.handovers {
        lines.append("    a chunk at a time: " + handover)
      }
    }
    lines.append(
      "  (a tick shares its work only between threads of \(minimumEntitiesPerThread) entities"
        + " each: a smaller world steps on fewer)")
    lines += ["", "Entity types (stepped in this order):"]
    for type in entityTypes {
      lines.append("  \(type.name)" + (notes[type.name].map { " \($0)" } ?? ""))
      lines.append("    traits:     " + Self.list(type.traits))
      lines.append("    components: " + Self.list(type.components))
      lines.append("    systems:    " + Self.list(type.systems))
      let layout = type.layout
      lines.append(
        "    columns:    \(layout.wordCount) of 4 bytes (\(layout.stride) bytes an entity), "
          + (layout.isSavedAsBytes ? "saved as bytes" : "saved through Codable"))
      for access in type.accesses {
        let declared = access.accesses
        var parts = [
          "reads " + Self.list(declared.reads),
          "writes " + Self.list(declared.writes, none: "nothing"),
        ]
        if !declared.effects.isEmpty {
          parts.append("effects " + declared.effects.names.joined(separator: ", "))
        }
        lines.append("      \(access.system): " + parts.joined(separator: "; "))
      }
    }
    return lines
  }

  private static func list(_ items: [String], none: String = "none") -> String {
    items.isEmpty ? none : items.joined(separator: ", ")
  }
}
