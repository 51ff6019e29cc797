import Foundation
import GameShell
import Imaging
import MonsterWars
import Netplay

/// The orders a headless player gives (`--inputs`): a text file of one input per line,
/// `TICK ACTION [KIND]`, where the tick is the one the player stands at when giving it and the
/// action is `order` (with a unit kind), `cancel` or `restart` (the host's only). Blank lines
/// and text after `#` are ignored.
///
///     # tick  action  kind
///     60      order   zap
///     300     cancel
struct InputScript {
  /// The inputs by tick.
  private(set) var inputs: [Int: [SessionInput]] = [:]

  /// Whether `bytes` are a script rather than JSON lines: the first line that says anything
  /// does not start with `{`.
  static func isScript(_ bytes: [UInt8]) -> Bool {
    for line in bytes.split(separator: UInt8(ascii: "\n")) {
      guard let first = line.first(where: { ![9, 13, 32].contains($0) }) else { continue }
      if first == UInt8(ascii: "#") { continue }
      return first != UInt8(ascii: "{")
    }
    return true
  }

  /// The script in `text`, for the unit kinds of `roster`, as the player of `side` gives it.
  ///
  /// - Throws: `SettingsProblem` naming the line and what is wrong: `2: 'dragon' is no unit
  ///   kind: expected one of quirk, zap, munch`.
  init(text: String, roster: Roster, side: Side) throws(SettingsProblem) {
    let kinds = roster.kinds
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
      let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
      guard !words.isEmpty else { continue }
      func failure(_ problem: String) -> SettingsProblem {
        SettingsProblem("\(index + 1): \(problem)")
      }
      guard let tick = Int(words[0]), (0...100_000_000).contains(tick) else {
        throw failure(
          "\(quoted(String(words[0]))) is not a tick (a whole number from 0 to 100000000)")
      }
      let input: SessionInput
      switch (words.count > 1 ? String(words[1]) : "", words.count) {
      case ("order", 3):
        guard let kind = kinds.first(where: { $0.name == words[2] }) else {
          throw failure(
            "\(quoted(String(words[2]))) is no unit kind: expected one of "
              + kinds.map(\.name).joined(separator: ", "))
        }
        input = .order(.buy(kind))
      case ("cancel", 2): input = .order(.cancel)
      case ("restart", 2):
        guard side == .left else {
          throw failure("only the host restarts the match")
        }
        input = .restart
      default:
        throw failure(
          "expected TICK order KIND, TICK cancel or TICK restart, not \(quoted(String(line)))")
      }
      guard (inputs[tick]?.count ?? 0) < PacketCodec.maximumInputsPerTick else {
        throw failure("more than \(PacketCodec.maximumInputsPerTick) inputs at tick \(tick)")
      }
      inputs[tick, default: []].append(input)
    }
  }
}

extension MonsterWarsGame {
  /// A script of orders (`InputScript`: `60 order zap` a line) as the player at `seat` gives
  /// them; `nil` for JSON lines.
  public func inputs(
    readingOwn bytes: [UInt8], seat: Int
  ) throws(SettingsProblem) -> [Int: [SessionInput]]? {
    guard InputScript.isScript(bytes) else { return nil }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw SettingsProblem(" not UTF-8 text")
    }
    return try InputScript(
      text: text, roster: match.scenario.roster, side: Self.side(ofSeat: seat) ?? .left
    ).inputs
  }
}
