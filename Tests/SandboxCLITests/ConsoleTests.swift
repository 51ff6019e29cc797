import Foundation
import GameShell
import Testing

@testable import SandboxCLI

/// Runs the real `sandbox` executable with its standard output set up by `prepare`, and returns
/// its exit status, what it wrote to standard error and how long it took.
private func runWithOutput(
  _ arguments: [String], prepare: (Process) throws -> Void = { _ in },
  afterLaunch: () -> Void = {}
) throws -> (status: Int32, error: String, seconds: Double) {
  let process = Process()
  process.executableURL = sandboxExecutable
  process.arguments = arguments
  process.currentDirectoryURL = packageRoot
  let error = Pipe()
  process.standardError = error
  try prepare(process)
  let start = Date()
  try process.run()
  afterLaunch()
  let errorData = error.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (
    process.terminationStatus, String(decoding: errorData, as: UTF8.self),
    Date().timeIntervalSince(start)
  )
}

@Suite("Command line: standard output that fails")
struct ConsoleTests {
  @Test("a report that cannot be written is an error with its own exit code")
  func failedReportInProcess() {
    let captured = CapturedConsole()
    let status = StreamStatus()
    let console = Console(
      writeOutput: { _ in status.recordFailure(errno: ENOSPC) },
      writeError: captured.console.writeError, errorIsTerminal: false, outputStatus: status)
    let invocation = Sandbox.Invocation(
      arguments: ["describe"], environment: [:], executablePath: "/nonexistent/bin/sandbox",
      workingDirectory: packageRoot.path)
    #expect(Sandbox.main(invocation, console: console) == ExitCode.ioError)
    #expect(
      captured.standardError
        == "Error: could not write to standard output: No space left on device\n")
  }

  @Test("a command that fails keeps its own exit code when its output fails too")
  func failedCommandKeepsItsCode() {
    let captured = CapturedConsole()
    let status = StreamStatus()
    status.recordFailure(errno: EPIPE)
    let console = Console(
      writeOutput: { _ in }, writeError: captured.console.writeError, errorIsTerminal: false,
      outputStatus: status)
    let invocation = Sandbox.Invocation(
      arguments: ["run", "--scenario", "no-such-scenario"], environment: [:],
      executablePath: "/nonexistent/bin/sandbox", workingDirectory: packageRoot.path)
    #expect(Sandbox.main(invocation, console: console) == ExitCode.noInput)
    #expect(captured.standardError.hasSuffix("standard output: Broken pipe\n"))
  }

  @Test("a full disk: the run says so and exits 74")
  func fullDisk() throws {
    let result = try runWithOutput(["run", "--ticks", "10", "--json"]) { process in
      process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
    }
    #expect(result.status == ExitCode.ioError)
    #expect(result.error == "Error: could not write to standard output: No space left on device\n")
  }

  @Test("a closed standard output: the run says so and exits 74")
  func closedOutput() throws {
    // The shell closes standard output before it starts sandbox.
    let result = try runWithOutput([]) { process in
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", "exec \"$0\" run --ticks 10 --json >&-", sandboxExecutable.path]
    }
    #expect(result.status == ExitCode.ioError)
    #expect(result.error == "Error: could not write to standard output: it is closed\n")
  }

  @Test("a reader that goes away: the sweep says so and exits 74")
  func brokenPipe() throws {
    let output = Pipe()
    let result = try runWithOutput(["sweep", "--seeds", "1-4", "--ticks", "30"]) { process in
      process.standardOutput = output
    } afterLaunch: {
      // Nobody will ever read what the sweep writes.
      try? output.fileHandleForReading.close()
    }
    #expect(result.status == ExitCode.ioError)
    #expect(result.error == "Error: could not write to standard output: Broken pipe\n")
  }
}
