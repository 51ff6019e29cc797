// libFuzzer target: PNG decoding. `scripts/fuzz.sh FuzzPNG SECONDS` builds it with -DFUZZING and
// runs it; an ordinary build compiles the same check behind a stub (see FuzzDriver).
import CZlib
import Foundation
import FuzzDriver
import Imaging

/// Decodes the input as a PNG: every input must give an image or an `ImageFormatError`; an
/// image must encode and decode back to itself.
///
/// Chunk checksums are set right first, as a file damaged after it was written would not have
/// them: otherwise nearly every mutation would stop at the first CRC-32, and the fuzzer would
/// never reach the image data behind it.
func check(_ bytes: UnsafeBufferPointer<UInt8>) {
  let input = withValidChecksums(Array(bytes))
  guard let image = try? PNG.decode(input), image.width * image.height <= 1 << 20 else { return }
  let again = try? PNG.decode(PNG.encode(image))
  precondition(again == image, "a decoded PNG did not survive encoding and decoding")
}

/// The input with each whole chunk's CRC-32 recomputed; anything else is left as it is.
func withValidChecksums(_ input: [UInt8]) -> [UInt8] {
  var bytes = input
  var offset = 8  // After the signature.
  while offset + 12 <= bytes.count {
    let length =
      Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
      | Int(bytes[offset + 3])
    let end = offset + 8 + length
    guard end + 4 <= bytes.count else { break }
    let crc = bytes[(offset + 4)..<end].withUnsafeBufferPointer {
      UInt32(crc32(0, $0.baseAddress, uInt($0.count)))
    }
    bytes[end] = UInt8(crc >> 24)
    bytes[end + 1] = UInt8(crc >> 16 & 0xFF)
    bytes[end + 2] = UInt8(crc >> 8 & 0xFF)
    bytes[end + 3] = UInt8(crc & 0xFF)
    offset = end + 4
  }
  return bytes
}

@main enum FuzzPNG {
  static func main() { runFuzzer(named: "FuzzPNG", check) }
}
