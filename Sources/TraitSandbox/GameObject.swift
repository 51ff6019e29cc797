import Dispatch

/// Anything that lives in a `World`: an identity, a place and a faction.
///
/// An entity is a value type that mixes in traits, and its declaration says what it can do:
///
///     struct Turret: GameObject, HealthTrait, GunTrait, RenderTrait { ... }
///
/// Each trait keeps its state in one `Component` (`movement`, `health`, ...) and brings its
/// behaviour as protocol requirements with default implementations, so an entity customises a
/// behaviour by implementing the requirement itself.
///
/// The world stores an entity's stored properties in columns (see "How the world stores
/// entities"), and hands systems ordinary values of the type. An entity is `Codable`, which
/// Swift writes for a struct whose stored properties all are: snapshots save types that hold
/// arrays or strings that way (the rest as their columns' bytes). State belongs in `var`
/// properties; a `let` with an initial value is a constant of the type and is not saved.
public protocol GameObject: Sendable, Codable {
  /// The entity's identity, given by the world when the entity is spawned.
  var id: EntityID<Self> { get set }
  /// The entity's centre in world units.
  var position: Vector2 { get set }
  /// The side the entity belongs to.
  var faction: Faction { get }

  /// Mixes state kept outside trait components into the world's state hash; by default none.
  ///
  /// The world hashes every stored property that holds plain values, and every component;
  /// only an entity's own properties that hold arrays or strings (a list of plans, say) need
  /// this.
  func hashAttributes(into hasher: inout StateHasher)

  /// Mixes every entity's `hashAttributes(into:)` into the hasher, in storage order; the world
  /// calls this, and no type needs to implement it (a requirement only so that its loop is
  /// compiled for each type, and vanishes for a type that hashes nothing of its own).
  static func hashAttributes(of pool: EntityPool<Self>, into hasher: inout StateHasher)

  /// Runs one bound system over this type's entities; the world calls this, and no type needs
  /// to implement it. Not API: the underscore keeps it, and the types in its signature, out of
  /// the documentation and code completion.
  ///
  /// A requirement only so that its default is compiled for each entity type (a protocol's
  /// requirements are as public as the protocol, so it cannot be hidden another way): the world's
  /// generic code then makes one call per system into code specialised for the type, instead
  /// of looking up generic type metadata along the way. With a `chunkSize`, the entities are
  /// stepped in chunks of that size, in order, each with the random stream and the request
  /// counts a context of its own would have (see `_chunks`, which the world steps on several
  /// threads).
  static func _step(
    _ jobs: [SystemJob<Self>?], system: Int, over columns: _ColumnSpan<Self>,
    placement: inout _PoolPlacement, chunkSize: Int?, salt: UInt64,
    in context: inout TickContext)

  /// The chunks of one bound system over this type's entities, for the world to step on
  /// several threads together with other types' chunks; the world calls this, and no type
  /// needs to implement it (a requirement so that each chunk's loop is specialised for the
  /// type, as `_step`'s is). Not API, as `_step` is not.
  static func _chunks(
    _ jobs: [SystemJob<Self>?], system: Int, over columns: _ColumnSpan<Self>,
    placement: _PoolPlacement, chunkSize: Int
  ) -> _SystemChunks?
}

/// One type's chunks of a system, as the world steps them on several threads: how many, and
/// the function that steps one of them on a context of its own. Not API: public only because
/// `GameObject._chunks` returns it.
public struct _SystemChunks: @unchecked Sendable {
  @usableFromInline let count: Int
  @usableFromInline let step: (Int, inout TickContext) -> Void

  @usableFromInline
  init(count: Int, step: @escaping (Int, inout TickContext) -> Void) {
    self.count = count
    self.step = step
  }
}

/// The columns of one type's entities as the world hands them to `GameObject._step`: opaque
/// outside the world, and not API (public only because `_step` takes it).
public struct _ColumnSpan<Entity: GameObject> {
  @usableFromInline let words: UnsafeMutablePointer<UInt32>
  @usableFromInline let stride: Int
  @usableFromInline let count: Int
  @usableFromInline let writeCheck: WriteCheck?

  @usableFromInline
  init(words: UnsafeMutablePointer<UInt32>, stride: Int, count: Int, writeCheck: WriteCheck?) {
    self.words = words
    self.stride = stride
    self.count = count
    self.writeCheck = writeCheck
  }
}

extension GameObject {
  /// Whether work done every `interval` ticks (at least 1), staggered by identity, is due for
  /// this entity on `tick`: when `tick` plus its identity is a multiple of `interval`.
  @inlinable @inline(__always)
  internal func isDue(every interval: UInt64, on tick: UInt64) -> Bool {
    interval <= 1 || (tick &+ id.rawValue) % interval == 0
  }

  /// Hashes nothing: by default all of an entity's state lives in its trait components.
  @inlinable
  public func hashAttributes(into hasher: inout StateHasher) {}

  /// Hashes every entity's own attributes in storage order.
  @inlinable
  public static func hashAttributes(of pool: EntityPool<Self>, into hasher: inout StateHasher) {
    pool.forEach { $0.hashAttributes(into: &hasher) }
  }

  /// Steps the entities with the job bound to `system`, if any, whole or in chunks.
  ///
  /// The job is picked here, in code specialised for the type, so that the world's generic
  /// code never needs the job type's metadata.
  @inlinable
  public static func _step(
    _ jobs: [SystemJob<Self>?], system: Int, over columns: _ColumnSpan<Self>,
    placement: inout _PoolPlacement, chunkSize: Int?, salt: UInt64,
    in context: inout TickContext
  ) {
    let count = columns.count
    // A type with no entities has nothing to step (and nothing to place in the target index).
    guard count > 0, jobs[system] != nil else { return }
    // The loop alone: copying the whole job would retain each of its parts, every tick.
    let run = jobs[system].unsafelyUnwrapped.run
    let chunkCount = chunkSize.map { (count + $0 - 1) / $0 } ?? 1
    // A single chunk steps on the tick's own context, with no copies to make or merge.
    guard chunkCount > 1, let chunkSize else {
      var pool = EntityPool<Self>(
        words: columns.words, stride: columns.stride, indices: 0..<count,
        targetBase: placement.targetBase,
        indexedTick: placement.indexedTick, writeCheck: columns.writeCheck)
      // In a system that runs in parallel the one chunk counts its own requests, as every
      // chunk does, whether or not other types' chunks run beside it.
      if chunkSize != nil { context.beginChunk(random: context.random) }
      run(&pool, &context)
      if chunkSize != nil { context.endChunks(random: context.random) }
      placement.targetBase = pool.targetBase
      placement.indexedTick = pool.indexedTick
      return
    }
    // The chunks in order on the tick's own context, which then holds what merging the
    // chunks' contexts in order would have given. A job is bound and there are entities, so
    // there are chunks.
    let chunks = Self._chunks(
      jobs, system: system, over: columns, placement: placement, chunkSize: chunkSize
    ).unsafelyUnwrapped
    let tickRandom = context.random
    for chunk in 0..<chunks.count {
      context.beginChunk(random: tickRandom.derived(salt ^ UInt64(chunk)))
      chunks.step(chunk, &context)
    }
    context.endChunks(random: tickRandom)
  }

  /// The chunks of `chunkSize` entities the job bound to `system` steps, if any.
  @inlinable
  public static func _chunks(
    _ jobs: [SystemJob<Self>?], system: Int, over columns: _ColumnSpan<Self>,
    placement: _PoolPlacement, chunkSize: Int
  ) -> _SystemChunks? {
    let count = columns.count
    guard count > 0, chunkSize > 0, jobs[system] != nil else { return nil }
    let run = jobs[system].unsafelyUnwrapped.run
    let words = columns.words
    let stride = columns.stride
    let writeCheck = columns.writeCheck
    return _SystemChunks(count: (count + chunkSize - 1) / chunkSize) { chunk, context in
      let lower = chunk * chunkSize
      var pool = EntityPool<Self>(
        words: words, stride: stride, indices: lower..<min(lower + chunkSize, count),
        targetBase: placement.targetBase, indexedTick: placement.indexedTick,
        writeCheck: writeCheck, tableCount: count)
      run(&pool, &context)
    }
  }

  /// The type's name as reports show it, e.g. `Turret`.
  public static var typeName: String { String(describing: Self.self) }
}
