import TraitSandbox

/// One entity's complete state: what every strategy starts from and what the checksum reads.
public struct EntityState: Sendable, Equatable {
  /// The entity's kind.
  public var kind: EntityKind
  /// The entity's centre in world units.
  public var position: Vector2
  /// World units per second.
  public var velocity: Vector2
  /// Hit points now.
  public var health: Float
  /// The most hit points the entity can have.
  public var maximumHealth: Float
  /// Hit points regained per second.
  public var regeneration: Float

  /// Creates an entity's state.
  public init(
    kind: EntityKind, position: Vector2, velocity: Vector2, health: Float, maximumHealth: Float,
    regeneration: Float
  ) {
    self.kind = kind
    self.position = position
    self.velocity = velocity
    self.health = health
    self.maximumHealth = maximumHealth
    self.regeneration = regeneration
  }
}

/// The arena and time step every strategy simulates with.
public struct StepContext: Sendable, Equatable {
  /// Seconds per tick.
  public var deltaTime: Float
  /// The arena's width; x stays in `0...width`.
  public var width: Float
  /// The arena's height; y stays in `0...height`.
  public var height: Float

  /// The benchmark's arena: 1280 x 720 world units at 60 ticks per second.
  public static let standard = StepContext(deltaTime: 1 / 60, width: 1280, height: 720)
}

/// The benchmark's workload: N entities of four kinds in fixed proportions and random order,
/// each moving and bouncing off the arena's walls and regenerating health up to its maximum.
///
/// The initial state comes from `SeededRandom`, so every strategy starts from the same entities,
/// and the arithmetic is written once, below, so every strategy computes bit-identical states.
public struct Workload: Sendable {
  /// The entities' initial states, in creation order.
  public let entities: [EntityState]
  /// For each kind, in `EntityKind.allCases` order, the creation indices of its entities.
  public let indicesByKind: [[Int]]
  /// The arena and time step.
  public let context: StepContext

  /// Creates `entityCount` entities from `seed`.
  ///
  /// - Complexity: O(n).
  public init(entityCount: Int, seed: UInt64 = 1, context: StepContext = .standard) {
    precondition(entityCount > 0, "a workload needs at least one entity")
    var random = SeededRandom(seed: seed)
    var kinds: [EntityKind] = []
    kinds.reserveCapacity(entityCount)
    for (kind, count) in zip(EntityKind.allCases, EntityKind.counts(for: entityCount)) {
      kinds += repeatElement(kind, count: count)
    }
    // Fisher-Yates with the seeded generator: a random but reproducible type order.
    for index in stride(from: kinds.count - 1, to: 0, by: -1) {
      let other = Int(random.next() % UInt64(index + 1))
      kinds.swapAt(index, other)
    }
    var entities: [EntityState] = []
    entities.reserveCapacity(entityCount)
    var indicesByKind = [[Int]](repeating: [], count: EntityKind.allCases.count)
    for (index, kind) in kinds.enumerated() {
      entities.append(Self.makeEntity(kind, context: context, random: &random))
      indicesByKind[kind.rawValue].append(index)
    }
    self.entities = entities
    self.indicesByKind = indicesByKind
    self.context = context
  }

  /// The number of entities.
  public var entityCount: Int { entities.count }

  private static func makeEntity(
    _ kind: EntityKind, context: StepContext, random: inout SeededRandom
  ) -> EntityState {
    let position = Vector2(
      random.nextFloat(in: 0...context.width), random.nextFloat(in: 0...context.height))
    let velocity = Vector2(
      random.nextFloat(in: -kind.topSpeed...kind.topSpeed),
      random.nextFloat(in: -kind.topSpeed...kind.topSpeed))
    let maximumHealth: Float
    let regeneration: Float
    switch kind {
    case .scout:
      maximumHealth = Scout.maximumHealth
      regeneration = Scout.regeneration
    case .runner:
      maximumHealth = Runner.maximumHealth
      regeneration = Runner.regeneration
    case .brute:
      maximumHealth = random.nextFloat(in: 200...300)
      regeneration = random.nextFloat(in: 2...6)
    case .hauler:
      maximumHealth = random.nextFloat(in: 400...500)
      regeneration = random.nextFloat(in: 1...4)
    }
    // Start between half and full health: some entities reach the maximum within a few ticks.
    let health = maximumHealth * random.nextFloat(in: 0.5...1)
    return EntityState(
      kind: kind, position: position, velocity: velocity, health: health,
      maximumHealth: maximumHealth, regeneration: regeneration)
  }
}

// MARK: - The arithmetic

extension StepContext {
  /// Moves one coordinate by its velocity over one tick and bounces it off the walls at 0 and
  /// `limit`: the one definition of movement that every scalar strategy calls.
  ///
  /// The SIMD strategies write the same operations, in the same order, lane by lane.
  @inline(__always)
  static func advance(
    _ coordinate: inout Float, _ velocity: inout Float, by deltaTime: Float,
    limit: Float
  ) {
    coordinate += velocity * deltaTime
    if coordinate < 0 {
      coordinate = -coordinate
      velocity = -velocity
    } else if coordinate > limit {
      coordinate = 2 * limit - coordinate
      velocity = -velocity
    }
  }

  /// Health after one tick of regeneration, never above the maximum: the one definition of
  /// regeneration that every scalar strategy calls.
  @inline(__always)
  static func regenerated(
    _ health: Float, maximum: Float, regeneration: Float, by deltaTime: Float
  ) -> Float {
    min(maximum, health + regeneration * deltaTime)
  }
}

// The lane versions are written for concrete vector types, with both operands of every compare
// typed, on purpose: `.<` on two `SIMD8<Float>`s is one vector compare, but in code generic over
// `SIMD`, or with an untyped `SIMD8()` operand, overload resolution picks the protocol's generic
// `.<`, a lane-by-lane loop through memory that LLVM does not turn back into a vector compare.

extension StepContext {
  /// `advance(_:_:by:limit:)` for every lane of a vector: the same operations in the same
  /// order, with lane masks in place of branches, so the results are bit-identical.
  @inline(__always)
  static func advance(
    lanes coordinate: inout SIMD8<Float>, _ velocity: inout SIMD8<Float>, by deltaTime: Float,
    limit: SIMD8<Float>
  ) {
    coordinate += velocity * deltaTime
    let below = coordinate .< SIMD8<Float>.zero
    let above = coordinate .> limit
    let reflectedBelow = -coordinate
    let reflectedAbove = 2 * limit - coordinate
    coordinate.replace(with: reflectedBelow, where: below)
    coordinate.replace(with: reflectedAbove, where: above)
    velocity.replace(with: -velocity, where: below .| above)
  }

  /// `advance(_:_:by:limit:)` for both axes of one entity at once.
  @inline(__always)
  static func advance(
    lanes coordinate: inout SIMD2<Float>, _ velocity: inout SIMD2<Float>, by deltaTime: Float,
    limit: SIMD2<Float>
  ) {
    coordinate += velocity * deltaTime
    let below = coordinate .< SIMD2<Float>.zero
    let above = coordinate .> limit
    let reflectedBelow = -coordinate
    let reflectedAbove = 2 * limit - coordinate
    coordinate.replace(with: reflectedBelow, where: below)
    coordinate.replace(with: reflectedAbove, where: above)
    velocity.replace(with: -velocity, where: below .| above)
  }

  /// `regenerated(_:maximum:regeneration:by:)` for every lane of a vector.
  @inline(__always)
  static func regenerated(
    lanes health: SIMD8<Float>, maximum: SIMD8<Float>, regeneration: SIMD8<Float>,
    by deltaTime: Float
  ) -> SIMD8<Float> {
    let candidate = health + regeneration * deltaTime
    // min(maximum, candidate) is `candidate < maximum ? candidate : maximum`.
    return maximum.replacing(with: candidate, where: candidate .< maximum)
  }
}
