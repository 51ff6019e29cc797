import Testing

@testable import TraitSandbox

@Suite("Column blocks: whole-column checks")
struct ColumnBlocksTests {
  /// 1,000 entities, three blocks and a part, whose `position.x` is their index.
  private func numbered() -> (EntityColumns<Bare>, word: Int) {
    let columns = EntityColumns<Bare>(capacity: 1_000)
    for index in 0..<1_000 { columns.append(Bare(position: Vector2(Float(index), 0))) }
    let field = EntityLayout(of: Bare.self).fields.first { $0.path == "position.x" }
    return (columns, field!.offset / 4)
  }

  @Test("The first refused entity is found in any block, and in the last part block")
  func firstRefused() {
    let (columns, word) = numbered()
    let blocks = ColumnBlocks(columns)
    for refused in [0, 255, 256, 700, 999] {
      let found = blocks.firstEntity(among: 1_000, whoseWords: word, word) { value, _ in
        Float(bitPattern: value) >= Float(refused)
      }
      #expect(found == refused)
    }
    #expect(blocks.firstEntity(among: 1_000, whoseWords: word, word) { _, _ in false } == nil)
  }

  @Test("Only the first `count` entities are looked at")
  func onlyCounted() {
    let (columns, word) = numbered()
    let blocks = ColumnBlocks(columns)
    let found = blocks.firstEntity(among: 600, whoseWords: word, word) { value, _ in
      Float(bitPattern: value) >= 600
    }
    #expect(found == nil)
  }
}
