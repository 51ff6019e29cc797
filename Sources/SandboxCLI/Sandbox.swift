import Foundation
import Imaging

/// The `sandbox` command: parses the command line, runs a subcommand and returns its exit code.
public enum Sandbox {
  /// The version `--version` prints.
  public static let version = "0.1.0"

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
    func url(of path: String, isDirectory: Bool = false) -> URL {
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

  /// Every subcommand, in the order `sandbox help` lists them: the one list of them. A new
  /// subcommand is a type conforming to `Subcommand` and one entry here; help, parsing and the
  /// command-line fuzz target all read this table.
  static var commands: [any Subcommand.Type] {
    [
      RunCommand.self,
      SweepCommand.self,
      RenderCommand.self,
      DemoCommand.self,
      HostCommand.self,
      JoinCommand.self,
      ReplayCommand.self,
      DescribeCommand.self,
      BenchCommand.self,
      ScaleCommand.self,
    ]
  }

  static var subcommands: [CommandSpec] { commands.map { $0.spec } }

  static var overview: String {
    var lines = [
      "OVERVIEW: TraitSandbox: MonsterWars built from protocol-oriented traits.", "",
      "USAGE: sandbox [<subcommand>]", "", "OPTIONS:",
    ]
    lines += HelpLayout.columns([
      ("--version", "Show the version."), ("-h, --help", "Show help information."),
    ])
    lines += ["", "SUBCOMMANDS:"]
    lines += HelpLayout.columns(
      subcommands.map { ($0.name, $0.abstract) } + [
        ("help", "Show subcommand help information.")
      ])
    lines += ["", "  See 'sandbox help <subcommand>' for detailed help."]
    return lines.joined(separator: "\n") + "\n"
  }

  /// Runs the command line and returns the process exit code.
  ///
  /// If standard output could not be written (a full disk, a closed stream, a broken pipe),
  /// it says so on standard error and returns `ExitCode.ioError`, unless the command had
  /// already failed with a code of its own.
  public static func main(_ invocation: Invocation, console: Console) -> Int32 {
    let status = run(invocation, console: console)
    guard let error = console.outputStatus.failure else { return status }
    let reason = error == EBADF ? "it is closed" : String(cString: strerror(error))
    console.printError("Error: could not write to standard output: \(reason)")
    return status == ExitCode.success ? ExitCode.ioError : status
  }

  /// Whether `arguments` (without the program's name) open the demo window: `sandbox` alone
  /// or `sandbox demo ...`. The program sets its allocator for the window's frames or for a
  /// headless run's ticks by this, before anything else runs.
  public static func opensDemo(_ arguments: some Collection<String>) -> Bool {
    arguments.first.map { $0 == "demo" } ?? true
  }

  /// Runs the command line and returns the command's exit code.
  private static func run(_ invocation: Invocation, console: Console) -> Int32 {
    var arguments = invocation.arguments[...]
    let first = arguments.popFirst()
    do throws(CommandFailure) {
      switch first {
      case "-h", "--help":
        try expectNoMore(arguments)
        console.writeOutput(overview)
        return ExitCode.success
      case nil:
        // `sandbox` alone opens the demo (see `opensDemo(_:)`).
        let options = try ParsedOptions([], spec: DemoCommand.spec)
        return try DemoCommand(options: options, invocation: invocation).run(console: console)
      case "--version":
        try expectNoMore(arguments)
        console.print(version)
        return ExitCode.success
      case "help":
        guard let name = arguments.popFirst() else {
          console.writeOutput(overview)
          return ExitCode.success
        }
        try expectNoMore(arguments)
        guard let command = subcommands.first(where: { $0.name == name }) else {
          throw CommandFailure.usage("Unknown subcommand \(quoted(name))")
        }
        console.writeOutput(command.help)
        return ExitCode.success
      case let word?:
        guard let command = commands.first(where: { $0.spec.name == word }) else {
          throw CommandFailure.usage("Unknown subcommand \(quoted(word))")
        }
        let options = try ParsedOptions(Array(arguments), spec: command.spec)
        if options.wantsHelp {
          console.writeOutput(command.spec.help)
          return ExitCode.success
        }
        return try command.init(options: options, invocation: invocation).run(console: console)
      }
    } catch {
      report(error, spec: subcommands.first { $0.name == first }, console: console)
      return error.exitCode
    }
  }

  /// Throws a usage error naming the first of `arguments`, if there is one.
  private static func expectNoMore(_ arguments: ArraySlice<String>) throws(CommandFailure) {
    if let extra = arguments.first {
      throw CommandFailure.usage("Unexpected argument \(quoted(extra))")
    }
  }

  private static func report(_ failure: CommandFailure, spec: CommandSpec?, console: Console) {
    // Messages quote what users typed: no control character reaches the terminal raw.
    console.printError("Error: \(InputFileError.shown(failure.message, limit: Int.max))")
    guard failure.showsUsage else { return }
    if let spec {
      console.printError("Usage: \(spec.usage)")
      console.printError("  See 'sandbox help \(spec.name)' for more information.")
    } else {
      console.printError("Usage: sandbox <subcommand>")
      console.printError("  See 'sandbox --help' for more information.")
    }
  }
}
