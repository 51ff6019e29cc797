import GameShell

/// Options several subcommands share, declared once so they are spelled, explained and checked
/// the same everywhere.
enum SharedOptions {
  /// `--assets`: the assets folder, when it is not found by itself.
  static let assets: Option<String?> = .text(
    "assets", valueName: "dir",
    help: "The assets folder (default: found from the repository, or SANDBOX_ASSETS).",
    allowsEmpty: true)
}
