import Foundation
import GameShell
import Synchronization

@testable import SandboxCLI

/// Captures what a command writes.
final class CapturedConsole: Sendable {
  private let output = Mutex("")
  private let error = Mutex("")

  var console: Console {
    Console(
      writeOutput: { text in self.output.withLock { $0 += text } },
      writeError: { text in self.error.withLock { $0 += text } },
      errorIsTerminal: false)
  }

  var standardOutput: String { output.withLock { $0 } }
  var standardError: String { error.withLock { $0 } }
}

/// Runs `sandbox bench ...` in-process and returns exit code, stdout and stderr.
func bench(_ arguments: String...) -> (status: Int32, output: String, error: String) {
  bench(arguments)
}

/// `bench(_:)` with the arguments as an array.
func bench(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
  let captured = CapturedConsole()
  let invocation = Sandbox.Invocation(
    arguments: ["bench"] + arguments, environment: [:],
    executablePath: "/nonexistent/bin/sandbox",
    workingDirectory: FileManager.default.temporaryDirectory.path)
  let status = Sandbox.main(invocation, console: captured.console)
  return (status, captured.standardOutput, captured.standardError)
}
