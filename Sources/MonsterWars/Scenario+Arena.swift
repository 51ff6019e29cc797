import TraitSandbox

extension Scenario {
  /// The longest side an arena may have, in world units.
  public static let maximumArenaSide: Float = 100_000

  /// The size of a match's arena: the scenario's `arena`, or for a swarm, an arena of that
  /// shape holding `swarmCount` (by default the swarm's `count`) monsters at the swarm's
  /// density, at least as large as the castles need.
  ///
  /// - Returns: `nil` when a swarm that large would need a side longer than
  ///   `maximumArenaSide`.
  public func arenaSize(swarmCount: Int? = nil) -> Vector2? {
    let shape = Vector2(arena.width, arena.height)
    guard let swarm else { return shape }
    let count = Float(swarmCount ?? swarm.count)
    let area = max(count / swarm.density * 1_000_000, smallestSwarmArea)
    let aspect = shape.x / shape.y
    let height = (area / aspect).squareRoot()
    let size = Vector2(height * aspect, height)
    guard size.x <= Self.maximumArenaSide, size.y <= Self.maximumArenaSide else { return nil }
    return size
  }

  /// The most monsters a swarm scenario can hold at its density in the largest arena, or `nil`
  /// for a scenario without a swarm.
  public var maximumSwarmCount: Int? {
    guard let swarm else { return nil }
    let aspect = arena.width / arena.height
    let width = aspect >= 1 ? Self.maximumArenaSide : Self.maximumArenaSide * aspect
    let height = width / aspect
    return Int((Double(width) * Double(height) * Double(swarm.density) / 1_000_000).rounded(.down))
  }

  /// An arena never shrinks below the castles' room: four castle insets wide.
  private var smallestSwarmArea: Float {
    let aspect = arena.width / arena.height
    let width = max(castle.inset * 4, castle.radius * 8)
    return width * (width / aspect)
  }
}
