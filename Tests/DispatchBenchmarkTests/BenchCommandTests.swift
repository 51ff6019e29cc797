import Foundation
import GameShell
import Testing

@testable import SandboxCLI

@Suite("sandbox bench: options, listing and the debug-build refusal")
struct BenchCommandTests {
  #if DEBUG
    @Test("A debug build refuses to time and says how to build release")
    func refusesDebugTimings() {
      let result = bench("--sizes", "100")
      #expect(result.status == 64)
      #expect(result.output.isEmpty)
      #expect(result.error.contains("Error: sandbox bench reports timings only from an optimised"))
      #expect(result.error.contains("swift run -c release sandbox bench"))
    }

    @Test("A debug build refuses to write timing files, even with --quick")
    func refusesDebugFiles() {
      let result = bench("--quick", "--json", "b.json")
      #expect(result.status == 64)
      #expect(
        result.error.contains("writes --json, --csv and --svg reports only from an optimised"))
      #expect(!result.error.contains("or add --quick"))
      #expect(result.error.contains("swift run -c release sandbox bench"))
    }

    @Test("--quick in a debug build checks every strategy's checksum and compares nothing")
    func quickChecksums() {
      let result = bench("--quick")
      #expect(result.status == 0)
      #expect(result.output.contains("Timing:  none (checksums only)"))
      #expect(result.output.contains("100 entities - checksum"))
      #expect(result.output.contains("1,000 entities - checksum"))
      #expect(!result.output.contains("DIFFERENT"))
      #expect(!result.output.contains("World comparison"))
    }
  #endif

  @Test("--list names every strategy with its number and description")
  func list() {
    let result = bench("--list")
    #expect(result.status == 0)
    for name in ["class-hierarchy-sorted", "dynamic-cast", "soa-simd8", "traitsandbox-world"] {
      #expect(result.output.contains(name))
    }
    #expect(result.output.split(separator: "\n").count >= 14)
  }

  @Test(
    "Bad values are usage errors: message, usage, exit 64",
    arguments: [
      ["--sizes", "0"], ["--sizes", "1000,abc"], ["--sizes", ""], ["--samples", "2"],
      ["--strategy", "virtual"], ["--json", ""], ["--bogus"], ["--quick", "--quick"],
      ["--rounds", "0"], ["--rounds", "6", "--samples", "5"],
      ["--workload", "simple-iter", "--rounds", "4", "--samples", "3"],
    ])
  func usageErrors(arguments: [String]) {
    let captured = CapturedConsole()
    let status = Sandbox.main(
      Sandbox.Invocation(
        arguments: ["bench"] + arguments, environment: [:], executablePath: "sandbox",
        workingDirectory: "/"),
      console: captured.console)
    #expect(status == 64)
    #expect(captured.standardError.hasPrefix("Error: "))
    #expect(captured.standardError.contains("Usage: sandbox bench"))
  }

  @Test("--strategy takes a comma-separated subset and keeps the benchmark's order")
  func strategySubset() throws {
    let strategies = try BenchCommand.strategies("traitsandbox-world,soa")
    #expect(strategies.map(\.name) == ["soa", "traitsandbox-world"])
    #expect(try BenchCommand.sizes("1000, 100000,1000") == [1_000, 100_000])
  }

  @Test("help bench shows the options")
  func help() {
    let captured = CapturedConsole()
    let status = Sandbox.main(
      Sandbox.Invocation(
        arguments: ["help", "bench"], environment: [:], executablePath: "sandbox",
        workingDirectory: "/"),
      console: captured.console)
    #expect(status == 0)
    for option in [
      "--sizes", "--samples", "--rounds", "--strategy", "--quick", "--json", "--csv", "--svg",
    ] {
      #expect(captured.standardOutput.contains(option))
    }
  }
}
