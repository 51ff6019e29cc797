/// The chunks of a PNG file that decoding needs, each CRC-checked and in a legal order.
///
/// Ancillary chunks other than tRNS are skipped; unknown critical chunks are refused, because
/// ignoring them could silently change the picture.
struct PNGFileContents {
  let header: PNGHeader
  /// The raw PLTE chunk: RGB triples.
  let palette: [UInt8]?
  /// The raw tRNS chunk: palette alphas or a transparent colour key.
  let transparency: [UInt8]?
  /// All IDAT chunks joined: one zlib stream.
  let compressedData: [UInt8]

  /// Walks the chunks of `bytes` up to IEND.
  ///
  /// - Throws: `ImageFormatError` for a bad signature, truncation, a CRC mismatch, a missing or
  ///   misplaced chunk, or invalid IHDR values.
  init(_ bytes: [UInt8]) throws(ImageFormatError) {
    guard bytes.starts(with: PNG.signature) else {
      if bytes.count < PNG.signature.count && PNG.signature.starts(with: bytes) {
        throw .truncated(expected: PNG.signature.count, actual: bytes.count)
      }
      throw .badSignature
    }

    var header: PNGHeader?
    var palette: [UInt8]?
    var transparency: [UInt8]?
    var compressed: [UInt8] = []
    var offset = PNG.signature.count
    var reachedEnd = false
    while !reachedEnd {
      let (type, data) = try Self.chunk(in: bytes, at: offset)
      let length = data.count
      offset = data.endIndex + 4

      if header == nil && type != "IHDR" {
        throw .corrupt("the first chunk is \(type) but must be IHDR")
      }
      switch type {
      case "IHDR":
        guard header == nil else { throw .corrupt("the file has a second IHDR chunk") }
        header = try PNGHeader(chunk: data)
      case "PLTE":
        guard compressed.isEmpty else { throw .corrupt("the PLTE chunk comes after IDAT") }
        guard length % 3 == 0, (3...768).contains(length) else {
          throw .corrupt("the PLTE chunk has \(length) bytes; it needs 1 to 256 RGB triples")
        }
        palette = Array(data)
      case "tRNS":
        guard compressed.isEmpty else { throw .corrupt("the tRNS chunk comes after IDAT") }
        transparency = Array(data)
      case "IDAT":
        compressed += data
      case "IEND":
        reachedEnd = true
      default:
        // Bit 5 of the first letter marks ancillary chunks, which a reader may skip.
        guard type.utf8.first.map({ $0 & 0x20 != 0 }) == true else {
          throw .unsupported("critical PNG chunk '\(type)'")
        }
      }
    }

    guard let header else { throw .corrupt("the file has no IHDR chunk") }
    guard !compressed.isEmpty else { throw .corrupt("the file has no IDAT chunk") }
    self.header = header
    self.palette = palette
    self.transparency = transparency
    compressedData = compressed
  }

  /// The chunk at `offset` of `bytes`: its type and its data, checked against its length and
  /// its CRC.
  private static func chunk(
    in bytes: [UInt8], at offset: Int
  ) throws(ImageFormatError) -> (type: String, data: ArraySlice<UInt8>) {
    guard offset + 12 <= bytes.count else {
      throw .truncated(expected: offset + 12, actual: bytes.count)
    }
    let length = Int(bytes.bigEndianUInt32(at: offset))
    guard length <= Int(Int32.max) else {
      throw .corrupt("a chunk claims \(length) bytes, more than PNG's limit of 2^31 - 1")
    }
    let typeBytes = bytes[offset + 4..<offset + 8]
    guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
    else {
      throw .corrupt("a chunk at byte \(offset) has a type that is not four ASCII letters")
    }
    let type = String(decoding: typeBytes, as: UTF8.self)
    let dataStart = offset + 8
    let dataEnd = dataStart + length
    guard dataEnd + 4 <= bytes.count else {
      throw .truncated(expected: dataEnd + 4, actual: bytes.count)
    }
    guard CRC32.checksum(bytes[offset + 4..<dataEnd]) == bytes.bigEndianUInt32(at: dataEnd)
    else {
      throw .crcMismatch(chunk: type)
    }
    return (type, bytes[dataStart..<dataEnd])
  }
}
