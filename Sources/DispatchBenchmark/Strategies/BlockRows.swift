import TraitSandbox

/// Prototype `world-block-rows`: columns of 4-byte words in blocks of 256 entities, as the world
/// kept them at first, but a system copies each block's entities out into an array of whole
/// values with one loop per word, runs the per-entity methods on the array, and copies every
/// word back.
///
/// The copies are generic loops over words of a size known only at run time, so the compiler
/// can drop none of them: every system reads and writes every column. What it shows: keeping
/// columns is not enough; the gain comes from code that takes one entity out, specialised for
/// its type, so that the compiler sees which words the code between uses.
struct BlockRows<Entity: WorldEntity>: PrototypeStorage {
  private static var blockSize: Int { 256 }
  private let wordCount = MemoryLayout<Entity>.stride / 4
  private let count: Int
  private var words: [UInt32]
  private var rows: ContiguousArray<Entity>

  init(_ entities: ContiguousArray<Entity>) {
    precondition(_isPOD(Entity.self) && MemoryLayout<Entity>.stride % 4 == 0)
    count = entities.count
    let blocks = (entities.count + Self.blockSize - 1) / Self.blockSize
    words = [UInt32](repeating: 0, count: max(blocks, 1) * wordCount * Self.blockSize)
    rows = ContiguousArray(
      repeating: entities.first ?? Entity(), count: Self.blockSize)
    for start in stride(from: 0, to: count, by: Self.blockSize) {
      let lanes = min(Self.blockSize, count - start)
      for lane in 0..<lanes { rows[lane] = entities[start + lane] }
      copyOut(block: start / Self.blockSize, lanes: lanes)
    }
  }

  /// Copies the block's entities from the columns into `rows`.
  private mutating func copyIn(block: Int, lanes: Int) {
    let wordCount = self.wordCount
    let stride = MemoryLayout<Entity>.stride
    words.withUnsafeBufferPointer { words in
      rows.withUnsafeMutableBytes { rows in
        let base = block * wordCount * Self.blockSize
        for word in 0..<wordCount {
          for lane in 0..<lanes {
            rows.storeBytes(
              of: words[base + word * Self.blockSize + lane],
              toByteOffset: lane * stride + word * 4, as: UInt32.self)
          }
        }
      }
    }
  }

  /// Copies `rows` back into the block's columns, every word.
  private mutating func copyOut(block: Int, lanes: Int) {
    let wordCount = self.wordCount
    let stride = MemoryLayout<Entity>.stride
    rows.withUnsafeBytes { rows in
      words.withUnsafeMutableBufferPointer { words in
        let base = block * wordCount * Self.blockSize
        for word in 0..<wordCount {
          for lane in 0..<lanes {
            words[base + word * Self.blockSize + lane] = rows.load(
              fromByteOffset: lane * stride + word * 4, as: UInt32.self)
          }
        }
      }
    }
  }

  /// Runs `body` on every block's entities, copied out and back.
  private mutating func eachBlock(_ body: (UnsafeMutableBufferPointer<Entity>) -> Void) {
    for start in stride(from: 0, to: count, by: Self.blockSize) {
      let lanes = min(Self.blockSize, count - start)
      copyIn(block: start / Self.blockSize, lanes: lanes)
      rows.withUnsafeMutableBufferPointer {
        body(UnsafeMutableBufferPointer(rebasing: $0[..<lanes]))
      }
      copyOut(block: start / Self.blockSize, lanes: lanes)
    }
  }

  @inline(__always)
  mutating func stepMovement(in context: TickContext) {
    eachBlock { entities in
      for index in entities.indices { entities[index].stepMovementOnce(in: context) }
    }
  }

  @inline(__always)
  mutating func resolveHealth(in context: inout TickContext) {
    eachBlock { entities in
      for index in entities.indices { entities[index].resolveHealthOnce(in: &context) }
    }
  }

  mutating func states() -> [EntityState] {
    var states: [EntityState] = []
    eachBlock { entities in states += entities.map { $0.state } }
    return states
  }
}
