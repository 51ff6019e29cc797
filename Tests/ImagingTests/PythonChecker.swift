import Foundation

/// Runs `scripts/check_png.py`, the independent PNG reader and reference writer.
enum PythonChecker {
  static let scriptPath = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scripts/check_png.py").path

  /// The first `python3` on `PATH`, if any.
  static var python3: String? {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    return directories.map { "\($0)/python3" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Runs the script with `arguments` and returns its exit status and output.
  static func run(
    python: String, _ arguments: [String]
  ) throws -> (status: Int32, output: String, error: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [scriptPath] + arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Read before waiting so that a full pipe cannot block the child.
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outputData, as: UTF8.self),
      String(decoding: errorData, as: UTF8.self)
    )
  }
}
