import Foundation
import Imaging
import Testing

/// The `sandbox` executable built next to the test bundle.
let sandboxExecutable = URL(fileURLWithPath: CommandLine.arguments[0])
  .deletingLastPathComponent().appendingPathComponent("sandbox")

/// Runs the real `sandbox` executable in its own process (SDL's global state must never be
/// shared with other tests running in parallel in this process).
func runSandboxProcess(_ arguments: [String], environment: [String: String]) throws -> (
  status: Int32, output: String, error: String, seconds: Double
) {
  let process = Process()
  process.executableURL = sandboxExecutable
  process.arguments = arguments
  // Sanitizer settings pass through, so a sanitized test run checks its child the same way.
  let sanitizerSettings = ProcessInfo.processInfo.environment.filter {
    ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS"].contains($0.key)
  }
  process.environment = environment.merging(sanitizerSettings) { own, _ in own }
  process.currentDirectoryURL = packageRoot
  let output = Pipe()
  let error = Pipe()
  process.standardOutput = output
  process.standardError = error
  let start = Date()
  try process.run()
  let outputData = output.fileHandleForReading.readDataToEndOfFile()
  let errorData = error.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (
    process.terminationStatus, String(decoding: outputData, as: UTF8.self),
    String(decoding: errorData, as: UTF8.self), Date().timeIntervalSince(start)
  )
}

@Suite("Command line: sandbox demo")
struct DemoCommandTests {
  @Test("the executable is built next to the tests")
  func executableExists() {
    #expect(FileManager.default.isExecutableFile(atPath: sandboxExecutable.path))
  }

  @Test("with no display, demo (and sandbox alone) exit 69 at once pointing at run and xvfb-run")
  func noDisplay() throws {
    let environment = ["PATH": "/usr/bin:/bin"]
    for arguments in [["demo"], []] {
      let result = try runSandboxProcess(arguments, environment: environment)
      #expect(result.status == 69)
      #expect(result.error.hasPrefix("Error: no display available"))
      #expect(result.error.contains("sandbox run"))
      #expect(result.error.contains("xvfb-run"))
      #expect(result.output.isEmpty)
      #expect(result.seconds < 3)
    }
  }

  @Test("with SDL's dummy video driver the demo draws its frames and saves a screenshot")
  func dummyDriver() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let screenshot = folder.appendingPathComponent("w.png")
    let result = try runSandboxProcess(
      [
        "demo", "--autoplay", "--frames", "12", "--size", "320x180", "--screenshot",
        screenshot.path,
      ],
      environment: ["PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy"])
    #expect(result.status == 0, "\(result.error)")
    // The dummy driver has no accelerated renderer, so auto takes the software path and says so.
    #expect(
      result.output.hasPrefix(
        "Renderer: software, because SDL has no accelerated renderer here (SDL_CreateRenderer: "))
    #expect(result.output.contains("\nframes: 12\nframe rate: "))
    // Where the frames spent their time, with the ticks stepped beside the drawing.
    #expect(result.output.contains("\nframe time: draw "))
    #expect(result.output.contains(" ms a frame ("))
    // The frame-time percentiles, over the 11 gaps between 12 frames.
    #expect(result.output.contains("\nframe times: p50 "))
    #expect(result.output.contains(" ms (11 between frames)\n"))
    let image = try PNG.decode(try Data(contentsOf: screenshot))
    #expect(image.width == 320 && image.height == 180)
  }

  @Test("--ticks ends the demo drawn at that tick, on the run's hash, on any --threads")
  func tickLimit() throws {
    let run = sandbox("run", "--ticks", "90", "--seed", "4")
    let hash = try #require(run.output.firstMatch(of: /stateHash: ([0-9a-f]{16})/)?.1)
    for threads in ["1", "2"] {
      let result = try runSandboxProcess(
        [
          "demo", "--autoplay", "--ticks", "90", "--seed", "4", "--threads", threads, "--size",
          "320x180",
        ],
        environment: ["PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy"])
      #expect(result.status == 0, "\(result.error)")
      #expect(result.output.contains("\ntick: 90\n"), "\(result.output)")
      #expect(result.output.contains("\nstateHash: \(hash)\n"), "\(result.output)")
    }
  }

  @Test("a display that is set but cannot be reached is an error, not a window nobody sees")
  func unreachableDisplay() throws {
    // A display number no X server here has taken (no lock file, no socket). SDL either fails
    // outright or falls back to a driver that shows no window; both are exit 69.
    let files = FileManager.default
    let number =
      (7700..<7800).first {
        !files.fileExists(atPath: "/tmp/.X\($0)-lock")
          && !files.fileExists(atPath: "/tmp/.X11-unix/X\($0)")
      } ?? 7799
    let result = try runSandboxProcess(
      ["demo", "--frames", "1"], environment: ["PATH": "/usr/bin:/bin", "DISPLAY": ":\(number)"])
    #expect(result.status == 69, "\(result.error)")
    #expect(result.error.contains("Error: no display available"))
    #expect(result.output.isEmpty)
  }

  @Test("a screenshot that cannot be written is refused before the demo plays: exit 73")
  func unwritableScreenshot() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("shot.png")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let result = try runSandboxProcess(
      ["demo", "--frames", "600", "--screenshot", fifo.path],
      environment: ["PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy"])
    #expect(result.status == 73)
    #expect(
      result.error.contains("it is a FIFO (named pipe); --screenshot replaces a regular file"))
    #expect(result.seconds < 5)
  }

  @Test("demo usage errors exit 64 before any window opens")
  func usage() throws {
    let result = try runSandboxProcess(
      ["demo", "--frames", "0"], environment: ["PATH": "/usr/bin:/bin"])
    #expect(result.status == 64)
    #expect(result.error.contains("The value '0' is invalid for '--frames <n>'"))
    let renderer = try runSandboxProcess(
      ["demo", "--renderer", "vulkan"], environment: ["PATH": "/usr/bin:/bin"])
    #expect(renderer.status == 64)
    #expect(
      renderer.error.contains(
        "The value 'vulkan' is invalid for '--renderer <auto|gpu|software>': expected one of "
          + "auto, gpu, software"))
  }

  @Test("SANDBOX_RENDERER chooses the renderer unless --renderer does; a bad value is named")
  func rendererVariable() throws {
    let dummy = ["PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy"]
    let bad = try runSandboxProcess(
      ["demo", "--frames", "1"], environment: dummy.merging(["SANDBOX_RENDERER": "fast"]) { $1 })
    #expect(bad.status == 64)
    #expect(
      bad.error.contains("Error: SANDBOX_RENDERER='fast': expected one of auto, gpu, software"))
    let software = try runSandboxProcess(
      ["demo", "--frames", "2"],
      environment: dummy.merging(["SANDBOX_RENDERER": "software"]) { $1 })
    #expect(software.status == 0, "\(software.error)")
    #expect(software.output.hasPrefix("Renderer: software, as asked\n"))
    // The option wins over the variable; the dummy driver has no GPU renderer to give.
    let gpu = try runSandboxProcess(
      ["demo", "--frames", "2", "--renderer", "gpu"],
      environment: dummy.merging(["SANDBOX_RENDERER": "software"]) { $1 })
    #expect(gpu.status == 1)
    // (A game whose sprites are not all drawn yet notes its placeholders first.)
    #expect(gpu.error.contains("Error: --renderer gpu: SDL has no accelerated renderer here ("))
    #expect(gpu.error.contains("--renderer software draws on the CPU"))
  }
}
