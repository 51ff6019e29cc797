import BoidsGame
import Gameplay

/// What the command line asked for, parsed by hand: `boids --ticks N [--seed S] [--count N]
/// [--png FILE] [--sync-test K] [--record FILE] [--window] [--frames N]`, or
/// `boids --replay FILE [--png FILE]`.
struct CommandLineOptions: Equatable {
  /// What to do.
  enum Request: Equatable {
    /// Print the help and exit.
    case help
    /// Run the flock.
    case run(CommandLineOptions)
  }

  /// Ticks to simulate headless; with `--window`, the tick to close the window at.
  var ticks: Int?
  /// Seeds the flock's setup and the world's random numbers.
  var seed: UInt64 = 1
  /// Boids in the flock.
  var boidCount = 200
  /// Where to write the last frame as PNG.
  var pngPath: String?
  /// Whether to watch in an SDL window rather than run headless.
  var isWindowed = false
  /// With a window: quit after this many frames.
  var frameLimit: Int?
  /// Headless: every tick, roll back this many ticks from a snapshot and step again.
  var syncRollback: Int?
  /// Where to write the run's recording when it ends.
  var recordPath: String?
  /// A recording to replay instead of running.
  var replayPath: String?

  /// The most ticks one run may ask for.
  static let tickRange = 0...10_000_000
  /// The flock sizes allowed; the flocking system is O(n^2), so a few thousand at most.
  static let boidCountRange = 0...5_000
  /// The frame limits allowed.
  static let frameRange = 1...10_000_000

  /// Parses the arguments after the program name; `-h` or `--help` anywhere wins.
  ///
  /// Options take their value as the next argument or after `=` (`--ticks=600`).
  static func parse(_ arguments: [String]) throws(CommandFailure) -> Request {
    if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) { return .help }
    var options = CommandLineOptions()
    var seen: Set<String> = []
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      guard argument.hasPrefix("--") else {
        throw .usage("unexpected argument '\(argument)'")
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard seen.insert(name).inserted else { throw .usage("'\(name)' is given twice") }
      func value() throws(CommandFailure) -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
          throw .usage("missing value for '\(name)'")
        }
        return next
      }
      switch name {
      case "--ticks":
        options.ticks = try integer(try value(), for: name, in: tickRange)
      case "--seed":
        let text = try value()
        guard let seed = UInt64(text) else {
          throw .usage("'--seed' expects a whole number 0...\(UInt64.max), got '\(text)'")
        }
        options.seed = seed
      case "--count":
        options.boidCount = try integer(try value(), for: name, in: boidCountRange)
      case "--png":
        let path = try value()
        guard !path.isEmpty else { throw .usage("'--png' expects a file name") }
        options.pngPath = path
      case "--window":
        guard inlineValue == nil else { throw .usage("'--window' takes no value") }
        options.isWindowed = true
      case "--frames":
        options.frameLimit = try integer(try value(), for: name, in: frameRange)
      case "--record", "--replay":
        let path = try value()
        guard !path.isEmpty else { throw .usage("'\(name)' expects a file name") }
        if name == "--record" { options.recordPath = path } else { options.replayPath = path }
      case "--sync-test":
        options.syncRollback = try integer(
          try value(), for: name, in: 1...SyncTest<BoidsScene>.maximumRollback)
      default:
        throw .usage("unknown option '\(name)'")
      }
    }
    try options.checkCombinations(given: seen)
    return .run(options)
  }

  /// Refuses options that cannot go together, and a run that lacks what it needs; `given`
  /// holds the option names the command line used.
  private func checkCombinations(given seen: Set<String>) throws(CommandFailure) {
    if replayPath != nil {
      let setUp = [
        "--ticks", "--seed", "--count", "--window", "--frames", "--sync-test", "--record",
      ]
      if let other = setUp.first(where: seen.contains) {
        throw .usage("'\(other)' cannot go with '--replay': the recording holds the run")
      }
    } else if !isWindowed {
      guard ticks != nil else { throw .usage("missing '--ticks <n>'") }
      guard frameLimit == nil else { throw .usage("'--frames' needs '--window'") }
    } else if syncRollback != nil {
      throw .usage("'--sync-test' runs headless: it cannot go with '--window'")
    }
    if syncRollback != nil && recordPath != nil {
      throw .usage("'--record' cannot go with '--sync-test', which steps ticks more than once")
    }
  }

  private static func integer(
    _ text: String, for name: String, in range: ClosedRange<Int>
  ) throws(CommandFailure) -> Int {
    guard let number = Int(text), range.contains(number) else {
      throw .usage(
        "'\(name)' expects a whole number \(range.lowerBound)...\(range.upperBound), got '\(text)'"
      )
    }
    return number
  }

  // MARK: - Help

  /// The usage lines, shown in the help and after a usage error.
  static let usage = """
    USAGE: boids --ticks <n> [--seed <s>] [--count <n>] [--png <file>] [--sync-test <k>]
                 [--record <file>]
           boids --window [--frames <n>] [--ticks <n>] [--seed <s>] [--count <n>] [--png <file>]
                  [--record <file>]
           boids --replay <file> [--png <file>]
    """

  /// The full help, in swift-argument-parser's shape.
  static var help: String {
    let rows = [
      (
        "--ticks <n>",
        "Ticks to simulate, 30 per second. Required without --window; with it, "
          + "the window closes at tick <n>."
      ),
      ("--seed <s>", "Seeds the flock's setup and the world's random numbers. (default: 1)"),
      ("--count <n>", "Boids in the flock, \(boidCountRange). (default: 200)"),
      ("--png <file>", "Write the last frame to <file> as a 1280x720 PNG."),
      (
        "--sync-test <k>",
        "Headless: every tick, restore the snapshot of <k> ticks before (1 to "
          + "\(SyncTest<BoidsScene>.maximumRollback)), step again and check the state matches "
          + "the straight run's."
      ),
      (
        "--record <file>",
        "When the run ends, write its recording (where it started, and every hawk released) "
          + "to <file>, as JSON."
      ),
      (
        "--replay <file>",
        "Replay a recording headless and check it ends on the state hash it was recorded with."
      ),
      (
        "--window",
        "Watch the flock in an SDL window; a click releases a hawk there; Esc or closing the "
          + "window quits."
      ),
      ("--frames <n>", "With --window: quit after <n> frames."),
      ("-h, --help", "Show help information."),
    ]
    return """
      OVERVIEW: A flock of boids hunted by hawks, built on the TraitSandbox trait core.

      Headless by default: runs the ticks, then prints the world's state hash (the same for the
      same arguments on every run) and how many boids are left.

      \(usage)

      OPTIONS:
      \(columns(rows).joined(separator: "\n"))

      """
  }

  /// Two-column rows: labels indented by 2, text from column 26, wrapped at 80.
  static func columns(_ rows: [(String, String)]) -> [String] {
    let labelWidth = 26
    var lines: [String] = []
    for (label, text) in rows {
      var words = text.split(separator: " ").map(String.init)[...]
      var first = "  " + label
      if first.count >= labelWidth {
        lines.append(first)
        first = ""
      }
      var line = first.paddedRight(to: labelWidth)
      var lineHasWords = false
      while let word = words.popFirst() {
        if lineHasWords && line.count + 1 + word.count > 80 {
          lines.append(line)
          line = "".paddedRight(to: labelWidth)
          lineHasWords = false
        }
        line += (lineHasWords ? " " : "") + word
        lineHasWords = true
      }
      lines.append(line)
    }
    return lines
  }
}

extension String {
  /// This string with spaces added up to `length` characters.
  fileprivate func paddedRight(to length: Int) -> String {
    self + String(repeating: " ", count: max(length - count, 0))
  }
}
