import Foundation
import GameShell
import Imaging

/// The `sandbox` command: parses the command line, runs a subcommand and returns its exit code.
public enum Sandbox {
  /// The version `--version` prints.
  public static let version = Program.currentVersion

  /// What the process was started with (`GameShell`'s `Invocation`).
  public typealias Invocation = GameShell.Invocation

  /// Every subcommand, in the order `sandbox help` lists them: the one list of them. A new
  /// subcommand is a type conforming to `Subcommand` and one entry here; help, parsing and the
  /// command-line fuzz target all read this table.
  static var commands: [any Subcommand.Type] {
    [
      GameRunCommand<MonsterWarsGame>.self,
      GameSweepCommand<MonsterWarsGame>.self,
      GameRenderCommand<MonsterWarsGame>.self,
      GameDemoCommand<MonsterWarsGame>.self,
      GameHostCommand<MonsterWarsGame>.self,
      GameJoinCommand<MonsterWarsGame>.self,
      GameReplayCommand<MonsterWarsGame>.self,
      GameDescribeCommand<MonsterWarsGame>.self,
      BenchCommand.self,
      ScaleCommand.self,
    ]
  }

  /// The `sandbox` command line: its subcommands, the demo when given none.
  static var program: Program {
    Program(
      name: "sandbox", overview: "TraitSandbox: MonsterWars built from protocol-oriented traits.",
      version: version, commands: commands, defaultCommand: GameDemoCommand<MonsterWarsGame>.self)
  }

  static var subcommands: [CommandSpec] { program.subcommands }

  static var overview: String { program.help }

  /// Runs the command line and returns the process exit code.
  ///
  /// If standard output could not be written (a full disk, a closed stream, a broken pipe),
  /// it says so on standard error and returns `ExitCode.ioError`, unless the command had
  /// already failed with a code of its own.
  public static func main(_ invocation: Invocation, console: Console) -> Int32 {
    program.main(invocation, console: console)
  }

  /// Whether `arguments` (without the program's name) open the demo window: `sandbox` alone
  /// or `sandbox demo ...`. The program sets its allocator for the window's frames or for a
  /// headless run's ticks by this, before anything else runs.
  public static func opensDemo(_ arguments: some Collection<String>) -> Bool {
    arguments.first.map { $0 == "demo" } ?? true
  }
}
