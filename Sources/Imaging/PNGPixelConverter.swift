/// Turns unfiltered PNG scanlines of any supported colour type and bit depth into RGBA8.
struct PNGPixelConverter {
  private let header: PNGHeader
  private let palette: [RGBA]
  // The tRNS sample values marking the one fully transparent grey level (first value) or RGB
  // colour; -1 never matches a sample.
  private let transparentKey: (Int, Int, Int)

  /// Prepares conversion; `palette` and `transparency` are the raw `PLTE` and `tRNS` chunks.
  init(header: PNGHeader, palette: [UInt8]?, transparency: [UInt8]?) throws(ImageFormatError) {
    self.header = header
    var entries: [RGBA] = []
    if header.colorType == .indexed {
      guard let palette else { throw .corrupt("an indexed-colour PNG has no PLTE chunk") }
      let alphas = transparency ?? []
      guard alphas.count <= palette.count / 3 else {
        throw .corrupt("the tRNS chunk has more entries than the palette")
      }
      for index in 0..<palette.count / 3 {
        entries.append(
          RGBA(
            r: palette[3 * index], g: palette[3 * index + 1], b: palette[3 * index + 2],
            a: index < alphas.count ? alphas[index] : 255))
      }
    }
    self.palette = entries

    let keyLength = header.colorType == .greyscale ? 2 : header.colorType == .truecolor ? 6 : 0
    if let transparency, keyLength > 0 {
      guard transparency.count == keyLength else {
        throw .corrupt("the tRNS chunk has \(transparency.count) bytes instead of \(keyLength)")
      }
      let key = (0..<keyLength / 2).map {
        Int(transparency[2 * $0]) << 8 | Int(transparency[2 * $0 + 1])
      }
      transparentKey = key.count == 1 ? (key[0], -1, -1) : (key[0], key[1], key[2])
    } else {
      // tRNS is not allowed with an alpha channel; such files are accepted and the chunk ignored.
      transparentKey = (-1, -1, -1)
    }
  }

  /// The RGBA8 pixels of unfiltered `scanlines` (each row still led by its filter-type byte).
  ///
  /// - Throws: `ImageFormatError.corrupt` for a palette index beyond the palette.
  /// - Complexity: O(`width * height`).
  func convert(_ scanlines: UnsafeBufferPointer<UInt8>) throws(ImageFormatError) -> [UInt8] {
    let width = header.width
    var pixels = [UInt8](repeating: 0, count: width * header.height * 4)
    try pixels.withUnsafeMutableBufferPointer { (output) throws(ImageFormatError) in
      for y in 0..<header.height {
        let row = scanlines.baseAddress! + y * (header.rowByteCount + 1) + 1
        let target = output.baseAddress! + y * width * 4
        try convertRow(row, into: target)
      }
    }
    return pixels
  }

  private func convertRow(
    _ row: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>
  ) throws(ImageFormatError) {
    let width = header.width
    switch (header.colorType, header.bitDepth) {
    case (.truecolorAlpha, 8):
      target.initialize(from: row, count: width * 4)
    case (.truecolor, 8) where transparentKey.0 < 0:
      for x in 0..<width {
        target[4 * x] = row[3 * x]
        target[4 * x + 1] = row[3 * x + 1]
        target[4 * x + 2] = row[3 * x + 2]
        target[4 * x + 3] = 255
      }
    case (.indexed, _):
      for x in 0..<width {
        let index = sample(row, x)
        guard index < palette.count else {
          throw .corrupt(
            "pixel \(x) uses palette index \(index) of a \(palette.count)-colour palette")
        }
        let color = palette[index]
        storePixel(color.r, color.g, color.b, color.a, at: target + 4 * x)
      }
    case (.greyscale, _):
      for x in 0..<width {
        let value = sample(row, x)
        let grey = scaled(value)
        storePixel(grey, grey, grey, value == transparentKey.0 ? 0 : 255, at: target + 4 * x)
      }
    case (.greyscaleAlpha, _):
      for x in 0..<width {
        let grey = scaled(sample(row, 2 * x))
        storePixel(grey, grey, grey, scaled(sample(row, 2 * x + 1)), at: target + 4 * x)
      }
    case (.truecolor, _):
      for x in 0..<width {
        let red = sample(row, 3 * x)
        let green = sample(row, 3 * x + 1)
        let blue = sample(row, 3 * x + 2)
        let isTransparent = (red, green, blue) == transparentKey
        storePixel(
          scaled(red), scaled(green), scaled(blue), isTransparent ? 0 : 255, at: target + 4 * x)
      }
    case (.truecolorAlpha, _):
      for x in 0..<width {
        storePixel(
          scaled(sample(row, 4 * x)), scaled(sample(row, 4 * x + 1)),
          scaled(sample(row, 4 * x + 2)), scaled(sample(row, 4 * x + 3)), at: target + 4 * x)
      }
    }
  }

  /// The `index`th sample of a row, at the header's bit depth.
  @inline(__always)
  private func sample(_ row: UnsafePointer<UInt8>, _ index: Int) -> Int {
    switch header.bitDepth {
    case 8:
      return Int(row[index])
    case 16:
      return Int(row[2 * index]) << 8 | Int(row[2 * index + 1])
    default:
      let depth = header.bitDepth
      let bitOffset = index * depth
      let shift = 8 - depth - bitOffset & 7
      return Int(row[bitOffset >> 3]) >> shift & (1 << depth - 1)
    }
  }

  /// A sample scaled to 8 bits: low depths are stretched to the full range, 16 bits rounded.
  @inline(__always)
  private func scaled(_ value: Int) -> UInt8 {
    switch header.bitDepth {
    case 8: UInt8(value)
    case 16: UInt8((value * 255 + 32767) / 65535)
    default: UInt8(value * 255 / (1 << header.bitDepth - 1))
    }
  }

}
