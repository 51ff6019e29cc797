/// The layout of the bitmap font `SpriteID.font`: 96 glyphs, for ASCII 32...127, of 8x8 texels
/// in a 16 x 6 grid. Glyph 127 is a box, shown for characters the font lacks.
public enum FontSheet {
  /// The side of one glyph cell, in texels.
  public static let glyphSize = 8
  /// Glyph cells per row of the sheet.
  public static let glyphsPerRow = 16
  /// The sheet's width in texels.
  public static let width = 128
  /// The sheet's height in texels.
  public static let height = 48

  /// The glyph for a character: its position among ASCII 32...126, or the box's for the rest.
  @inlinable
  public static func glyph(for scalar: Unicode.Scalar) -> Int {
    (32...126).contains(scalar.value) ? Int(scalar.value) - 32 : 127 - 32
  }

  /// The cell drawn for a character; `nil` for a space, which leaves its cell empty.
  @inlinable
  public static func cell(for scalar: Unicode.Scalar) -> TexelRect? {
    if scalar == " " { return nil }
    let glyph = glyph(for: scalar)
    return TexelRect(
      x: glyph % glyphsPerRow * glyphSize, y: glyph / glyphsPerRow * glyphSize, width: glyphSize,
      height: glyphSize)
  }
}
