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

  /// `--png`: a picture of where the run ended.
  static let png: Option<String?> = .text(
    "png", valueName: "file",
    help: "Write the last frame to this file as a PNG, drawn at --size, --zoom and --center."
  ) {
    text throws(OptionValueError) in
    guard text.lowercased().hasSuffix(".png") else { throw .invalid("expected a .png file") }
  }
  /// `--record`: the run's recording, written when it ends.
  static let record: Option<String?> = .text(
    "record", valueName: "file",
    help: "When the run ends, write its recording (the scenario, the seed and where it ended) "
      + "to this file, which 'sandbox replay' and 'demo --replay' play back.")

  /// Refuses options given without the one they go with, or beside one they cannot go with.
  static func checkCombinations(_ options: ParsedOptions) throws(CommandFailure) {
    let pictures = options.contains(frames) || options.contains(png)
    if options.contains(every) && !options.contains(frames) {
      throw .usage("--every goes with --frames")
    }
    if !pictures
      && (options.contains(SharedOptions.size) || options.contains(CameraOptions.zoom)
        || options.contains(CameraOptions.center))
    {
      throw .usage("--size, --zoom and --center go with --frames or --png")
    }
    if options.contains(record) && options.contains(syncTest) {
      throw .usage("'--record' cannot go with '--sync-test', which steps ticks more than once")
    }
    if options.contains(record) && options.contains(load) {
      throw .usage("'--record' cannot go with '--load': a recording starts from the scenario")
    }
    guard options.contains(load) else { return }
    let setUp: [String?] = [
      options.contains(SharedOptions.scenario) ? "--scenario" : nil,
      options.contains(SharedOptions.seed) ? "--seed" : nil,
      options.contains(SharedOptions.entities) ? "--entities" : nil,
    ]
    if let first = setUp.compactMap({ $0 }).first {
      throw .usage("\(first) cannot go with --load: the snapshot holds the match's set-up")
    }
  }

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
