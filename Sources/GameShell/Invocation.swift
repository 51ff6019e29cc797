import Foundation

/// What the process was started with.
public struct Invocation: Sendable {
  /// The arguments after the executable's name.
  public var arguments: [String]
  /// The environment variables.
  public var environment: [String: String]
  /// The executable's path, for finding the assets folder.
  public var executablePath: String
  /// The working directory.
  public var workingDirectory: String

  /// Describes an invocation.
  public init(
    arguments: [String], environment: [String: String], executablePath: String,
    workingDirectory: String
  ) {
    self.arguments = arguments
    self.environment = environment
    self.executablePath = executablePath
    self.workingDirectory = workingDirectory
  }

  /// `path` as the user means it: as given when absolute, else against the working
  /// directory. The one way a command turns a path it was given into a URL.
  ///
  /// A path that ends in "/" names a folder, as it does to the system: `duel.json/` is not
  /// the file `duel.json`, and reading or writing a file there fails.
  package func url(of path: String, isDirectory: Bool = false) -> URL {
    URL(
      fileURLWithPath: path, isDirectory: isDirectory || path.hasSuffix("/"),
      relativeTo: URL(fileURLWithPath: workingDirectory, isDirectory: true))
  }

  /// The invocation of the current process.
  public static var current: Invocation {
    Invocation(
      arguments: Array(CommandLine.arguments.dropFirst()),
      environment: ProcessInfo.processInfo.environment,
      executablePath: CommandLine.arguments.first ?? "sandbox",
      workingDirectory: FileManager.default.currentDirectoryPath)
  }
}
