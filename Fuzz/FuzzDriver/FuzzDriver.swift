// What every fuzz target shares: libFuzzer's driver when built with -DFUZZING (by
// scripts/fuzz.sh), a stub that says how to run it otherwise.
import Foundation

/// The check the running target gave `runFuzzer`, for the C callback libFuzzer calls.
nonisolated(unsafe) private var currentCheck: (UnsafeBufferPointer<UInt8>) -> Void = { _ in }

#if FUZZING
  /// libFuzzer's driver: it runs the callback on every input it makes.
  @_silgen_name("LLVMFuzzerRunDriver")
  private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt
#endif

/// Runs `check` on every input libFuzzer makes, with the process's arguments as libFuzzer's
/// options; in an ordinary build, says how to run target `name` and exits 64.
public func runFuzzer(
  named name: String, _ check: @escaping (UnsafeBufferPointer<UInt8>) -> Void
) -> Never {
  #if FUZZING
    currentCheck = check
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(
      runFuzzerDriver(&argc, &argv) { data, count in
        currentCheck(UnsafeBufferPointer(start: data, count: data == nil ? 0 : count))
        return 0
      })
  #else
    FileHandle.standardError.write(Data("Run with: scripts/fuzz.sh \(name) SECONDS\n".utf8))
    exit(64)
  #endif
}
