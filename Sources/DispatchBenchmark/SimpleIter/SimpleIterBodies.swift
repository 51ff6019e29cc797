import TraitSandbox

// The entities of ecs_bench_suite's "simple_iter" workload: a 4x4 transform and three
// 3-vectors (position, rotation, velocity), all Float, 100 bytes of components per entity.

/// A 3-vector of `Float`s: the suite's `Vector3<f32>`.
struct Vector3: Component {
  var x: Float
  var y: Float
  var z: Float

  /// The suite's `Vector3::unit_x()`, every component's starting value.
  static let unitX = Vector3(x: 1, y: 0, z: 0)

  /// Adds `other` component by component.
  @inline(__always)
  static func += (lhs: inout Vector3, rhs: Vector3) {
    lhs.x += rhs.x
    lhs.y += rhs.y
    lhs.z += rhs.z
  }
}

/// A column of a 4x4 matrix.
struct Vector4: Component {
  var x: Float
  var y: Float
  var z: Float
  var w: Float
}

/// The suite's `Transform(Matrix4<f32>)`, carried but never read.
struct Transform: Component {
  var columns: (Vector4, Vector4, Vector4, Vector4)

  /// The suite's `Matrix4::from_scale(1.0)`: the identity.
  static let identity = Transform(
    columns: (
      Vector4(x: 1, y: 0, z: 0, w: 0), Vector4(x: 0, y: 1, z: 0, w: 0),
      Vector4(x: 0, y: 0, z: 1, w: 0), Vector4(x: 0, y: 0, z: 0, w: 1)
    ))

  static func == (lhs: Transform, rhs: Transform) -> Bool {
    lhs.columns.0 == rhs.columns.0 && lhs.columns.1 == rhs.columns.1
      && lhs.columns.2 == rhs.columns.2 && lhs.columns.3 == rhs.columns.3
  }

  init(columns: (Vector4, Vector4, Vector4, Vector4)) {
    self.columns = columns
  }

  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    columns = (
      try container.decode(Vector4.self), try container.decode(Vector4.self),
      try container.decode(Vector4.self), try container.decode(Vector4.self)
    )
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(columns.0)
    try container.encode(columns.1)
    try container.encode(columns.2)
    try container.encode(columns.3)
  }
}

/// The suite's `Position(Vector3<f32>)`.
struct Position: Component {
  var value: Vector3
}

/// The suite's `Rotation(Vector3<f32>)`, carried but never read.
struct Rotation: Component {
  var value: Vector3
}

/// The suite's `Velocity(Vector3<f32>)`.
struct Velocity: Component {
  var value: Vector3
}

/// Something that drifts: each tick its velocity is added to its position, the whole of the
/// suite's "simple_iter" test, written as a trait like any other.
protocol DriftTrait: GameObject {
  /// Where the entity is.
  var location: Position { get set }
  /// How far it moves per tick.
  var velocity: Velocity { get set }

  /// Moves the entity by one tick's velocity.
  mutating func drift()

  /// Steps every entity of this type; the drift system calls this once per tick.
  static func stepDrift(_ pool: inout EntityPool<Self>)
}

extension DriftTrait {
  @inline(__always)
  mutating func drift() {
    location.value += velocity.value
  }

  static func stepDrift(_ pool: inout EntityPool<Self>) {
    // Straight-line arithmetic that changes only the entity: every word goes back, and the
    // compiler drops the stores of the words the drift leaves alone.
    pool.updateEach(writingBack: .everyWord) { $0.drift() }
  }
}

extension TraitSystem {
  /// Runs every `DriftTrait` entity's drift.
  static let drift = TraitSystem(name: "drift", trait: (any DriftTrait).self) {
    ($0 as? any DriftTrait.Type)?.driftJob
  }
}

extension DriftTrait {
  /// The drift system's work on this type: `stepDrift`, and what it touches.
  static var driftJob: any AnySystemJob {
    SystemJob(
      component: \Self.location, reads: [.component(\.location), .component(\.velocity)],
      run: { pool, _ in Self.stepDrift(&pool) })
  }
}

/// One entity of the workload in TraitSandbox's world.
struct DriftingBody: GameObject, DriftTrait {
  var id = EntityID<Self>.unassigned
  /// The world's planar position, which every entity has; the workload never reads it.
  var position = Vector2.zero
  var faction = Faction(0)
  var transform = Transform.identity
  var location = Position(value: .unitX)
  var rotation = Rotation(value: .unitX)
  var velocity = Velocity(value: .unitX)
}

/// One entity of the workload as one plain struct, for the array-of-structs loop.
struct PlainBody {
  var transform = Transform.identity
  var position = Vector3.unitX
  var rotation = Vector3.unitX
  var velocity = Vector3.unitX
}
