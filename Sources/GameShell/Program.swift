import Foundation
import Imaging

/// A command line of subcommands: `sandbox`, or any game's. Parses the first word, runs the
/// subcommand it names (or the default one when there is none), prints help for `-h`,
/// `--help`, `help` and `help <subcommand>`, and reports a failure as `Error: ...` with the
/// subcommand's usage and its exit code.
package struct Program {
  /// The version of the sandbox and its shell, which `--version` prints.
  package static let currentVersion = "0.1.0"

  /// The program's name, as usage shows it: `sandbox`.
  package var name: String
  /// The one-line overview `--help` starts with.
  package var overview: String
  /// The version `--version` prints.
  package var version: String
  /// Every subcommand, in the order help lists them.
  package var commands: [any Subcommand.Type]
  /// The subcommand the program runs when given none.
  package var defaultCommand: (any Subcommand.Type)?

  /// Creates a program.
  package init(
    name: String, overview: String, version: String, commands: [any Subcommand.Type],
    defaultCommand: (any Subcommand.Type)? = nil
  ) {
    self.name = name
    self.overview = overview
    self.version = version
    self.commands = commands
    self.defaultCommand = defaultCommand
  }

  /// The subcommands' specs.
  package var subcommands: [CommandSpec] { commands.map { $0.spec } }

  /// The text of `--help`.
  package var help: String {
    var lines = [
      "OVERVIEW: \(overview)", "", "USAGE: \(name) [<subcommand>]", "", "OPTIONS:",
    ]
    lines += HelpLayout.columns([
      ("--version", "Show the version."), ("-h, --help", "Show help information."),
    ])
    lines += ["", "SUBCOMMANDS:"]
    lines += HelpLayout.columns(
      subcommands.map { ($0.name, $0.abstract) } + [
        ("help", "Show subcommand help information.")
      ])
    lines += ["", "  See '\(name) help <subcommand>' for detailed help."]
    return lines.joined(separator: "\n") + "\n"
  }

  /// Runs the command line and returns the process exit code.
  ///
  /// If standard output could not be written (a full disk, a closed stream, a broken pipe),
  /// it says so on standard error and returns `ExitCode.ioError`, unless the command had
  /// already failed with a code of its own.
  package func main(_ invocation: Invocation, console: Console) -> Int32 {
    let status = run(invocation, console: console)
    guard let error = console.outputStatus.failure else { return status }
    let reason = error == EBADF ? "it is closed" : String(cString: strerror(error))
    console.printError("Error: could not write to standard output: \(reason)")
    return status == ExitCode.success ? ExitCode.ioError : status
  }

  /// Runs the command line and returns the command's exit code.
  private func run(_ invocation: Invocation, console: Console) -> Int32 {
    var arguments = invocation.arguments[...]
    let first = arguments.popFirst()
    do throws(CommandFailure) {
      switch first {
      case "-h", "--help":
        try expectNoMore(arguments)
        console.writeOutput(help)
        return ExitCode.success
      case nil:
        guard let command = defaultCommand else {
          console.writeOutput(help)
          return ExitCode.success
        }
        let options = try ParsedOptions([], spec: command.spec)
        return try command.init(options: options, invocation: invocation).run(console: console)
      case "--version":
        try expectNoMore(arguments)
        console.print(version)
        return ExitCode.success
      case "help":
        guard let name = arguments.popFirst() else {
          console.writeOutput(help)
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
  private func expectNoMore(_ arguments: ArraySlice<String>) throws(CommandFailure) {
    if let extra = arguments.first {
      throw CommandFailure.usage("Unexpected argument \(quoted(extra))")
    }
  }

  private func report(_ failure: CommandFailure, spec: CommandSpec?, console: Console) {
    // Messages quote what users typed: no control character reaches the terminal raw.
    console.printError("Error: \(InputFileError.shown(failure.message, limit: Int.max))")
    guard failure.showsUsage else { return }
    if let spec {
      console.printError("Usage: \(spec.usage)")
      console.printError("  See '\(name) help \(spec.name)' for more information.")
    } else {
      console.printError("Usage: \(name) <subcommand>")
      console.printError("  See '\(name) --help' for more information.")
    }
  }
}
