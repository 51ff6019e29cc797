// libFuzzer target: PNG decoding. `scripts/fuzz.sh FuzzPNG SECONDS` builds it with -DFUZZING and
// runs it; an ordinary build makes the same check, behind a stub that says so.
import Foundation
import Imaging

/// Decodes the input as a PNG: every input must give an image or an `ImageFormatError`; an
/// image must encode and decode back to itself.
func check(_ bytes: UnsafeBufferPointer<UInt8>) {
  guard let image = try? PNG.decode(bytes), image.width * image.height <= 1 << 20 else { return }
  let again = try? PNG.decode(PNG.encode(image))
  precondition(again == image, "a decoded PNG did not survive encoding and decoding")
}

#if FUZZING
  /// libFuzzer's driver: it runs the callback on every input it makes.
  @_silgen_name("LLVMFuzzerRunDriver")
  func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt

  @main enum FuzzPNG {
    static func main() {
      var argc = CommandLine.argc
      var argv = CommandLine.unsafeArgv
      exit(
        runFuzzerDriver(&argc, &argv) { data, count in
          check(UnsafeBufferPointer(start: data, count: data == nil ? 0 : count))
          return 0
        })
    }
  }
#else
  @main enum FuzzPNG {
    static func main() {
      FileHandle.standardError.write(Data("Run with: scripts/fuzz.sh FuzzPNG SECONDS\n".utf8))
      exit(64)
    }
  }
#endif
