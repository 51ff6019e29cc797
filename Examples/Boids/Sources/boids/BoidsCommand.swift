import BoidsArt
import BoidsGame
import Foundation
import Frames
import Gameplay
import HeadlessRenderer
import Imaging
import TraitSandbox

/// The `boids` command: parses, wires the scene to a backend, and reports.
enum BoidsCommand {
  /// The size of `--png` pictures: the sky's own size, one pixel per world unit.
  static let pictureSize = (width: 1280, height: 720)

  /// Runs the command and returns the process's exit code.
  static func main(arguments: [String], environment: [String: String], console: Console) -> Int32 {
    do throws(CommandFailure) {
      switch try CommandLineOptions.parse(arguments) {
      case .help:
        console.writeOutput(CommandLineOptions.help)
      case .run(let options):
        try run(options, environment: environment, console: console)
      }
      return ExitCode.success
    } catch {
      console.printError("Error: \(error.message)")
      if error.exitCode == ExitCode.usage {
        console.printError(CommandLineOptions.usage)
        console.printError("  See 'boids --help' for more information.")
      }
      return error.exitCode
    }
  }

  /// Runs the flock headless or in a window, writes the picture if asked, and prints the
  /// report.
  static func run(
    _ options: CommandLineOptions, environment: [String: String], console: Console
  ) throws(CommandFailure) {
    var scene = BoidsScene(seed: options.seed, boidCount: options.boidCount)
    var frames: Int?
    var syncRollbacks: (ticks: Int, count: Int)?
    if options.isWindowed {
      frames = try WindowRun.run(
        &scene, tickLimit: options.ticks, frameLimit: options.frameLimit,
        environment: environment)
    } else if let rollback = options.syncRollback {
      var syncTest = SyncTest<BoidsScene>(rollback: rollback)
      for _ in 0..<(options.ticks ?? 0) {
        do {
          try syncTest.step(&scene)
        } catch {
          throw CommandFailure(message: "sync test: \(error)", exitCode: ExitCode.failure)
        }
      }
      syncRollbacks = (rollback, syncTest.rollbacks)
    } else {
      scene.run(ticks: options.ticks ?? 0)
    }
    if let path = options.pngPath {
      try writePicture(of: scene, to: path)
    }
    console.print("stateHash: \(scene.world.stateHash())")
    console.print("tick: \(scene.world.tick)")
    console.print(
      "boids: \(scene.boidCount) of \(scene.initialBoidCount) alive "
        + "(\(scene.caughtCount) caught)")
    console.print("hawks: \(scene.hawkCount)")
    if let frames { console.print("frames: \(frames)") }
    if let (ticks, count) = syncRollbacks {
      console.print(
        "sync test: rolled back \(ticks) ticks and stepped again \(count) times, always to "
          + "the straight run's state")
    }
    if let path = options.pngPath { console.print("png: \(path)") }
  }

  /// Renders the scene's current frame headless and writes it as a PNG.
  static func writePicture(of scene: BoidsScene, to path: String) throws(CommandFailure) {
    let sprites: SpriteLibrary
    do {
      sprites = try SpriteLibrary(images: SpriteArt.images())
    } catch {
      throw CommandFailure(message: error.description, exitCode: ExitCode.failure)
    }
    var backend = HeadlessBackend(
      width: pictureSize.width, height: pictureSize.height, sprites: sprites)
    backend.render(scene.makeFrame())
    do {
      try AtomicFile.write(PNG.encode(backend.image), to: URL(fileURLWithPath: path))
    } catch {
      throw CommandFailure(message: error.description, exitCode: ExitCode.cannotCreate)
    }
  }
}
