import Foundation
import GameShell
import Imaging

/// Finds the `Assets` folder: `--assets`, then `SANDBOX_ASSETS`, then the repository the
/// executable or the working directory lies in (so `swift run` needs no configuration).
enum AssetLocator {
  /// The environment variable that names the assets folder.
  static let environmentKey = "SANDBOX_ASSETS"

  /// The assets folder to use, or a failure that says where it looked.
  static func locate(
    option: String?, invocation: Sandbox.Invocation
  ) throws(CommandFailure) -> URL {
    if let option {
      return try checked(invocation.url(of: option, isDirectory: true), source: "--assets")
    }
    if let variable = invocation.environment[environmentKey], !variable.isEmpty {
      return try checked(invocation.url(of: variable, isDirectory: true), source: environmentKey)
    }
    let starts = [
      invocation.url(of: invocation.executablePath).resolvingSymlinksInPath()
        .deletingLastPathComponent(),
      invocation.url(of: ".", isDirectory: true),
    ]
    for start in starts {
      var folder = start.standardizedFileURL
      while true {
        let candidate = folder.appendingPathComponent("Assets")
        if isAssetsFolder(candidate) { return candidate }
        let parent = folder.deletingLastPathComponent()
        if parent.path == folder.path { break }
        folder = parent
      }
    }
    throw CommandFailure(
      message:
        "No Assets folder found next to the executable or the working directory; "
        + "pass --assets DIR or set \(environmentKey)",
      exitCode: ExitCode.noInput)
  }

  private static func checked(_ url: URL, source: String) throws(CommandFailure) -> URL {
    guard isAssetsFolder(url) else {
      throw CommandFailure(
        message: "\(source): '\(url.path)' is not an assets folder (no scenarios/ inside)",
        exitCode: ExitCode.noInput)
    }
    return url
  }

  private static func isAssetsFolder(_ url: URL) -> Bool {
    FileKind.at(url.appendingPathComponent("scenarios").path(percentEncoded: false)) == .folder
  }
}
