import Foundation
import Frames
import GameShell
import Gameplay
import HeadlessRenderer
import Imaging
import JSON
import Synchronization
import Testing
import TraitSandbox

/// A seed that drifts by a step each tick: a game of one number, with one seat or two.
struct Drift: NumberGame {
  static let name = "drift"
  static let overview = "A number that drifts."
  static let settings = [GameSetting("step", help: "The drift (1 to 9).", range: 1...9, default: 2)]
  var value: UInt64
  var step: Int
  var tick: UInt64 = 0
  var seatCount = 2
  var threadCount = 1
  /// Seconds each tick takes, as a heavy game's might.
  var tickSeconds = 0.0

  init(seed: UInt64, settings: GameSettings) {
    value = seed
    step = settings["step"]
  }

  var seats: [Seat] { (0..<seatCount).map { Seat(name: "seat \($0)") } }
  var isOver: Bool { value > 1_000 }
  var outcome: String? { isOver ? "over 1000" : nil }
  var reportLines: [String] { ["value: \(value)"] }
  static let keys = [GameKey("u", "up by 100")]

  func input(forKey key: Character, seat: Int) -> Int? { key == "u" ? 100 : nil }

  /// A file whose first line is `drift` gives `TICK AMOUNT` a line.
  func inputs(readingOwn bytes: [UInt8], seat: Int) throws(SettingsProblem) -> [Int: [Int]]? {
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    guard lines.first == "drift" else { return nil }
    var inputs: [Int: [Int]] = [:]
    for (index, line) in lines.enumerated().dropFirst() {
      let words = line.split(separator: " ")
      guard words.count == 2, let tick = Int(words[0]), let amount = Int(words[1]) else {
        throw SettingsProblem("\(index + 1): expected TICK AMOUNT")
      }
      inputs[tick, default: []].append(amount)
    }
    return inputs
  }

  mutating func advance(with inputs: [SeatInput<Int>]) {
    for input in inputs { value &+= UInt64(truncatingIfNeeded: input.input) }
    value &+= UInt64(step)
    tick += 1
    if tickSeconds > 0 { Thread.sleep(forTimeInterval: tickSeconds) }
  }

}

/// A test game whose whole state is a number and its tick: its hash, snapshot, frame (an
/// empty world) and sprites (none) follow from them.
protocol NumberGame: PlayableGame {
  var value: UInt64 { get set }
  var tick: UInt64 { get set }
}

extension NumberGame {
  func stateHash() -> StateHash {
    var hasher = StateHasher()
    hasher.combine(value)
    hasher.combine(tick)
    return hasher.finalize()
  }

  func snapshot() throws -> [UInt8] {
    [value, tick].flatMap { withUnsafeBytes(of: $0, Array.init) }
  }

  func restored(from snapshot: [UInt8]) throws -> Self {
    var game = self
    game.value = snapshot[0..<8].withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    game.tick = snapshot[8..<16].withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    return game
  }

  func makeFrame() -> Frame {
    Frame(tick: tick, worldWidth: 64, worldHeight: 36, instances: FrameInstances())
  }

  static func sprites() throws -> SpriteLibrary { try SpriteLibrary(images: [:]) }

  func inspect(_ entity: AnyEntityID) -> EntityInspection? { nil }
}

/// Everything a run of the command line wrote.
final class Captured: Sendable {
  private let output = Mutex("")
  private let errors = Mutex("")
  var console: Console {
    Console(
      writeOutput: { text in self.output.withLock { $0 += text } },
      writeError: { text in self.errors.withLock { $0 += text } }, errorIsTerminal: false)
  }
  var standardOutput: String { output.withLock { $0 } }
  var standardError: String { errors.withLock { $0 } }
}

/// `drift` run with `arguments` in `folder`: its exit code, standard output and error.
func runDrift(
  _ arguments: [String], in folder: URL
) -> (code: Int32, output: String, errors: String) {
  let captured = Captured()
  let invocation = Invocation(
    arguments: arguments, environment: [:], executablePath: "drift",
    workingDirectory: folder.path)
  let code = Drift.runCommandLine(invocation, console: captured.console)
  return (code, captured.standardOutput, captured.standardError)
}

@Suite("GameShell: the command line any game gets")
struct GameShellTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("gameshell-\(UUID().uuidString)")

  func run(_ arguments: [String]) -> (code: Int32, output: String, errors: String) {
    runDrift(arguments, in: folder)
  }

  func write(_ text: String, to name: String) throws -> String {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    return name
  }

  @Test("run steps the game with its settings and inputs, and reports its lines")
  func runs() throws {
    let plain = run(["run", "--ticks", "10", "--seed", "5", "--step", "3"])
    #expect(plain.code == 0 && plain.output.contains("tick: 10\nvalue: 35\n"))
    let inputs = try write(
      "# two seats\n{\"tick\": 0, \"input\": 100}\n{\"tick\": 4, \"seat\": 1, \"input\": 7}\n",
      to: "inputs.jsonl")
    let given = run(["run", "--ticks", "10", "--seed", "5", "--step", "3", "--inputs", inputs])
    #expect(given.code == 0 && given.output.contains("value: 142\n"))
    let synced = run([
      "run", "--ticks", "10", "--seed", "5", "--step", "3", "--inputs", inputs, "--sync-test", "4",
    ])
    #expect(synced.output.hasPrefix(given.output.split(separator: "\n")[0] + "\n"))
    // The game's own format gives the first seat's inputs.
    let own = try write("drift\n0 100\n4 7\n", to: "inputs.drift")
    let ownRun = run(["run", "--ticks", "10", "--seed", "5", "--step", "3", "--inputs", own])
    #expect(ownRun.code == 0 && ownRun.output.contains("value: 142\n"), "\(ownRun.errors)")
    // The game ends itself: the run stops there and says how it came out.
    let over = run(["run", "--ticks", "1000", "--seed", "995"])
    #expect(over.output.contains("tick: 3\noutcome: over 1000\n"))
    try? FileManager.default.removeItem(at: folder)
  }

  @Test(
    "an inputs file that is not the game's is refused naming its line",
    arguments: [
      ("{\"tick\": 1, \"input\": \"seven\"}\n", "in.jsonl:1: not an input of drift"),
      (
        "\n{\"tick\": 1, \"seat\": 2, \"input\": 1}\n", "in.jsonl:2: seat 2 is none of the game's 2"
      ),
      ("{\"tick\": -1, \"input\": 1}\n", "in.jsonl:1: tick -1 is out of range"),
      (
        String(repeating: "{\"tick\": 1, \"input\": 1}\n", count: 5),
        "in.jsonl:5: more than 4 inputs"
      ),
      // The game's own format: its words, and the shell's bounds.
      ("drift\n1 1\nup\n", "in.jsonl:3: expected TICK AMOUNT"),
      ("drift\n-1 1\n", "in.jsonl: tick -1 is out of range"),
      ("drift\n" + String(repeating: "2 1\n", count: 5), "in.jsonl: more than 4 inputs on tick 2"),
    ])
  func badInputs(text: String, message: String) throws {
    let path = try write(text, to: "in.jsonl")
    let result = run(["run", "--ticks", "3", "--inputs", path])
    #expect(result.code == 65 && result.errors.contains(message), "\(result.errors)")
    #expect(run(["run", "--ticks", "3", "--inputs", "none.jsonl"]).code == 66)
    try? FileManager.default.removeItem(at: folder)
  }

  @Test("a sweep tallies outcomes and hashes the ends, whatever --jobs")
  func sweep() {
    let one = run(["sweep", "--seeds", "980-989", "--ticks", "8", "--jobs", "1"])
    let four = run(["sweep", "--seeds", "980-989", "--ticks", "8", "--jobs", "4"])
    #expect(one.code == 0 && one.output == four.output)
    // Seeds 985-989 pass 1000 at ticks 8, 8, 7, 7 and 6; 980-984 run the 8 ticks. The
    // interval of 5 in 10 by Wilson's formula, worked by hand: 0.5 -+ 0.2634.
    #expect(
      one.output.contains(
        """
          over 1000: 5 (50.0%), 95% CI 23.7% to 76.3%
          ran 8 ticks: 5 (50.0%), 95% CI 23.7% to 76.3%
        Length: mean 7.6 ticks, sd 0.7, min 6, max 8
        sweepHash: 
        """))
  }

  @Test("a sweep's --out has each game's end as a JSON line, in seed order, for any --jobs")
  func sweepLines() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let one = run([
      "sweep", "--seeds", "980-989", "--ticks", "8", "--jobs", "1", "--out", "a.jsonl",
    ])
    let four = run([
      "sweep", "--seeds", "980-989", "--ticks", "8", "--jobs", "4", "--out", "b.jsonl",
    ])
    #expect(one.code == 0 && one.output.hasSuffix("out: a.jsonl\n"))
    let lines = try String(contentsOf: folder.appendingPathComponent("a.jsonl"), encoding: .utf8)
    let others = try String(contentsOf: folder.appendingPathComponent("b.jsonl"), encoding: .utf8)
    #expect(four.code == 0 && lines == others)
    let each = lines.split(separator: "\n")
    #expect(each.count == 10)
    // Seed 989 passes 1000 at tick 6, by 2 a tick: its line holds what `run` says of it.
    let alone = run(["run", "--seed", "989", "--ticks", "6"]).output
    let hash = try #require(alone.split(separator: "\n").first?.split(separator: " ").last)
    #expect(
      each.last
        == #"{"seed":989,"tick":6,"stateHash":"\#(hash)","outcome":"over 1000","lines":["value: 1001"]}"#
    )
    #expect(each.first?.hasPrefix(#"{"seed":980,"tick":8,"stateHash":"#) == true)
    #expect(each.first?.hasSuffix(#"","lines":["value: 996"]}"#) == true)
    let refused = run(["sweep", "--seeds", "1-3", "--ticks", "8", "--out", "missing/x.jsonl"])
    #expect(refused.code != 0 && refused.errors.contains("missing/x.jsonl"))
  }

  @Test("a sweep's shards are contiguous blocks of its seeds, and say which they played")
  func sweepShards() {
    let first = run(["sweep", "--seeds", "980-989", "--ticks", "8", "--shard", "1/3"])
    #expect(
      first.output.hasPrefix("Sweep: drift, shard 1/3 of seeds 980-989: seeds 980-983 (4 games)"))
    #expect(first.output.contains("  ran 8 ticks: 4 (100.0%), 95% CI 51.0% to 100.0%\n"))
    let last = run(["sweep", "--seeds", "980-989", "--ticks", "8", "--shard", "3/3"])
    #expect(
      last.output.hasPrefix("Sweep: drift, shard 3/3 of seeds 980-989: seeds 987-989 (3 games)"))
    #expect(last.output.contains("  over 1000: 3 (100.0%)"))
    let bad = run(["sweep", "--seeds", "1-5", "--ticks", "8", "--shard", "4/3"])
    #expect(bad.code == 64 && bad.errors.contains("--shard"))
  }

  @Test("run, replay and sweep report as one JSON object with --json, saying what the text says")
  func jsonReports() throws {
    let text = run(["run", "--ticks", "10", "--seed", "5", "--step", "3"]).output
    let json = run(["run", "--ticks", "10", "--seed", "5", "--step", "3", "--json"])
    guard case .object(let members) = try JSONValue.parse(Data(json.output.utf8)) else {
      Issue.record("not an object: \(json.output)")
      return
    }
    // How long the run took differs from run to run; how many ticks it ran does not.
    let ran = members.first { $0.key == "ran" }?.value
    guard case .object(let figures) = ran else {
      Issue.record("no ran object: \(json.output)")
      return
    }
    #expect(figures.first?.key == "ticks" && figures.first?.value == .number(10))
    #expect(figures.map(\.key) == ["ticks", "wallSeconds", "ticksPerSecond"])
    #expect(text.contains("\nran: 10 ticks in "))
    let report = JSONValue.object(members.filter { $0.key != "ran" })
    let hash = try #require(text.split(separator: "\n").first?.split(separator: " ").last)
    #expect(
      report
        == .object([
          ("game", .string("drift")), ("tick", .number(10)), ("stateHash", .string(String(hash))),
          ("lines", .array([.string("value: 35")])), ("seed", .number(5)),
          ("settings", .object([("step", .number(3))])),
        ]))
    #expect(json.output.hasSuffix("}\n") && json.output.split(separator: "\n").count == 1)

    let sweepText = run(["sweep", "--seeds", "980-989", "--ticks", "8"]).output
    let sweepJSON = run(["sweep", "--seeds", "980-989", "--ticks", "8", "--json"]).output
    let sweep = try JSONValue.parse(Data(sweepJSON.utf8))
    let interval = try #require(WilsonScoreInterval(successes: 5, trials: 10))
    // The lengths 8 (7 games), 7, 7 and 6: a sample variance of 4.4 / 9, to rounding.
    guard case .object(let members) = sweep,
      case .object(let lengths)? = members.first(where: { $0.0 == "ticks" })?.1,
      case .number(let deviation)? = lengths.first(where: { $0.0 == "sd" })?.1
    else {
      Issue.record("the sweep's JSON has no ticks.sd: \(sweepJSON)")
      return
    }
    #expect(abs(deviation - (4.4 / 9).squareRoot()) < 1e-12)
    func halfOfTen(_ outcome: String) -> [(String, JSONValue)] {
      [
        ("outcome", .string(outcome)), ("games", .number(5)), ("lower95", .number(interval.lower)),
        ("upper95", .number(interval.upper)),
      ]
    }
    let sweepHash = try #require(sweepText.split(separator: "\n").last?.split(separator: " ").last)
    #expect(
      sweep
        == .object([
          ("game", .string("drift")), ("settings", .object([("step", .number(2))])),
          ("firstSeed", .number(980)), ("lastSeed", .number(989)), ("games", .number(10)),
          ("tickLimit", .number(8)),
          (
            "outcomes",
            .array([
              .object(halfOfTen("over 1000")), .object(halfOfTen("ran 8 ticks")),
            ])
          ),
          (
            "ticks",
            .object([
              ("mean", .number(7.6)), ("sd", .number(deviation)), ("min", .number(6)),
              ("max", .number(8)),
            ])
          ),
          ("sweepHash", .string(String(sweepHash))),
        ]))
    try? FileManager.default.removeItem(at: folder)
  }

  @Test("render draws the game at a tick to a PNG of the size asked, and refuses other files")
  func render() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let result = run(["render", "--tick", "4", "--out", "drift.png", "--size", "96x40"])
    #expect(
      result.code == 0
        && result.output.hasSuffix(
          "tick: 4\nvalue: 9\nseed: 1\nstep: 2\npng: drift.png\nsize: 96x40\n")
    )
    let image = try PNG.decode(Data(contentsOf: folder.appendingPathComponent("drift.png")))
    #expect(image.width == 96 && image.height == 40)
    // Without --size the picture is 1280 wide, as tall as the world's 64 by 36 makes it.
    #expect(run(["render", "--tick", "0", "--out", "wide.png"]).code == 0)
    let wide = try PNG.decode(Data(contentsOf: folder.appendingPathComponent("wide.png")))
    #expect(wide.width == 1280 && wide.height == 720)
    // A BMP by its extension, the same pixels; no other kind of file.
    let bmp = run(["render", "--tick", "4", "--out", "drift.bmp", "--size", "96x40"])
    #expect(bmp.code == 0 && bmp.output.hasSuffix("bmp: drift.bmp\nsize: 96x40\n"))
    let bitmap = try BMP.decode(Data(contentsOf: folder.appendingPathComponent("drift.bmp")))
    #expect(bitmap == image)
    let gif = run(["render", "--tick", "4", "--out", "drift.gif"])
    #expect(gif.code == 64 && gif.errors.contains("'--out <file>': expected a .png or .bmp file"))
    #expect(run(["render", "--out", "drift.png"]).code == 64)
    #expect(run(["render", "--tick", "4", "--out", "drift.png", "--size", "9x9"]).code == 64)
    try? FileManager.default.removeItem(at: folder)
  }

  @Test("describe prints the game's seats, rate and settings")
  func describe() {
    let result = run(["describe", "--step", "4"])
    #expect(result.code == 0)
    #expect(
      result.output == """
        drift: A number that drifts.

        Rate: 60 ticks a second
        Seats: 0 seat 0, 1 seat 1
        A click in the window: your seat's input there
        Settings:
          --step  1 to 9, default 2  The drift (1 to 9).

        """)
  }

  @Test("usage names the game, and mistakes exit 64 with its usage")
  func usage() {
    let help = run(["help", "sweep"])
    #expect(
      help.code == 0 && help.output.contains("USAGE: drift sweep --seeds <a-b> [--ticks <n>]"))
    let overview = run(["--help"])
    #expect(overview.output.hasPrefix("OVERVIEW: A number that drifts.\n\nUSAGE: drift"))
    let profile = run(["run", "--ticks", "3", "--profile"])
    #expect(profile.code == 64 && profile.errors.contains("drift does not step a World"))
    for arguments in [["fly"], ["run"], ["run", "--ticks", "1", "--step", "10"], ["sweep"]] {
      let result = run(arguments)
      #expect(result.code == 64 && result.errors.hasPrefix("Error: "), "\(arguments)")
      #expect(result.errors.contains("drift"), "\(arguments)")
    }
    #expect(run(["--version"]).output == "0.1.0\n")
  }
}
