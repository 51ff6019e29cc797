import GameShell

/// Options several subcommands share, declared once so they are spelled, explained and checked
/// the same everywhere.
enum SharedOptions {
  /// `--scenario`: which scenario to play.
  static let scenario: Option<String> = .text(
    "scenario", valueName: "name-or-path",
    help: "A scenario in Assets/scenarios by name, or a JSON file by path.", default: "duel")
  /// `--seed`: seeds all randomness of a match.
  static let seed: Option<UInt64> = .integer(
    "seed", help: "Seeds all randomness (0 to 2^64-1).", in: .min ... .max, default: 1)
  /// `--size`: the picture size.
  static let size = Option<OutputSize>(
    "size", valueName: "WxH", help: "Picture size in pixels (16x16 to 8192x8192).",
    default: .standard, parse: OutputSize.init(parsing:))
  /// `--entities`: how many monsters a swarm scenario places.
  static let entities: Option<Int?> = .integer(
    "entities", help: "How many monsters a swarm scenario places (0 to 10000000).",
    in: 0...10_000_000)
  /// `--assets`: the assets folder, when it is not found by itself.
  static let assets: Option<String?> = .text(
    "assets", valueName: "dir",
    help: "The assets folder (default: found from the repository, or SANDBOX_ASSETS).",
    allowsEmpty: true)
}
