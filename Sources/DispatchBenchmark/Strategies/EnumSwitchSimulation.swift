/// Strategy 5: a closed enum with one case per kind, each carrying its value type, and a
/// `switch` per entity.
///
/// No indirection and no witness tables: the switch is a compare-and-branch on the case tag,
/// and each case's `update` is inlined. The price is that every element is as large as the
/// largest kind plus a tag, and the branch on random kinds mispredicts.
struct EnumSwitchSimulation: EntityArraySimulation {
  var entities: ContiguousArray<KindedEntity>
  let context: StepContext

  init(_ workload: Workload) {
    entities = ContiguousArray(workload.entities.map(KindedEntity.init))
    context = workload.context
  }

  @inline(__always)
  static func update(_ entity: inout KindedEntity, in context: StepContext) {
    entity.update(in: context)
  }

  static func state(of entity: KindedEntity) -> EntityState { entity.state }
}

/// One entity of any kind, as a closed enum.
enum KindedEntity {
  case scout(Scout)
  case runner(Runner)
  case brute(Brute)
  case hauler(Hauler)

  init(_ state: EntityState) {
    switch state.kind {
    case .scout: self = .scout(Scout(state))
    case .runner: self = .runner(Runner(state))
    case .brute: self = .brute(Brute(state))
    case .hauler: self = .hauler(Hauler(state))
    }
  }

  /// Updates the entity, whatever its kind.
  @inline(__always)
  mutating func update(in context: StepContext) {
    switch self {
    case .scout(var entity):
      entity.update(in: context)
      self = .scout(entity)
    case .runner(var entity):
      entity.update(in: context)
      self = .runner(entity)
    case .brute(var entity):
      entity.update(in: context)
      self = .brute(entity)
    case .hauler(var entity):
      entity.update(in: context)
      self = .hauler(entity)
    }
  }

  var state: EntityState {
    switch self {
    case .scout(let entity): entity.state
    case .runner(let entity): entity.state
    case .brute(let entity): entity.state
    case .hauler(let entity): entity.state
    }
  }
}
