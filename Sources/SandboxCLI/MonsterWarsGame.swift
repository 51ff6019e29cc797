import Foundation
import Frames
import GameShell
import Gameplay
import HeadlessRenderer
import MonsterWars
import TraitSandbox

/// MonsterWars as every game's command line plays it: a match whose settings file is its
/// scenario (the duel by default; a name from the assets folder's `scenarios/`, or a path),
/// with a seat per castle, whose player buys monsters with the number keys. It is a session
/// (`MatchSession`): the first seat may start it again and tune it live, as inputs that a
/// recording replays and both sides of a match over the network take.
public struct MonsterWarsGame: PlayableGame {
  /// The session being played.
  public var session: MatchSession

  /// The match being played.
  public var match: Match { session.match }

  /// `monsterwars`.
  public static var name: String { Match.name }

  /// A seat per castle, `left` then `right`.
  public var seats: [Seat] { session.seats }

  /// The match's tick (a restart starts it again from 0).
  public var tick: UInt64 { session.tick }

  /// How many threads the match steps on.
  public var threadCount: Int {
    get { session.threadCount }
    set { session.threadCount = newValue }
  }

  /// Whether the match's world times its systems.
  public var measuresSystemTimes: Bool {
    get { session.measuresSystemTimes }
    set { session.measuresSystemTimes = newValue }
  }

  /// Whether a castle fell or the scenario's tick limit came.
  public var isOver: Bool { session.isOver }

  /// The scenario's ticks a second.
  public var ticksPerSecond: Double { session.ticksPerSecond }

  /// Each seat's orders for its castle, if a player holds it, and the first seat's restart
  /// or retune, then the tick.
  public mutating func advance(with inputs: [SeatInput<SessionInput>]) {
    session.advance(with: inputs)
  }

  /// As `advance(with:)`, calling `observe` after each of the world's systems.
  public mutating func advance(
    with inputs: [SeatInput<SessionInput>], observingSystems observe: (String, StateHash) -> Void
  ) {
    session.advance(with: inputs, observingSystems: observe)
  }

  /// The world's state hash.
  public func stateHash() -> StateHash { session.stateHash() }

  /// An input as a few bytes (an order's kind by its place in the roster), as the session
  /// sends it over the network.
  public func encodedInput(_ input: SessionInput) -> [UInt8] { session.encodedInput(input) }

  /// The input `bytes` encode, if they encode one.
  public func decodedInput(_ bytes: [UInt8]) -> SessionInput? { session.decodedInput(bytes) }

  /// The session's snapshot: the scenario it restarts with, its inputs and the match.
  public func snapshot() throws -> [UInt8] { try session.snapshot() }

  /// Saves the session's snapshot to `url` as it is made: a big match is never in memory twice.
  public func writeSnapshot(to url: URL) throws { try session.save(to: url) }

  /// The session a snapshot holds, on as many threads as this one.
  public func restored(from snapshot: [UInt8]) throws -> MonsterWarsGame {
    MonsterWarsGame(session: try session.restored(from: snapshot))
  }

  /// The game of `session`.
  public init(session: MatchSession) {
    self.session = session
  }

  /// The help's overview.
  public static var overview: String {
    "Two castles spend coins on monsters that march and fight."
  }

  /// People hold the castles of `seats`, the scenario's AI the others: the session starts
  /// again so, before its first tick.
  public mutating func letPeoplePlay(seats: Set<Int>) {
    guard !seats.isEmpty, session.tick == 0, session.inputs.isEmpty else { return }
    let (threads, measures) = (session.threadCount, session.measuresSystemTimes)
    session = MatchSession(
      scenario: session.scenario, seed: session.seed,
      playerSides: seats.compactMap(Self.side(ofSeat:)), swarmCount: session.swarmCount)
    session.threadCount = threads
    session.measuresSystemTimes = measures
  }

  /// The match with its HUD: the castles' health and coins, the clock, the outcome (the
  /// window says the speed).
  public func makeFrame() -> Frame {
    match.makeFrame(showsSpeed: false)
  }

  /// The match with its HUD laid out on `canvas`.
  public func makeFrame(canvas: OverlayCanvas) -> Frame {
    match.makeFrame(canvas: canvas, showsSpeed: false)
  }

  /// Every sprite the standard roster draws, from the assets folder.
  public static func sprites() throws -> SpriteLibrary {
    try sprites(in: .current)
  }

  /// Every sprite the standard roster draws, from the assets folder `invocation` finds.
  public static func sprites(in invocation: Invocation) throws -> SpriteLibrary {
    let assets = try AssetFolder.locate(option: nil, invocation: invocation)
    let silent = Console(writeOutput: { _ in }, writeError: { _ in }, errorIsTerminal: false)
    return try assets.loadSprites(for: .standard, console: silent)
  }

  /// The types drawn with a placeholder, for want of their sprite files, if any.
  public static func notes(on sprites: SpriteLibrary, in invocation: Invocation) -> [String] {
    guard let assets = try? AssetFolder.locate(option: nil, invocation: invocation) else {
      return []
    }
    return assets.placeholderNote(on: sprites, roster: .standard).map { [$0] } ?? []
  }

  /// `SANDBOX_ASSETS`, which `--assets DIR` sets.
  public static var assetsVariable: String? { AssetLocator.environmentKey }

  /// `sandbox`, the executable MonsterWars ships as.
  public static var programName: String { "sandbox" }

  /// A click gives no order (the keys do): it inspects what is there.
  public static var clickHelp: String { "inspect what is there" }

  /// 1, 2, 3 buy the roster's kinds in order; 0 takes back the newest order not yet paid.
  public static var keys: [GameKey] {
    Roster.standard.kinds.prefix(9).enumerated().map { index, kind in
      GameKey(Character(String(index + 1)), "buy a \(kind.displayName)")
    } + [GameKey("0", "take back your newest order not yet paid")]
  }

  /// The order `key` gives: a kind of the scenario's roster, or a cancel.
  public func input(forKey key: Character, seat: Int) -> SessionInput? {
    guard let digit = key.wholeNumberValue, key.isASCII else { return nil }
    if digit == 0 { return .order(.cancel) }
    let kinds = match.scenario.roster.kinds
    return kinds.indices.contains(digit - 1) ? .order(.buy(kinds[digit - 1])) : nil
  }

  /// What the world says of `entity`.
  public func inspect(_ entity: AnyEntityID) -> EntityInspection? {
    match.world.inspect(entity)
  }

  /// The scenario, and each castle's health and coins.
  public var reportLines: [String] {
    ["scenario: \(match.scenario.name)"]
      + Side.allCases.map { side in
        let castle = match.castle(of: side)
        return "\(side.name) castle: health \(Int(castle?.health.current ?? 0)), "
          + "coins \(Int(castle?.spawner.budget ?? 0))"
      }
  }

  /// "left won", "right won" or "draw", once the match is over.
  public var outcome: String? {
    switch match.outcome {
    case .victory(let side): "\(side.name) won"
    case .draw: "draw"
    case nil: nil
    }
  }

  /// The match's world, which `run --profile` reports on.
  public var steppedWorld: World? { match.world }
}
