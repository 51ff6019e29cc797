import Foundation
import Frames
import GameShell
import Gameplay
import MonsterWars
import TraitSandbox

/// The options of `sandbox run`, declared once.
extension RunCommand {
  /// `--sync-test`: roll back and step again every tick.
  static let syncTest: Option<Int?> = .integer(
    "sync-test", valueName: "k",
    help: "Every tick, restore the snapshot of k ticks before (1 to 64), step again and check "
      + "the state matches the straight run's; a difference names the first tick and system.",
    in: 1...SyncTest<Match>.maximumRollback)

  /// `--ticks`: where to stop, if before the match ends.
  static let ticks: Option<Int?> = .integer(
    "ticks", help: "Stop after this many ticks (1 to 1000000000).", in: 1...1_000_000_000,
    defaultDescription: "the scenario's tick limit")
  /// `--threads`: how many threads step the world.
  static let threads: Option<Int?> = .integer(
    "threads", help: "Threads that step the world (1 to 256); the stateHash is the same for any.",
    in: 1...256, defaultDescription: "all cores")
  /// `--json`: the report as one JSON object.
  static let json = Flag("json", help: "Print one JSON object instead of text.")
  /// `--profile`: time every system.
  static let profile = Flag(
    "profile",
    help: "Also print each system's median and longest time per tick, its share of the tick, "
      + "the set-up time, bytes per entity and peak memory.")
  /// `--frames`: a folder to write frames into.
  static let frames: Option<String?> = .text(
    "frames", valueName: "dir",
    help: "Also write frames as PNG files (frame_<tick>.png) into this folder.")
  /// `--every`: how often `--frames` writes one.
  static let every: Option<Int> = .integer(
    "every", valueName: "k", help: "With --frames, write every k-th tick (1 to 1000000).",
    in: 1...1_000_000, default: 1)

  /// `--save`: a snapshot file to write when the run ends.
  static let save: Option<String?> = .text(
    "save", valueName: "file",
    help: "When the run ends, save the whole match to this snapshot file.")
  /// `--load`: a snapshot file to go on from.
  static let load: Option<String?> = .text(
    "load", valueName: "file",
    help: "Go on from a snapshot file instead of starting a match (it holds the scenario, seed "
      + "and monsters).")
}
