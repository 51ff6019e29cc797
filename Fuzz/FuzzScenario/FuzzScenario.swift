// libFuzzer target: scenario files. `scripts/fuzz.sh FuzzScenario SECONDS` builds it with -DFUZZING
// and runs it; an ordinary build makes the same check, behind a stub that says so.
import Foundation
import MonsterWars

/// Parses and validates the input as a scenario file: every input must give a scenario or a
/// `ScenarioError`, never a crash, a hang or a trap; a valid scenario must make a match that
/// can take a step.
func check(_ bytes: UnsafeBufferPointer<UInt8>) {
  guard let scenario = try? Scenario.parse(Data(bytes), path: "fuzz.json", name: "fuzz") else {
    return
  }
  var match = Match(scenario: scenario, seed: 1, swarmCount: 0)
  match.step()
}

#if FUZZING
  /// libFuzzer's driver: it runs the callback on every input it makes.
  @_silgen_name("LLVMFuzzerRunDriver")
  func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt

  @main enum FuzzScenario {
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
  @main enum FuzzScenario {
    static func main() {
      FileHandle.standardError.write(Data("Run with: scripts/fuzz.sh FuzzScenario SECONDS\n".utf8))
      exit(64)
    }
  }
#endif
