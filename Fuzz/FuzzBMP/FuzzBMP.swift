// libFuzzer target: BMP decoding. `scripts/fuzz.sh FuzzBMP SECONDS` builds it with -DFUZZING and
// runs it; an ordinary build compiles the same check behind a stub (see FuzzDriver).
import Foundation
import FuzzDriver
import Imaging

/// Decodes the input as a BMP: every input must give an image or an `ImageFormatError`; an
/// image must encode and decode back to itself.
func check(_ bytes: UnsafeBufferPointer<UInt8>) {
  guard let image = try? BMP.decode(bytes), image.width * image.height <= 1 << 20 else { return }
  let again = try? BMP.decode(BMP.encode(image))
  precondition(again == image, "a decoded BMP did not survive encoding and decoding")
}

@main enum FuzzBMP {
  static func main() { runFuzzer(named: "FuzzBMP", check) }
}
