import Foundation
import GameShell
import Imaging
import MonsterWars

/// Reading and writing snapshot and recording files, with the messages and exit codes every
/// command gives for them.
enum SavedFileIO {
  /// A path as given on the command line, against the working directory.
  static func url(_ path: String, invocation: Sandbox.Invocation) -> URL {
    invocation.url(of: path)
  }

  /// The bytes of a saved file: a regular file of at most `MatchSnapshot.maximumFileSize`.
  ///
  /// - Throws: exit 66 for a missing or unreadable file, or one that is not a regular file.
  static func read(_ path: String, kind: SavedFileKind, invocation: Sandbox.Invocation)
    throws(CommandFailure) -> [UInt8]
  {
    do {
      return try InputFile.read(
        url(path, invocation: invocation), limit: MatchSnapshot.maximumFileSize)
    } catch {
      throw CommandFailure(
        message: "Cannot read \(kind.name) \(error.description)", exitCode: ExitCode.noInput)
    }
  }

  /// The failure for a file that was read but is not a good file of `kind`: exit 65.
  static func invalid(_ path: String, kind: SavedFileKind, _ error: SavedFileError)
    -> CommandFailure
  {
    CommandFailure(
      message: "Cannot load \(kind.name) \(quoted(path)): \(error.reason)",
      exitCode: ExitCode.dataError)
  }

  /// Saves `match` to the snapshot file `path`, atomically.
  ///
  /// - Throws: exit 73 naming the path when the file cannot be written (a missing folder, a
  ///   full disk), exit 1 when the match cannot be encoded.
  static func save(_ match: Match, to path: String, invocation: Sandbox.Invocation)
    throws(CommandFailure)
  {
    let url = url(path, invocation: invocation)
    do {
      try MatchSnapshot.save(match, to: url)
    } catch let error as AtomicFileError {
      throw CommandFailure(
        message: "Cannot write \(url.path(percentEncoded: false)): \(error.reason)",
        exitCode: ExitCode.cannotCreate)
    } catch {
      throw CommandFailure(message: "Cannot save the match: \(error)", exitCode: ExitCode.failure)
    }
  }
}
