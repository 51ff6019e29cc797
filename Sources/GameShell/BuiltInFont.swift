import Frames
import HeadlessRenderer
import Imaging

/// The sandbox's bitmap font, built in: a game's window and pictures draw their text with it
/// whatever sprites the game brings.
enum BuiltInFont {
  /// Glyphs for ASCII 32...127 in `FontSheet`'s order, 8 rows of 8 texels each, the first
  /// row in the lowest byte and the left texel in the lowest bit of it.
  static let glyphs: [UInt64] = [
    0x0000000000000000, 0x0008000808080808, 0x0000000000141414, 0x0014143E143E1414,
    0x00081E281C0A3C08, 0x0030320408102606, 0x002C122A040A120C, 0x0000000000040808,
    0x0010080404040810, 0x0004081010100804, 0x0000082A1C2A0800, 0x000008083E080800,
    0x04080C0000000000, 0x000000003E000000, 0x000C0C0000000000, 0x0002020408102020,
    0x001C22262A32221C, 0x001C080808080C08, 0x003E04081020221C, 0x001C22201008103E,
    0x0010103E12141810, 0x001C2220201E023E, 0x001C22221E020418, 0x000404040810203E,
    0x001C22221C22221C, 0x000C10203C22221C, 0x00000C0C000C0C00, 0x04080C0C000C0C00,
    0x0010080402040810, 0x0000003E003E0000, 0x0004081020100804, 0x000800081020221C,
    0x001C023A2A3A221C, 0x002222223E22221C, 0x001E22221E22221E, 0x001C22020202221C,
    0x001E22222222221E, 0x003E02021E02023E, 0x000202021E02023E, 0x003C22223A02221C,
    0x002222223E222222, 0x001C08080808081C, 0x000C121010101038, 0x0022120A060A1222,
    0x003E020202020202, 0x002222222A2A3622, 0x002222322A262222, 0x001C22222222221C,
    0x000202021E22221E, 0x002C122A2222221C, 0x0022120A1E22221E, 0x001E20201C02023C,
    0x000808080808083E, 0x001C222222222222, 0x0008142222222222, 0x00142A2A2A222222,
    0x0022221408142222, 0x0008080808142222, 0x003E02040810203E, 0x001C04040404041C,
    0x0020201008040202, 0x001C10101010101C, 0x0000000000221408, 0x3E00000000000000,
    0x0000000000100804, 0x003C223C201C0000, 0x001E2222221E0202, 0x001C2202021C0000,
    0x003C2222223C2020, 0x001C023E221C0000, 0x000404040E042418, 0x1C203C22223C0000,
    0x00222222261A0202, 0x001C0808080C0008, 0x0C12101010180010, 0x00120A060A120202,
    0x001C08080808080C, 0x002A2A2A2A160000, 0x00222222261A0000, 0x001C2222221C0000,
    0x02021E22221E0000, 0x20203C22223C0000, 0x00020202261A0000, 0x001E201C023C0000,
    0x00182404040E0404, 0x002C322222220000, 0x0008142222220000, 0x00142A2A22220000,
    0x0022140814220000, 0x1C203C2222220000, 0x003E0408103E0000, 0x0010080804080810,
    0x0008080808080808, 0x0004080810080804, 0x000000102A040000, 0x003E3E3E3E3E3E3E,
  ]

  /// The font sheet: white glyphs on clear texels, `FontSheet.width` x `FontSheet.height`.
  static var image: Image {
    var image = Image(width: FontSheet.width, height: FontSheet.height)
    for (glyph, bits) in glyphs.enumerated() {
      let left = glyph % FontSheet.glyphsPerRow * FontSheet.glyphSize
      let top = glyph / FontSheet.glyphsPerRow * FontSheet.glyphSize
      for texel in 0..<64 where bits >> UInt64(texel) & 1 == 1 {
        image[x: left + texel % 8, y: top + texel / 8] = .white
      }
    }
    return image
  }

  /// The game's sprites with the font among them, unless the game brings its own.
  static func sprites<G: PlayableGame>(
    of game: G.Type, in invocation: Invocation
  ) throws -> SpriteLibrary {
    try sprites(adding: G.sprites(in: invocation))
  }

  /// `library` with the font among its sprites, unless it has one.
  static func sprites(adding library: SpriteLibrary) throws -> SpriteLibrary {
    var images = library.images
    if images[.font] == nil { images[.font] = image }
    return try SpriteLibrary(images: images)
  }
}
