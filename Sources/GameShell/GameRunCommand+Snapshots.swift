import Foundation
import Imaging
import TraitSandbox

extension GameRunCommand {
  /// `--save`: the whole game, written when the run ends.
  static var save: Option<String?> {
    .text(
      "save", valueName: "file",
      help: "When the run ends, save the whole game to this snapshot file.")
  }

  /// `--load`: a snapshot to go on from.
  static var load: Option<String?> {
    .text(
      "load", valueName: "file",
      help: "Go on from a snapshot file that --save wrote instead of starting a game (it holds "
        + "the seed, the settings and every entity).")
  }

  /// The largest snapshot `--load` reads.
  static var maximumSnapshotSize: Int { 1 << 30 }

  /// Refuses the options that set a game up beside `--load`, whose snapshot holds its set-up.
  static func refuseSetUp(besideLoad options: ParsedOptions) throws(CommandFailure) {
    let given =
      (options.contains(GameOptions<G>.seed) ? ["seed"] : [])
      + GameOptions<G>.settingOptions.filter { options.contains($0) }.map(\.name)
      + (options.contains(GameOptions<G>.settingsFile) ? [G.settingsFileOption] : [])
    if let first = given.first {
      throw .usage("--\(first) cannot go with --load: the snapshot holds the game's set-up")
    }
  }

  /// The game the snapshot file at `path` holds, stepping on `threads` threads.
  ///
  /// - Throws: `CommandFailure`: exit 66 for a file that cannot be read, 65 for one that is not
  ///   a snapshot of this game.
  static func loadSnapshot(
    _ path: String, threads: Int, invocation: Invocation
  ) throws(CommandFailure) -> (game: G, readSeconds: Double) {
    let bytes: [UInt8]
    let clock = MonotonicClock()
    let start = clock.now()
    do {
      bytes = try InputFile.read(invocation.url(of: path), limit: maximumSnapshotSize)
    } catch {
      throw CommandFailure(message: "--load: \(error)", exitCode: ExitCode.noInput)
    }
    let readSeconds = clock.now() - start
    do {
      let reader = try GameOptions<G>.reader(threads: threads, invocation: invocation)
      return (try reader.restored(from: bytes), readSeconds)
    } catch {
      throw CommandFailure(
        message: "--load: \(path) is not a snapshot of \(G.name): \(error)",
        exitCode: ExitCode.dataError)
    }
  }

  /// Writes `game`'s snapshot to `url`, atomically.
  ///
  /// - Throws: exit 73 for a file that cannot be written, 1 for a game that cannot be saved.
  static func writeSnapshot(of game: G, to url: URL) throws(CommandFailure) {
    do {
      try game.writeSnapshot(to: url)
    } catch let error as AtomicFileError {
      throw CommandFailure(
        message: "Cannot write \(url.path(percentEncoded: false)): \(error.reason)",
        exitCode: ExitCode.cannotCreate)
    } catch {
      throw CommandFailure(
        message: "cannot snapshot the game: \(error)", exitCode: ExitCode.failure)
    }
  }
}
