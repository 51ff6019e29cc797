import Frames

extension World {
  /// Entities per chunk when a frame's instances are written on several threads. Fixed, so
  /// that the frame, bars included, is the same for any thread count.
  static let instanceChunkSize = 16_384

  /// Every drawable entity's picture as a frame's instance columns: one kind per drawable type,
  /// in registration order, each entity at its place in its type's storage.
  ///
  /// The entities are written a chunk at a time on the world's threads (`threadCount`), each
  /// chunk into its own part of the columns, and the chunks' health bars are joined in chunk
  /// order: the result does not depend on the thread count. Nothing is allocated per entity.
  /// Drawing only reads the world: it never changes the simulation or its `stateHash()`.
  /// - Complexity: O(n) in the number of entities.
  public func drawInstances() -> FrameInstances {
    var kinds: [InstanceKind] = []
    var drawn: [Int] = []
    var total = 0
    for (index, table) in tables.enumerated() {
      guard var kind = table.instanceKind else { continue }
      precondition(
        kinds.count < FrameInstances.maximumKindCount,
        "a frame holds at most \(FrameInstances.maximumKindCount) drawable entity types")
      kind.sprites = total..<(total + kind.sprites.count)
      total += kind.sprites.count
      kinds.append(kind)
      drawn.append(index)
    }
    // Chunks of every drawable table, in kind order.
    var chunks: [(kind: Int, range: Range<Int>)] = []
    for (kind, entry) in kinds.enumerated() {
      let count = entry.sprites.count
      var start = 0
      while start < count {
        let end = min(start + Self.instanceChunkSize, count)
        chunks.append((kind, start..<end))
        start = end
      }
    }
    var sprites = [SpriteInstance]()
    var identities = [UInt32]()
    var chunkBars = [[HealthBarInstance]](repeating: [], count: chunks.count)
    sprites.withUnsafeMutableBufferPointerToCapacity(total) { spriteBase in
      identities.withUnsafeMutableBufferPointerToCapacity(total) { identityBase in
        chunkBars.withUnsafeMutableBufferPointer { chunkBars in
          let work = InstanceWork(
            tables: tables, drawn: drawn, kinds: kinds, chunks: chunks, sprites: spriteBase,
            identities: identityBase, bars: chunkBars)
          let body: @Sendable (Int) -> Void = { chunk in work.write(chunk) }
          if chunks.count > 1 && threadCount > 1 {
            WorkerPool.shared.forEach(chunks.count, threads: threadCount, body)
          } else {
            for chunk in chunks.indices { body(chunk) }
          }
        }
      }
    }
    var bars: [HealthBarInstance] = []
    bars.reserveCapacity(chunkBars.reduce(0) { $0 + $1.count })
    for (index, chunk) in chunks.enumerated() {
      if index == 0 || chunks[index - 1].kind != chunk.kind {
        kinds[chunk.kind].bars = bars.count..<bars.count
      }
      bars.append(contentsOf: chunkBars[index])
      kinds[chunk.kind].bars = kinds[chunk.kind].bars.lowerBound..<bars.count
    }
    // Kinds with no entities sit where the bars so far end.
    var barEnd = 0
    for index in kinds.indices {
      if kinds[index].sprites.isEmpty { kinds[index].bars = barEnd..<barEnd }
      barEnd = kinds[index].bars.upperBound
    }
    return FrameInstances(kinds: kinds, sprites: sprites, identities: identities, bars: bars)
  }
}

/// What the threads writing a frame's instances share: each chunk writes only its own part of
/// the columns and its own bars.
private struct InstanceWork: @unchecked Sendable {
  let tables: [any AnyEntityTable]
  /// The table of each kind.
  let drawn: [Int]
  let kinds: [InstanceKind]
  let chunks: [(kind: Int, range: Range<Int>)]
  let sprites: UnsafeMutablePointer<SpriteInstance>
  let identities: UnsafeMutablePointer<UInt32>
  let bars: UnsafeMutableBufferPointer<[HealthBarInstance]>

  func write(_ chunk: Int) {
    let (kindIndex, range) = chunks[chunk]
    let kind = kinds[kindIndex]
    let first = kind.sprites.lowerBound
    var writer = InstanceWriter(
      kind: UInt8(kindIndex), identityBase: kind.identityBase, sprites: sprites + first,
      identities: identities + first, firstOwner: first)
    tables[drawn[kindIndex]].writeInstances(range, into: &writer)
    bars[chunk] = writer.bars
  }
}

extension Array {
  /// Calls `body` with room for `count` elements, all of which it must initialise, and makes
  /// them the array's elements.
  fileprivate mutating func withUnsafeMutableBufferPointerToCapacity(
    _ count: Int, _ body: (UnsafeMutablePointer<Element>) -> Void
  ) {
    self = [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
      if let base = buffer.baseAddress { body(base) }
      initialized = count
    }
  }
}
