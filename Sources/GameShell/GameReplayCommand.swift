import Foundation
import Gameplay
import TraitSandbox

/// `GAME replay FILE`: steps a recording again headless and checks it ends on its hash.
package struct GameReplayCommand<G: PlayableGame>: Subcommand {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "replay", abstract: "Replay a recording headless and check its state hash.",
      discussion: """
        Restores the recording's start, steps its inputs tick by tick, and exits 65 if it does \
        not end on the state hash it was recorded with (66 if the file cannot be read).
        """,
      options: [GameOptions<G>.threads, GameOptions<G>.png, GameOptions<G>.json]
        + GameOptions<G>.assetsOptions,
      argument: ("file", "A recording that 'run --record' or 'demo --record' wrote."),
      program: G.programName)
  }

  let url: URL
  let threads: Int
  let pngPath: String?
  let json: Bool
  let invocation: Invocation

  package init(options: ParsedOptions, invocation: Invocation) throws(CommandFailure) {
    let invocation = try GameOptions<G>.invocation(options, invocation)
    url = invocation.url(of: try options.argument())
    json = options[GameOptions<G>.json]
    threads = try GameOptions<G>.threadCount(options)
    pngPath = try options[GameOptions<G>.png]
    if let pngPath { try LinesFile.checkDestination(invocation.url(of: pngPath), option: "--png") }
    self.invocation = invocation
  }

  /// The game `recording`, read from `path`, ends as when stepped on `threads` threads.
  ///
  /// - Throws: exit 65 for a recording that does not replay to the hash it ended on.
  package static func replay(
    _ recording: Recording<G>, from path: String, threads: Int, invocation: Invocation
  ) throws(CommandFailure) -> G {
    do {
      return try recording.replay(
        like: GameOptions<G>.reader(threads: threads, invocation: invocation))
    } catch {
      throw CommandFailure(message: "cannot replay \(path): \(error)", exitCode: ExitCode.dataError)
    }
  }

  package func run(console: Console) throws(CommandFailure) -> Int32 {
    let path = url.path(percentEncoded: false)
    let recording = try GameOptions<G>.recording(at: url)
    let clock = MonotonicClock()
    let start = clock.now()
    let game = try Self.replay(recording, from: path, threads: threads, invocation: invocation)
    let seconds = clock.now() - start
    var report = GameReport(game)
    report.add(file: "recording", path)
    Self.addInputs(of: recording, seats: game.seats, to: &report)
    report.add(
      "replayed", "\(recording.tickCount) ticks in \(String(format: "%.3f", seconds)) s",
      json: .object([
        ("ticks", .integer(recording.tickCount)), ("wallSeconds", .measured(seconds)),
      ]))
    if let pngPath {
      try GameOptions<G>.writePicture(
        of: game, to: pngPath, invocation: invocation, console: console)
      report.add(file: "png", pngPath)
    }
    report.print(to: console, json: json)
    return ExitCode.success
  }
}

extension GameReplayCommand {
  /// Adds how many inputs `recording` holds, each seat's when more than one gave any: "inputs:
  /// 11 (6 left, 5 right)" as text, `inputs` and `inputsBySeat` in JSON.
  static func addInputs(of recording: Recording<G>, seats: [Seat], to report: inout GameReport<G>) {
    let inputs = recording.inputs.flatMap(\.inputs)
    let given = Set(inputs.map(\.seat)).sorted()
    let bySeat = given.map { seat in
      let name = seats.indices.contains(seat) ? seats[seat].name : "seat \(seat + 1)"
      return (name: name, count: inputs.count { $0.seat == seat })
    }
    let text =
      given.count > 1
      ? "\(inputs.count) (\(bySeat.map { "\($0.count) \($0.name)" }.joined(separator: ", ")))"
      : "\(inputs.count)"
    report.add("inputs", text, json: .integer(inputs.count))
    report.additions.append(
      ("inputsBySeat", nil, .object(bySeat.map { ($0.name, .integer($0.count)) })))
  }
}
