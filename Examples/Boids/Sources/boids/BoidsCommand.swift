import BoidsArt
import BoidsGame
import Foundation
import Frames
import Gameplay
import HeadlessRenderer
import Imaging
import Netplay
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

  /// Runs the flock headless or in a window (or replays a recording of it), writes the picture
  /// and the recording if asked, and prints the report.
  static func run(
    _ options: CommandLineOptions, environment: [String: String], console: Console
  ) throws(CommandFailure) {
    if let path = options.replayPath {
      let scene = try replay(path)
      try report(scene, options: options, console: console)
      return
    }
    if let end = options.netplay {
      try playOverNetwork(end, options: options, console: console)
      return
    }
    let scene = BoidsScene(seed: options.seed, boidCount: options.boidCount)
    if let rollback = options.syncRollback {
      var run = HeadlessRun<BoidsScene>(
        tickLimit: options.ticks ?? 0, syncTestRollback: rollback,
        inputs: { tick in (options.hawks[tick] ?? []).map { SeatInput(seat: 0, input: $0) } })
      var tested = scene
      do {
        try run.run(&tested)
      } catch {
        throw CommandFailure(message: "sync test: \(error)", exitCode: ExitCode.failure)
      }
      try report(tested, options: options, console: console)
      console.print(
        "sync test: rolled back \(rollback) ticks and stepped again "
          + "\(run.syncTest?.rollbacks ?? 0) times, always to the straight run's state")
      return
    }
    var recorder = try startRecording(scene)
    var frames: Int?
    if options.isWindowed {
      frames = try WindowRun.run(
        &recorder, tickLimit: options.ticks, frameLimit: options.frameLimit,
        environment: environment)
    } else {
      for tick in 0..<(options.ticks ?? 0) {
        recorder.advance(with: (options.hawks[tick] ?? []).map { SeatInput(seat: 0, input: $0) })
      }
    }
    try finish(recorder, options: options, console: console)
    if let frames { console.print("frames: \(frames)") }
  }

  /// Plays a match over the network headless, this side's falconer releasing `--hawks`, and
  /// reports how it ended.
  private static func playOverNetwork(
    _ end: CommandLineOptions.NetplayEnd, options: CommandLineOptions, console: Console
  ) throws(CommandFailure) {
    let count = options.boidCount
    let start = { (seed: UInt64) in BoidsScene(seed: seed, boidCount: count) }
    let fingerprint = UInt64(count)
    let match: NetplayMatch<BoidsScene>
    do {
      switch end {
      case .host(let listen, let port):
        match = try .hosting(
          start, fingerprint: fingerprint, seed: options.seed,
          settings: RollbackSettings(endTick: UInt32(options.ticks ?? 0)), listen: listen,
          port: port, faults: options.faults)
        let address = listen.map { $0.contains(":") ? "[\($0)]" : $0 } ?? "127.0.0.1"
        console.print(
          "Hosting boids on UDP port \(match.peer.localPort). The other player joins with:")
        console.print(
          "  boids --join \(address):\(match.peer.localPort) --code \(match.code) --count \(count)")
      case .join(let host, let port, let code):
        match = try .joining(
          start, fingerprint: fingerprint, host: host, port: port, code: code,
          faults: options.faults)
      }
      try match.playHeadless(waitSeconds: Double(options.waitSeconds)) { tick in
        options.hawks[Int(tick)] ?? []
      }
    } catch {
      throw CommandFailure(message: error.description, exitCode: ExitCode.unavailable)
    }
    for line in match.summary { console.print(line) }
    guard case .ended(let ending) = match.phase, let rollback = match.rollback else { return }
    if let path = options.pngPath { try writePicture(of: rollback.game, to: path) }
    switch ending {
    case .finished, .quit: return
    default: throw CommandFailure(message: ending.description, exitCode: ExitCode.failure)
    }
  }

  /// A recorder of `scene` from where it is now.
  private static func startRecording(_ scene: BoidsScene) throws(CommandFailure) -> Recorder<
    BoidsScene
  > {
    do {
      return try Recorder(scene)
    } catch {
      throw CommandFailure(message: "cannot snapshot the sky: \(error)", exitCode: ExitCode.failure)
    }
  }

  /// Writes the recording if asked, then the picture and the report.
  private static func finish(
    _ recorder: Recorder<BoidsScene>, options: CommandLineOptions, console: Console
  ) throws(CommandFailure) {
    if let path = options.recordPath {
      do {
        try AtomicFile.write(
          [UInt8](try recorder.recording.encoded()), to: URL(fileURLWithPath: path))
      } catch {
        throw CommandFailure(
          message: "cannot write the recording \(path): \(error)", exitCode: ExitCode.cannotCreate)
      }
    }
    try report(recorder.game, options: options, console: console)
    if let path = options.recordPath { console.print("recording: \(path)") }
  }

  /// The scene a recording file ends on, replayed from its start.
  private static func replay(_ path: String) throws(CommandFailure) -> BoidsScene {
    let bytes: [UInt8]
    do {
      bytes = try InputFile.read(URL(fileURLWithPath: path), limit: 1 << 30)
    } catch {
      throw CommandFailure(message: "\(error)", exitCode: ExitCode.noInput)
    }
    do {
      let recording = try Recording<BoidsScene>(decoding: Data(bytes))
      return try recording.replay(like: BoidsScene(seed: 0, boidCount: 0, hawkCount: 0))
    } catch {
      throw CommandFailure(
        message: "cannot replay \(path): \(error)", exitCode: ExitCode.dataError)
    }
  }

  /// Writes the picture if asked, and prints the scene's state hash, tick and birds.
  private static func report(
    _ scene: BoidsScene, options: CommandLineOptions, console: Console
  ) throws(CommandFailure) {
    if let path = options.pngPath {
      try writePicture(of: scene, to: path)
    }
    console.print("stateHash: \(scene.world.stateHash())")
    console.print("tick: \(scene.world.tick)")
    console.print(
      "boids: \(scene.boidCount) of \(scene.initialBoidCount) alive "
        + "(\(scene.caughtCount) caught)")
    console.print("hawks: \(scene.hawkCount)")
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
