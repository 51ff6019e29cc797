/// The four kinds of entity in the workload, mixed in fixed proportions.
///
/// Scouts and runners are small: their state fits in an existential's three-word inline buffer,
/// and their maximum health and regeneration are constants of the kind. Brutes and haulers carry
/// their own maximum and regeneration and a payload the workload never touches, which makes them
/// too large for the inline buffer, so an existential boxes them on the heap.
public enum EntityKind: Int, CaseIterable, Sendable {
  /// Small and fast; 40 % of the entities.
  case scout
  /// Small and tough; 30 % of the entities.
  case runner
  /// Large, with armour; 20 % of the entities.
  case brute
  /// Large, with cargo; 10 % of the entities.
  case hauler

  /// The kind's share of the entities, in tenths.
  public var tenths: Int {
    switch self {
    case .scout: 4
    case .runner: 3
    case .brute: 2
    case .hauler: 1
    }
  }

  /// The kind's name as reports show it.
  public var name: String {
    switch self {
    case .scout: "scout"
    case .runner: "runner"
    case .brute: "brute"
    case .hauler: "hauler"
    }
  }

  /// The largest speed, in world units per second, of an entity of this kind.
  var topSpeed: Float {
    switch self {
    case .scout: 240
    case .runner: 160
    case .brute: 90
    case .hauler: 60
    }
  }

  /// How many of `entityCount` entities are of each kind, in `allCases` order; the rounding
  /// remainder goes to the first kinds so the counts add up.
  static func counts(for entityCount: Int) -> [Int] {
    var counts = allCases.map { entityCount * $0.tenths / 10 }
    var remainder = entityCount - counts.reduce(0, +)
    var index = 0
    while remainder > 0 {
      counts[index] += 1
      remainder -= 1
      index = (index + 1) % counts.count
    }
    return counts
  }
}
