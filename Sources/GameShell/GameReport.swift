import Foundation
import Frames
import Gameplay
import JSON
import TraitSandbox

/// What `run`, `replay` and `render` say of a game where it stands, from one model: as text, a
/// line each, or as one JSON object (`--json`).
struct GameReport<G: PlayableGame> {
  /// The game's name.
  var game = G.name
  /// The tick the game stands at.
  var tick: UInt64
  /// Its state hash.
  var stateHash: StateHash
  /// How it came out, `nil` while it is still going.
  var outcome: String?
  /// The game's own report lines.
  var lines: [String]
  /// What the command adds after them, in order: `("png", "sky.png")`; a member that only the
  /// text or only the JSON has lacks the other.
  var additions: [(name: String, text: String?, json: JSONValue?)] = []

  /// The report of `game`.
  init(_ game: G) {
    tick = game.tick
    stateHash = game.stateHash()
    outcome = game.outcome
    lines = game.reportLines
  }

  /// The report of `game` at the end of a run that began at `baseline`: the game's report lines
  /// and what it says of the play since, in text and as JSON members.
  init(_ game: G, since baseline: G.ReportBaseline) {
    self.init(game)
    lines += game.reportLines(since: baseline)
    additions += game.reportMembers(since: baseline).map { ($0.key, nil, $0.value) }
  }

  /// Adds how many ticks a run stepped in `seconds`, and how fast: ticks a second, and, for a
  /// game on a `World`, entities stepped a second (`entityUpdates` over the run).
  mutating func addRan(_ ticks: Int, seconds: Double, entityUpdates: Int?) {
    let perSecond = seconds > 0 ? Double(ticks) / seconds : 0
    let updatesPerSecond = entityUpdates.map { seconds > 0 ? Double($0) / seconds : 0 }
    var text =
      "\(NumberText.grouped(ticks)) ticks in \(String(format: "%.3f", seconds)) s, "
      + "\(NumberText.grouped(Int(perSecond.rounded()))) ticks/s"
    if let updatesPerSecond {
      text += ", \(NumberText.grouped(Int(updatesPerSecond.rounded()))) entity-updates/s"
    }
    var json: [(key: String, value: JSONValue)] = [
      ("ticks", .integer(ticks)), ("wallSeconds", .measured(seconds)),
      ("ticksPerSecond", .measured(perSecond)),
    ]
    if let updatesPerSecond { json.append(("entityUpdatesPerSecond", .measured(updatesPerSecond))) }
    add("ran", text, json: .object(json))
  }

  /// Adds a member, written `name: text` as text and `"name": json` as JSON.
  mutating func add(_ name: String, _ text: String, json: JSONValue) {
    additions.append((name, text, json))
  }

  /// Adds a file path the command wrote.
  mutating func add(file name: String, _ path: String) {
    add(name, path, json: .string(path))
  }

  /// The report as text.
  var text: [String] {
    var text = ["stateHash: \(stateHash)", "tick: \(tick)"]
    if let outcome { text.append("outcome: \(outcome)") }
    return text + lines
      + additions.compactMap { addition in
        addition.text.map { "\(addition.name): \($0)" }
      }
  }

  /// The report as one JSON object: `game`, `tick`, `stateHash`, `outcome` (when over), the
  /// game's `lines`, then the command's additions.
  var json: JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("game", .string(game)), ("tick", .unsigned(tick)),
      ("stateHash", .string(stateHash.description)),
    ]
    if let outcome { members.append(("outcome", .string(outcome))) }
    members.append(("lines", .array(lines.map { JSONValue.string($0) })))
    for addition in additions {
      if let json = addition.json { members.append((addition.name, json)) }
    }
    return .object(members)
  }

  /// Prints the report as text, or as one JSON line when `json` is set.
  func print(to console: Console, json: Bool) {
    if json {
      console.print(self.json.rendered)
    } else {
      for line in text { console.print(line) }
    }
  }
}
