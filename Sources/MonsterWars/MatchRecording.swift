import TraitSandbox

/// A played session as a file: how it started, the player's inputs tick by tick, and where it
/// ended. `sandbox demo --record` writes one; `sandbox replay` and `sandbox demo --replay` play it
/// back.
///
/// The file is a `SavedFileKind.recording` envelope around an `Archive` of one value: the
/// program that recorded it, the scenario as scenario JSON and its name, the seed, the sides
/// players controlled, the swarm count, every `RecordedInput` in order, and the tick and
/// state hash the session ended at.
public struct MatchRecording: Sendable, Equatable {
  /// The format version this program writes, and the newest it reads.
  public static let version: UInt32 = 2

  /// The program and version that recorded it, e.g. `sandbox 0.1.0`: a replay by another
  /// version may step differently.
  public var program: String
  /// The scenario the session started with.
  public var scenario: Scenario
  /// The seed.
  public var seed: UInt64
  /// The sides players controlled (see `MatchSession.playerSides`).
  public var playerSides: [Side]
  /// Whether the AI played both castles.
  public var isAutoplay: Bool { playerSides.isEmpty }
  /// How many monsters a swarm scenario placed, if overridden.
  public var swarmCount: Int?
  /// The player's inputs, in order.
  public var inputs: [RecordedInput]
  /// The tick the last match was at when the session ended.
  public var finalTick: UInt64
  /// The state hash the session ended with.
  public var finalHash: StateHash

  /// The recording of `session` as it stands, by `program`.
  ///
  /// - Parameters:
  ///   - session: The session to record.
  ///   - initialScenario: The scenario the session started with (live tuning changes the
  ///     session's).
  ///   - program: The program and version that recorded it, e.g. `sandbox 0.1.0`.
  public init(of session: MatchSession, startedWith initialScenario: Scenario, program: String) {
    self.program = program
    scenario = initialScenario
    seed = session.seed
    playerSides = session.playerSides
    swarmCount = session.swarmCount
    inputs = session.inputs
    finalTick = session.match.world.tick
    finalHash = session.match.world.stateHash()
  }

  /// The recording of `match`, which the scenario's AI played on both castles from its start
  /// (as `sandbox run` plays), as it stands, by `program`.
  public init(autoplayed match: Match, program: String) {
    self.program = program
    scenario = match.scenario
    seed = match.seed
    playerSides = []
    swarmCount = match.swarmCount
    inputs = []
    finalTick = match.world.tick
    finalHash = match.world.stateHash()
  }

  private struct Body: Codable {
    var program: String
    var scenarioName: String
    var scenarioJSON: String
    var seed: UInt64
    var playerSides: [Side]
    var swarmCount: Int?
    var inputs: [RecordedInput]
    var finalTick: UInt64
    var finalHash: UInt64
  }

  /// The recording as file bytes.
  public func bytes() throws -> [UInt8] {
    var archive = ArchiveWriter()
    try archive.encode(
      Body(
        program: program, scenarioName: scenario.name, scenarioJSON: scenario.jsonText,
        seed: seed, playerSides: playerSides, swarmCount: swarmCount, inputs: inputs,
        finalTick: finalTick, finalHash: finalHash.rawValue))
    return SavedFile.wrap(archive, kind: .recording, version: Self.version)
  }

  /// Reads a recording file for the unit types of `roster`.
  ///
  /// - Throws: `SavedFileError` if the bytes are not a recording, are damaged or truncated,
  ///   come from a newer format, or hold a scenario this program cannot play.
  public init(bytes: [UInt8], roster: Roster = .standard) throws(SavedFileError) {
    let contents = try SavedFile.unwrap(
      bytes, kind: .recording, versions: Self.version...Self.version)
    var archive = try damaged { () throws(ArchiveError) in try ArchiveReader(contents) }
    let body = try damaged { () throws(ArchiveError) in
      let body = try archive.decode(Body.self)
      guard archive.isAtEnd else { throw archive.error("the recording has bytes after its end") }
      return body
    }
    let scenario = try savedScenario(body.scenarioJSON, name: body.scenarioName, roster: roster)
    if let count = body.swarmCount,
      count < 0 || scenario.swarm == nil || scenario.arenaSize(swarmCount: count) == nil
    {
      throw SavedFileError("its swarm count \(count) does not fit its scenario")
    }
    program = body.program
    self.scenario = scenario
    seed = body.seed
    playerSides = Side.allCases.filter(body.playerSides.contains)
    swarmCount = body.swarmCount
    inputs = body.inputs
    finalTick = body.finalTick
    finalHash = StateHash(rawValue: body.finalHash)
  }

  /// Whether `bytes` start as a saved file of the sandbox's (a recording, or a snapshot)
  /// does, rather than as JSON.
  public static func isSavedFile(_ bytes: [UInt8]) -> Bool {
    bytes.starts(with: SavedFile.magic)
  }

  /// A new session as the recorded one started, keeping a timeline if the recording travels
  /// in time (the copies kept depend on the match alone, so they are the recorded session's).
  public func start() -> MatchSession {
    var session = MatchSession(
      scenario: scenario, seed: seed, playerSides: playerSides, swarmCount: swarmCount)
    session.keepsTimeline = inputs.contains {
      if case .travel = $0.input { true } else { false }
    }
    return session
  }
}

/// Feeds a recording's inputs into a session at their ticks: a replay, headless or in a window.
public struct ReplayScript: Sendable {
  /// The recording being played.
  public let recording: MatchRecording
  /// How many inputs have been applied.
  public private(set) var nextInput = 0

  /// A script at the recording's start.
  public init(_ recording: MatchRecording) {
    self.recording = recording
  }

  /// Whether every input has been applied and the last match stands at the final tick.
  public func isFinished(_ session: MatchSession) -> Bool {
    nextInput == recording.inputs.count && session.match.world.tick >= recording.finalTick
  }

  /// Applies the inputs due at the session's tick, then steps it once, unless the recording
  /// has ended.
  ///
  /// - Returns: Whether a tick ran.
  /// - Throws: `SavedFileError` if the recording does not fit how the session plays: an input
  ///   for a tick the match never reached, or ticks out of order.
  public mutating func step(_ session: inout MatchSession) throws(SavedFileError) -> Bool {
    try applyDue(&session)
    guard !isFinished(session) else { return false }
    let target =
      nextInput < recording.inputs.count
      ? recording.inputs[nextInput].tick : recording.finalTick
    guard !session.match.isOver else {
      throw SavedFileError(
        "the match ended at tick \(session.match.world.tick), but the recording goes on to "
          + "tick \(target): it does not replay the same with this program")
    }
    session.step()
    return true
  }

  /// Applies the inputs due at the session's tick.
  private mutating func applyDue(_ session: inout MatchSession) throws(SavedFileError) {
    while nextInput < recording.inputs.count {
      let next = recording.inputs[nextInput]
      let tick = session.match.world.tick
      guard next.tick <= tick else { return }
      guard next.tick == tick else {
        throw SavedFileError(
          "input \(nextInput + 1) is for tick \(next.tick), before tick \(tick) the match had "
            + "reached: the recording is damaged")
      }
      session.apply(next.input)
      nextInput += 1
    }
    guard session.match.world.tick <= recording.finalTick || nextInput < recording.inputs.count
    else {
      throw SavedFileError(
        "the recording ends at tick \(recording.finalTick), before tick "
          + "\(session.match.world.tick) the match had reached: the recording is damaged")
    }
  }

  /// Plays the whole recording headless on `threads` threads and returns where it ended.
  ///
  /// - Throws: `SavedFileError` if the recording does not fit how the session plays.
  /// - Complexity: O(ticks x entities).
  public static func play(_ recording: MatchRecording, threads: Int = 1) throws(SavedFileError)
    -> MatchSession
  {
    var session = recording.start()
    session.threadCount = threads
    var script = ReplayScript(recording)
    while try script.step(&session) {}
    return session
  }
}
