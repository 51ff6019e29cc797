import DesktopDemo
import Foundation
import GameShell
import MonsterWars
import SDLBackend
import TraitSandbox

/// How `sandbox demo` reports its frames.
extension DemoCommand {
  /// What a window that stopped with `error` makes the command exit with: 69 for a display
  /// that cannot be reached, 73 for a file it cannot write, 1 otherwise.
  static func failure(_ error: DemoError) -> CommandFailure {
    let exitCode =
      switch error.kind {
      case .missingDisplay: ExitCode.unavailable
      case .unwritableFile: ExitCode.cannotCreate
      case .other: ExitCode.failure
      }
    return CommandFailure(message: error.message, exitCode: exitCode)
  }

  /// Prints where the frames spent their time and the percentiles of the times between them.
  static func printFrameTimes(_ summary: DemoSummary, console: Console) {
    let split = summary.split
    console.print(
      String(
        format: "Frame time: draw %.1f ms, present %.1f ms, waiting for the simulation %.1f ms; "
          + "simulation alongside %.1f ms (%.2f ticks of %.2f ms)", split.draw, split.present,
        split.wait, split.simulation, split.ticks, split.tick))
    if let calls = summary.gpuCalls {
      func mean(_ seconds: Double, _ frames: Int) -> String {
        frames > 0 ? String(format: "%.2f ms", seconds / Double(frames) * 1000) : "-"
      }
      console.print(
        "GPU path on the main thread, OpenGL calls before each swap: "
          + "\(mean(calls.secondsWithUpload, calls.framesWithUpload)) a frame with a new tick's "
          + "instances (\(mean(calls.uploadSeconds, calls.framesWithUpload)) of it sending them; "
          + "\(calls.framesWithUpload) frames), "
          + "\(mean(calls.secondsWithoutUpload, calls.framesWithoutUpload)) without "
          + "(\(calls.framesWithoutUpload) frames)")
    }
    if let p50 = summary.frameTimes.percentile(0.5), let p95 = summary.frameTimes.percentile(0.95),
      let p99 = summary.frameTimes.percentile(0.99)
    {
      console.print(
        String(
          format: "Frame times: p50 %.1f ms, p95 %.1f ms, p99 %.1f ms (%d between frames)", p50,
          p95, p99, summary.frameTimes.count))
    }
  }
}
