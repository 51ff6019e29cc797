import Foundation
import Testing

@Suite("Command line: interrupted runs")
struct InterruptTests {
  /// Starts a run that writes a frame every tick, stops it with `signal` once frames are being
  /// written, and returns how it ended and what the frames folder holds.
  private func interruptedRun(by signal: Int32) throws -> (
    reason: Process.TerminationReason, status: Int32, names: [String]
  ) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("InterruptTests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let process = Process()
    process.executableURL = sandboxExecutable
    process.arguments = [
      "run", "--ticks", "100000", "--frames", folder.path, "--every", "1", "--size", "256x256",
    ]
    process.currentDirectoryURL = packageRoot
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Wait until a few frames are in, so the signal lands among writes.
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      if names.filter({ $0.hasSuffix(".png") }).count >= 3 { break }
      usleep(20_000)
    }
    kill(process.processIdentifier, signal)
    // A run that ignored the signal would go on for hours: give it ten seconds.
    let stopDeadline = Date().addingTimeInterval(10)
    while process.isRunning && Date() < stopDeadline { usleep(20_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return (process.terminationReason, process.terminationStatus, names)
  }

  @Test("SIGINT stops a run with exit code 130 and leaves no temporary file")
  func interrupt() throws {
    let result = try interruptedRun(by: SIGINT)
    #expect(result.reason == .exit)
    #expect(result.status == 130)
    #expect(result.names.count >= 3)
    #expect(!result.names.contains { $0.contains(".tmp-") }, "\(result.names)")
  }

  @Test("SIGTERM stops a run with exit code 143 and leaves no temporary file")
  func terminate() throws {
    let result = try interruptedRun(by: SIGTERM)
    #expect(result.reason == .exit)
    #expect(result.status == 143)
    #expect(result.names.count >= 3)
    #expect(!result.names.contains { $0.contains(".tmp-") }, "\(result.names)")
  }
}
