import Foundation
import Gameplay

/// `GAME describe`: what the game is, its seats and settings, and what the game says of
/// itself (a game on a `World`: its schedule and entity types).
package struct GameDescribeCommand<G: PlayableGame>: Subcommand {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "describe", abstract: "Print the game's seats, settings and what it is made of.",
      discussion: """
        Sets the game up from --seed and its settings without stepping it and prints its \
        seats, its rate, each setting with its values and default, what a click in the \
        window does, and what the game says of itself: for a game on a World, the schedule a \
        tick runs, how its systems share parallel steps on more than one thread and why each \
        waits for the one before, and each entity type with its traits, components and \
        systems; last, what the game says of its settings file.
        """,
      options: [GameOptions<G>.seed] + GameOptions<G>.settingOptions + [
        GameOptions<G>.settingsFile
      ] + GameOptions<G>.assetsOptions, program: G.programName)
  }

  let seed: UInt64
  let settings: GameSettings

  package init(options: ParsedOptions, invocation: Invocation) throws(CommandFailure) {
    let invocation = try GameOptions<G>.invocation(options, invocation)
    seed = try options[GameOptions<G>.seed]
    settings = try GameOptions<G>.settings(options, invocation: invocation)
  }

  package func run(console: Console) throws(CommandFailure) -> Int32 {
    let described = G.describedSettings(settings)
    let lines =
      Self.lines(of: G(seed: seed, settings: settings))
      + (described.isEmpty ? [] : [""] + described)
    for line in lines { console.print(line) }
    return ExitCode.success
  }

  /// What `describe` prints of `game`.
  static func lines(of game: G) -> [String] {
    var lines = [
      "\(G.name): \(G.overview)", "",
      String(format: "Rate: %g ticks a second", game.ticksPerSecond),
      "Seats: "
        + game.seats.enumerated().map { "\($0.offset) \($0.element.name)" }.joined(
          separator: ", "),
      "A click in the window: \(G.clickHelp)",
    ]
    if G.settings.isEmpty {
      lines.append("Settings: none")
    } else {
      lines.append("Settings:")
      let width = G.settings.map(\.name.count).max() ?? 0
      for setting in G.settings {
        lines.append(
          "  --" + setting.name.padding(toLength: width, withPad: " ", startingAt: 0)
            + "  \(setting.range.lowerBound) to \(setting.range.upperBound), "
            + "default \(setting.defaultDescription)  \(setting.help)")
      }
    }
    let own = game.descriptionLines
    return own.isEmpty ? lines : lines + [""] + own
  }
}
