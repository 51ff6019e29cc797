// libFuzzer target: command-line parsing. `scripts/fuzz.sh FuzzCommandLine SECONDS` builds it
// with -DFUZZING and runs it; an ordinary build makes only a stub that says so: the check
// reaches the parser's internals, which only a build with -enable-testing can see.
import Foundation
import FuzzDriver

#if FUZZING
  @testable import SandboxCLI

  /// Splits the input at zero bytes into arguments and parses them for every subcommand of
  /// `Sandbox.commands`, the way `sandbox` does before running one: every input must give a
  /// command or a usage error, never a crash. Nothing is run, so nothing is written.
  func check(_ bytes: UnsafeBufferPointer<UInt8>) {
    let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    let invocation = Sandbox.Invocation(
      arguments: arguments, environment: [:], executablePath: "/nonexistent/sandbox",
      workingDirectory: "/nonexistent")
    for command in Sandbox.commands {
      guard let options = try? ParsedOptions(arguments, spec: command.spec) else { continue }
      _ = try? command.init(options: options, invocation: invocation)
    }
  }
#else
  /// Parsing reaches internals that only a build with -enable-testing can see: nothing to check
  /// in an ordinary build.
  func check(_ bytes: UnsafeBufferPointer<UInt8>) {}
#endif

@main enum FuzzCommandLine {
  static func main() { runFuzzer(named: "FuzzCommandLine", check) }
}
