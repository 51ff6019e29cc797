/// How TraitSandbox's world compares at 100,000 entities with the fastest structure-of-arrays
/// strategy (what its traits cost over plain arrays) and with the fastest of the dynamic
/// dispatch strategies 1 to 4 (what it saves over them).
public struct WorldComparison: Sendable, Decodable, Equatable {
  /// The size the comparison is made at.
  public static let entityCount = 100_000
  /// The most the world may cost relative to structure of arrays to count as close to it.
  public static let structureOfArraysLimit = 1.25
  /// The least speed-up over strategies 1 to 4 for the world to count as clearly ahead.
  public static let dispatchSpeedUpThreshold = 5.0

  /// The strategy compared: TraitSandbox's own world.
  static let worldStrategy = "traitsandbox-world"

  /// The entity count compared.
  public var entityCount: Int
  /// The fastest structure-of-arrays strategy (number 8).
  public var structureOfArrays: String
  /// The world's median over that strategy's median.
  public var worldOverStructureOfArrays: Double
  /// The fastest of strategies 1 to 4.
  public var fastestDispatch: String
  /// That strategy's median over the world's median.
  public var dispatchOverWorld: Double

  /// Whether the world costs at most `structureOfArraysLimit` times structure of arrays.
  public var isWithinStructureOfArraysLimit: Bool
  /// Whether the world is at least `dispatchSpeedUpThreshold` times faster than strategies
  /// 1 to 4.
  public var reachesDispatchSpeedUpThreshold: Bool

  /// Compares the world at 100,000 entities, if it and both comparisons were timed there.
  init?(_ measurements: [Measurement]) {
    let atSize = measurements.filter { $0.entityCount == Self.entityCount && $0.median != nil }
    func fastest(_ numbers: ClosedRange<Int>) -> Measurement? {
      atSize.filter { numbers.contains($0.strategyNumber) }.min { $0.median! < $1.median! }
    }
    // Strategy 9 also numbers the storage prototypes; the world itself is the one compared.
    guard let world = atSize.first(where: { $0.strategy == Self.worldStrategy }),
      let worldMedian = world.median,
      let structureOfArrays = fastest(8...8), let dispatch = fastest(1...4)
    else { return nil }
    entityCount = Self.entityCount
    self.structureOfArrays = structureOfArrays.strategy
    worldOverStructureOfArrays = worldMedian / structureOfArrays.median!
    fastestDispatch = dispatch.strategy
    dispatchOverWorld = dispatch.median! / worldMedian
    isWithinStructureOfArraysLimit = worldOverStructureOfArrays <= Self.structureOfArraysLimit
    reachesDispatchSpeedUpThreshold = dispatchOverWorld >= Self.dispatchSpeedUpThreshold
  }
}
