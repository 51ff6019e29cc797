import BoidsGame
import Gameplay
import Netplay

/// What the command line asked for, parsed by hand: `boids --ticks N [--seed S] [--count N]
/// [--hawks LIST] [--png FILE] [--sync-test K] [--record FILE] [--window] [--frames N]`,
/// `boids --replay FILE [--png FILE]`, or a match over the network, `boids --host --ticks N`
/// and `boids --join ADDRESS --code CODE`.
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
  /// The hawks this side's falconer releases, by tick.
  var hawks: [Int: [SkyInput]] = [:]
  /// Whether this side hosts a match over the network.
  var isHosting = false
  /// The host this side joins, and its port.
  var joining: (host: String, port: UInt16)?
  /// The port a host listens on.
  var port = NetplayAddress.defaultPort
  /// The address a host listens on; every one when `nil`.
  var listen: String?
  /// The session code a joining side gives.
  var code: SessionCode?
  /// What to do to every datagram sent, to try a bad network.
  var faults = NetworkFaults()
  /// Seconds to wait for the other player before giving up.
  var waitSeconds = 60

  /// Which end of a match over the network a command is.
  enum NetplayEnd: Equatable {
    /// Hosting, on this address (every one when `nil`) and port.
    case host(listen: String?, port: UInt16)
    /// Joining the host at this address and port, in the session of `code`.
    case join(host: String, port: UInt16, code: SessionCode)
  }

  /// Which end of a match over the network this is, if one.
  var netplay: NetplayEnd? {
    if isHosting { return .host(listen: listen, port: port) }
    if let joining, let code { return .join(host: joining.host, port: joining.port, code: code) }
    return nil
  }

  static func == (left: CommandLineOptions, right: CommandLineOptions) -> Bool {
    left.ticks == right.ticks && left.seed == right.seed && left.boidCount == right.boidCount
      && left.pngPath == right.pngPath && left.isWindowed == right.isWindowed
      && left.frameLimit == right.frameLimit && left.syncRollback == right.syncRollback
      && left.recordPath == right.recordPath && left.replayPath == right.replayPath
      && left.hawks == right.hawks && left.netplay == right.netplay
      && left.faults == right.faults && left.waitSeconds == right.waitSeconds
  }

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
      case "--hawks":
        options.hawks = try hawkList(try value())
      case "--host", "--join", "--port", "--listen", "--code", "--simulate", "--wait":
        try options.parseNetplay(name, value: value)
      default:
        throw .usage("unknown option '\(name)'")
      }
    }
    try options.checkCombinations(given: seen)
    return .run(options)
  }

  /// Parses an option of a match over the network; `value` gives the option's value.
  private mutating func parseNetplay(
    _ name: String, value: () throws(CommandFailure) -> String
  ) throws(CommandFailure) {
    switch name {
    case "--host": isHosting = true
    case "--join":
      do {
        joining = try NetplayAddress.hostAndPort(try value())
      } catch {
        throw .usage("'--join': \(error)")
      }
    case "--port": port = UInt16(try Self.integer(try value(), for: name, in: 0...65535))
    case "--listen": listen = try value()
    case "--code":
      let text = try value()
      guard let code = SessionCode(text) else {
        throw .usage("'--code' expects 16 hex digits in groups of four, got '\(text)'")
      }
      self.code = code
    case "--simulate":
      do {
        faults = try NetworkFaults(items: try value().split(separator: ",").map(String.init))
      } catch {
        throw .usage("'--simulate': \(error)")
      }
    default:
      waitSeconds = try Self.integer(try value(), for: name, in: 1...86_400)
    }
  }

  /// The hawks `text` lists: `TICK:X:Y` entries, comma-separated (`10:400:300,90:800:100`).
  private static func hawkList(_ text: String) throws(CommandFailure) -> [Int: [SkyInput]] {
    var hawks: [Int: [SkyInput]] = [:]
    for entry in text.split(separator: ",", omittingEmptySubsequences: false) {
      let parts = entry.split(separator: ":", omittingEmptySubsequences: false)
      guard parts.count == 3, let tick = Int(parts[0]), tickRange.contains(tick),
        let x = Float(parts[1]), let y = Float(parts[2]), x.isFinite, y.isFinite
      else {
        throw .usage(
          "'--hawks' expects TICK:X:Y entries separated by commas, got '\(entry)'")
      }
      guard (hawks[tick]?.count ?? 0) < PacketCodec.maximumInputsPerTick else {
        throw .usage(
          "'--hawks': at most \(PacketCodec.maximumInputsPerTick) hawks on tick \(tick)")
      }
      hawks[tick, default: []].append(.releaseHawk(x: x, y: y))
    }
    return hawks
  }

  /// Refuses options that cannot go together, and a run that lacks what it needs; `given`
  /// holds the option names the command line used.
  private func checkCombinations(given seen: Set<String>) throws(CommandFailure) {
    if isHosting && joining != nil {
      throw .usage("'--host' and '--join' are the two ends of a match: give one")
    }
    for (option, end) in [("--port", "--host"), ("--listen", "--host"), ("--code", "--join")]
    where seen.contains(option) && !seen.contains(end) {
      throw .usage("'\(option)' goes with '\(end)'")
    }
    if !isHosting && joining == nil,
      let other = ["--simulate", "--wait"].first(where: seen.contains)
    {
      throw .usage("'\(other)' goes with '--host' or '--join'")
    }
    if joining != nil {
      guard code != nil else {
        throw .usage("missing '--code <code>': give the session code the host printed")
      }
      if let other = ["--ticks", "--seed"].first(where: seen.contains) {
        throw .usage("'\(other)' cannot go with '--join': the host decides it")
      }
      return try checkNetplay(given: seen)
    }
    if isHosting {
      guard ticks != nil else { throw .usage("missing '--ticks <n>': the tick the match ends at") }
      return try checkNetplay(given: seen)
    }
    if replayPath != nil {
      let setUp = [
        "--ticks", "--seed", "--count", "--window", "--frames", "--sync-test", "--record",
        "--hawks",
      ]
      if let other = setUp.first(where: seen.contains) {
        throw .usage("'\(other)' cannot go with '--replay': the recording holds the run")
      }
    } else if !isWindowed {
      guard ticks != nil else { throw .usage("missing '--ticks <n>'") }
      guard frameLimit == nil else { throw .usage("'--frames' needs '--window'") }
    } else if syncRollback != nil {
      throw .usage("'--sync-test' runs headless: it cannot go with '--window'")
    } else if !hawks.isEmpty {
      throw .usage("'--hawks' runs headless: in a window, a click releases a hawk")
    }
    if syncRollback != nil && recordPath != nil {
      throw .usage("'--record' cannot go with '--sync-test', which steps ticks more than once")
    }
  }

  /// Refuses what a match over the network cannot do.
  private func checkNetplay(given seen: Set<String>) throws(CommandFailure) {
    let others = ["--window", "--frames", "--sync-test", "--record", "--replay"]
    if let other = others.first(where: seen.contains) {
      throw .usage("'\(other)' cannot go with a match over the network, which runs headless")
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
    USAGE: boids --ticks <n> [--seed <s>] [--count <n>] [--hawks <list>] [--png <file>]
                 [--sync-test <k>] [--record <file>]
           boids --window [--frames <n>] [--ticks <n>] [--seed <s>] [--count <n>] [--png <file>]
                  [--record <file>]
           boids --replay <file> [--png <file>]
           boids --host --ticks <n> [--port <n>] [--listen <address>] [--seed <s>] [--count <n>]
                 [--hawks <list>] [--simulate <faults>] [--wait <seconds>] [--png <file>]
           boids --join <address> --code <code> [--count <n>] [--hawks <list>]
                 [--simulate <faults>] [--wait <seconds>] [--png <file>]
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
      (
        "--hawks <list>",
        "Headless: this side's falconer releases a hawk at each TICK:X:Y of the comma-separated "
          + "list (10:400:300,90:800:100)."
      ),
      (
        "--host",
        "Host a match over the network, headless, until tick --ticks: this side is the first "
          + "falconer; it prints the line the other player joins with."
      ),
      ("--port <n>", "With --host: the UDP port to listen on, 0 for any. (default: 7777)"),
      ("--listen <address>", "With --host: the address to listen on. (default: every one)"),
      (
        "--join <address>",
        "Join a hosted match as the second falconer: the host's address and port "
          + "(127.0.0.1:7777, [::1]:7777). Give the host's --count."
      ),
      ("--code <code>", "With --join: the session code the host printed."),
      (
        "--simulate <faults>",
        "With --host or --join: do this to every datagram sent, e.g. "
          + "loss=5%,delay=50ms,jitter=20ms,duplicate=1%,reorder=1%."
      ),
      (
        "--wait <seconds>",
        "With --host or --join: give up if the other player has not come within this many "
          + "seconds. (default: 60)"
      ),
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
