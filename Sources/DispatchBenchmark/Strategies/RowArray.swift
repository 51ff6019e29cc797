import TraitSandbox

/// Prototype `world-rows`: the world's storage before columns. Each type is one contiguous
/// array of whole entities, and the traits' per-entity methods run on the array in place, in
/// one pass per system, as `World` did until it kept columns.
///
/// What it measures: a system that touches 20 bytes of each entity still reads and writes the
/// entity's every cache line (56 to 72 bytes here), and the one pass interleaves steering,
/// keeping apart, moving and releasing, so nothing in it becomes vector code.
struct RowArray<Entity: WorldEntity>: PrototypeStorage {
  private var entities: ContiguousArray<Entity>

  init(_ entities: ContiguousArray<Entity>) {
    self.entities = entities
  }

  @inline(__always)
  mutating func stepMovement(in context: TickContext) {
    entities.withUnsafeMutableBufferPointer { entities in
      for index in entities.indices { entities[index].stepMovementOnce(in: context) }
    }
  }

  @inline(__always)
  mutating func resolveHealth(in context: inout TickContext) {
    entities.withUnsafeMutableBufferPointer { entities in
      for index in entities.indices { entities[index].resolveHealthOnce(in: &context) }
    }
  }

  func states() -> [EntityState] { entities.map(\.state) }
}
