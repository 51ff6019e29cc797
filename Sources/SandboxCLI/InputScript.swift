import Foundation
import GameShell
import Imaging
import MonsterWars
import Netplay

/// The orders a headless peer plays: a text file of one input per line, `TICK ACTION [KIND]`,
/// where the tick is the one the player stands at when giving it and the action is `order`
/// (with a unit kind), `cancel` or `restart` (the host's only). Blank lines and text after `#`
/// are ignored.
///
///     # tick  action  kind
///     60      order   zap
///     300     cancel
struct InputScript {
  /// The inputs by tick.
  private(set) var inputs: [UInt32: [SessionInput]] = [:]
  /// The largest script file read, in bytes.
  static let maximumSize = 1 << 20

  /// The script in `text`, for the unit kinds of `roster`.
  ///
  /// - Throws: `CommandFailure` (exit 65) naming `path`, the line and what is wrong.
  init(text: String, path: String, roster: Roster, side: Side) throws(CommandFailure) {
    let kinds = roster.kinds
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
      let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
      guard !words.isEmpty else { continue }
      func failure(_ problem: String) -> CommandFailure {
        CommandFailure(
          message: "\(path):\(index + 1): \(problem)", exitCode: ExitCode.dataError)
      }
      guard let tick = UInt32(words[0]), tick <= 100_000_000 else {
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

  /// The script in the file at `path`.
  ///
  /// - Throws: exit 66 for a file that cannot be read, 65 for one that does not read as a
  ///   script.
  static func load(
    _ path: String, roster: Roster, side: Side, invocation: Sandbox.Invocation
  ) throws(CommandFailure) -> InputScript {
    let url = invocation.url(of: path)
    let bytes: [UInt8]
    do {
      bytes = try InputFile.read(url, limit: maximumSize)
    } catch {
      throw CommandFailure(
        message: "--inputs: \(error.description)", exitCode: ExitCode.noInput)
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw CommandFailure(message: "\(path): not UTF-8 text", exitCode: ExitCode.dataError)
    }
    return try InputScript(text: text, path: path, roster: roster, side: side)
  }
}
