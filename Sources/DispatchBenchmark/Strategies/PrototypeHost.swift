import TraitSandbox

/// A world that owns no entities and runs two systems of a prototype's own: how the storage
/// prototypes get a real `TickContext` to call the traits' per-entity methods with, tick by
/// tick, exactly as the world's own systems do.
struct PrototypeHost {
  private(set) var world: World

  /// A world of the workload's arena and step whose `move` and `resolve` phases run `move` and
  /// `resolve` once per tick.
  init(
    _ workload: Workload, move: @escaping @Sendable (inout TickContext) -> Void,
    resolve: @escaping @Sendable (inout TickContext) -> Void
  ) {
    let context = workload.context
    world = World(
      seed: 1, fixedDeltaTime: context.deltaTime,
      arenaSize: Vector2(context.width, context.height),
      schedule: Schedule([
        .init("move", [TraitSystem(name: "prototype-movement", run: move)]),
        .init("resolve", [TraitSystem(name: "prototype-health", run: resolve)]),
      ]))
  }

  /// Steps the world `ticks` times.
  mutating func run(ticks: Int) {
    for _ in 0..<ticks { world.step() }
  }
}

/// One storage prototype's entities of every kind, behind a class: the systems that step them
/// run on the world's one thread, between the world's own steps.
protocol PrototypeStore: AnyObject, Sendable {
  /// Steers, keeps apart and moves every entity, and releases holds, as `MovementTrait` does.
  func stepMovement(in context: inout TickContext)
  /// Regenerates the living and lets the dead die, as `HealthTrait` does.
  func resolveHealth(in context: inout TickContext)
  /// Every entity's state, in creation order.
  func states(_ workload: Workload) -> [EntityState]
}

extension WorldEntity {
  /// What `MovementTrait.stepMovement` does to one entity, in one pass (the world without a
  /// target index: nothing is held, nothing is indexed).
  @inline(__always)
  mutating func stepMovementOnce(in context: TickContext) {
    steer(in: context)
    keepApart(in: context, own: nil)
    move(in: context)
    movement.isHolding = false
  }

  /// What `HealthTrait.resolveHealth` does to one entity in a world without a target index.
  @inline(__always)
  mutating func resolveHealthOnce(in context: inout TickContext) {
    if health.isAlive {
      regenerate(in: context)
    } else {
      let requestsBefore = context.despawnRequestCount
      die(in: &context)
      if context.despawnRequestCount > requestsBefore { context.recordDeath(of: self) }
    }
  }
}
