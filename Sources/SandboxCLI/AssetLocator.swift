import Foundation

/// Finds the `Assets` folder: `--assets`, then `SANDBOX_ASSETS`, then the repository the
/// executable or the working directory lies in (so `swift run` needs no configuration).
enum AssetLocator {
  /// The environment variable that names the assets folder.
  static let environmentKey = "SANDBOX_ASSETS"

  /// The assets folder to use, or a failure that says where it looked.
  static func locate(
    option: String?, environment: [String: String], executablePath: String,
    workingDirectory: String
  ) throws(CommandFailure) -> URL {
    if let option {
      return try checked(URL(fileURLWithPath: option), source: "--assets")
    }
    if let variable = environment[environmentKey], !variable.isEmpty {
      return try checked(URL(fileURLWithPath: variable), source: environmentKey)
    }
    let starts = [
      URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent(),
      URL(fileURLWithPath: workingDirectory),
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
    var isDirectory: ObjCBool = false
    let scenarios = url.appendingPathComponent("scenarios").path
    return FileManager.default.fileExists(atPath: scenarios, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }
}
