import Foundation
import Gameplay
import Imaging

/// The inputs a file gives a game: `--inputs FILE`.
extension GameOptions {
  /// The inputs the file at `path` gives, by tick: in the game's own format (`game`'s, as
  /// the player at `seat` gives them), or else as JSON lines.
  ///
  /// - Throws: exit 66 for a file that cannot be read, 65 naming the line of one that does
  ///   not read as inputs of this game (an input it does not know, a seat it does not have,
  ///   more than `maximumPerTick` on a tick of one seat).
  static func loadInputs(
    _ path: String, invocation: Invocation, game: G, seat: Int = 0, maximumPerTick: Int = 4
  ) throws(CommandFailure) -> [Int: [SeatInput<G.Input>]] {
    let bytes: [UInt8]
    do {
      bytes = try InputFile.read(invocation.url(of: path), limit: 16 << 20)
    } catch {
      throw CommandFailure(message: "Cannot read inputs \(error)", exitCode: ExitCode.noInput)
    }
    if let own = try ownInputs(
      bytes, path: path, game: game, seat: seat, maximumPerTick: maximumPerTick)
    {
      return own
    }
    let seats = game.seats.count
    var inputs: [Int: [SeatInput<G.Input>]] = [:]
    for (index, text) in bytes.split(
      separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false
    )
    .enumerated() {
      let trimmed = text.drop { $0 == 32 || $0 == 9 }
      guard let first = trimmed.first, first != UInt8(ascii: "#"), first != 13 else { continue }
      func failure(_ problem: String) -> CommandFailure {
        CommandFailure(message: "\(path):\(index + 1): \(problem)", exitCode: ExitCode.dataError)
      }
      let line: InputLine<G.Input>
      do {
        line = try JSONDecoder().decode(InputLine<G.Input>.self, from: Data(trimmed))
      } catch {
        throw failure("not an input of \(G.name) as {\"tick\": T, \"seat\": S, \"input\": ...}")
      }
      let seat = line.seat ?? 0
      guard (0...Recording<G>.maximumTickCount).contains(line.tick) else {
        throw failure("tick \(line.tick) is out of range (0 to \(Recording<G>.maximumTickCount))")
      }
      guard (0..<seats).contains(seat) else {
        throw failure("seat \(seat) is none of the game's \(seats)")
      }
      let count = inputs[line.tick, default: []].count { $0.seat == seat }
      guard count < maximumPerTick else {
        throw failure("more than \(maximumPerTick) inputs of seat \(seat) on tick \(line.tick)")
      }
      inputs[line.tick, default: []].append(SeatInput(seat: seat, input: line.input))
    }
    return inputs
  }
}

extension GameOptions {
  /// The inputs `bytes`, read from `path`, give the player at `seat` in the game's own format,
  /// held to the bounds JSON lines are (the tick's range, `maximumPerTick` a tick); `nil` for
  /// bytes not in it.
  ///
  /// - Throws: exit 65 naming the file, and the line where the game names it.
  static func ownInputs(
    _ bytes: [UInt8], path: String, game: G, seat: Int, maximumPerTick: Int
  ) throws(CommandFailure) -> [Int: [SeatInput<G.Input>]]? {
    let own: [Int: [G.Input]]?
    do {
      own = try game.inputs(readingOwn: bytes, seat: seat)
    } catch {
      throw CommandFailure(message: "\(path):\(error)", exitCode: ExitCode.dataError)
    }
    guard let own else { return nil }
    for (tick, given) in own.sorted(by: { $0.key < $1.key }) {
      guard (0...Recording<G>.maximumTickCount).contains(tick) else {
        throw CommandFailure(
          message: "\(path): tick \(tick) is out of range (0 to "
            + "\(Recording<G>.maximumTickCount))", exitCode: ExitCode.dataError)
      }
      guard given.count <= maximumPerTick else {
        throw CommandFailure(
          message: "\(path): more than \(maximumPerTick) inputs on tick \(tick)",
          exitCode: ExitCode.dataError)
      }
    }
    return own.mapValues { $0.map { SeatInput(seat: seat, input: $0) } }
  }
}

/// One line of an inputs file.
private struct InputLine<Input: Decodable>: Decodable {
  var tick: Int
  var seat: Int?
  var input: Input
}
