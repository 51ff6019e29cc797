import Frames
import Testing

@Suite("Font sheet")
struct FontSheetTests {
  @Test("glyphs follow ASCII from the space, sixteen to a row")
  func cells() {
    #expect(FontSheet.cell(for: "!") == TexelRect(x: 8, y: 0, width: 8, height: 8))
    #expect(FontSheet.cell(for: "0") == TexelRect(x: 0, y: 8, width: 8, height: 8))
    #expect(FontSheet.cell(for: "~") == TexelRect(x: 112, y: 40, width: 8, height: 8))
  }

  @Test("characters outside printable ASCII show the box in the last cell")
  func box() {
    let box = TexelRect(x: 120, y: 40, width: 8, height: 8)
    #expect(FontSheet.cell(for: "\u{E9}") == box)
    #expect(FontSheet.cell(for: "\u{7F}") == box)
    #expect(FontSheet.cell(for: "\n") == box)
  }

  @Test("a space has no cell to draw")
  func space() {
    #expect(FontSheet.cell(for: " ") == nil)
    #expect(FontSheet.glyph(for: " ") == 0)
  }

  @Test("the sheet holds 96 glyphs: 16 by 6 cells")
  func size() {
    #expect(FontSheet.width == FontSheet.glyphsPerRow * FontSheet.glyphSize)
    #expect(FontSheet.height == 6 * FontSheet.glyphSize)
  }
}
