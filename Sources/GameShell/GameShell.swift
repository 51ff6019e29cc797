import Foundation

extension PlayableGame {
  /// Runs the game's command line (the current process's, by default) and returns the process exit
  /// code: `run`, `replay`, `render`, `sweep`, `describe`, `demo`, `host` and `join`, with
  /// `sandbox`'s options, help and exit codes; the demo window opens when no subcommand is given. A
  /// game's executable is one line:
  ///
  /// ```swift
  /// exit(BoidsScene.runCommandLine())
  /// ```
  public static func runCommandLine(
    _ invocation: Invocation = .current, console: Console = .standard
  ) -> Int32 {
    commandLine.main(invocation, console: console)
  }

  /// The game's command line.
  ///
  /// - Precondition: No setting is named as an option of a command is; the game's keys are
  ///   lowercase letters or digits other than the window's own (F, H, R, T), each once.
  static var commandLine: Program {
    let commands: [any Subcommand.Type] = [
      GameRunCommand<Self>.self, GameSweepCommand<Self>.self, GameDemoCommand<Self>.self,
      GameHostCommand<Self>.self, GameJoinCommand<Self>.self, GameReplayCommand<Self>.self,
      GameRenderCommand<Self>.self, GameDescribeCommand<Self>.self,
    ]
    for command in commands {
      let names = command.spec.options.map(\.name)
      precondition(
        Set(names).count == names.count,
        "a setting of \(name) is named as an option of '\(name) \(command.spec.name)' is")
    }
    let keys = Self.keys.map(\.key)
    precondition(
      keys.allSatisfy(GameKey.isAllowed) && Set(keys).count == keys.count,
      "\(name)'s keys are lowercase letters or digits other than f, h, r and t, each once")
    return Program(
      name: programName, overview: overview, version: Program.currentVersion,
      commands: commands, defaultCommand: GameDemoCommand<Self>.self)
  }
}
