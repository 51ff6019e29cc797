import Gameplay
import SDLBackend

/// A game's past in its window: a copy of the game at each whole second, and every tick's
/// inputs since the oldest, to look back at (T), play from there, and go back to for good.
///
/// Copies of a game on a `World` share its storage until one changes, but a second of play
/// changes most of it, so the copies kept are bounded by bytes: as many as fit
/// `budgetBytes`, judged by the size of the first one's snapshot.
struct GameTimeline<G: PlayableGame> {
  /// The copies, oldest first, one at each whole second of the game's ticks.
  private(set) var copies: [G]
  /// The inputs each tick ran with, by the tick the game stood at.
  private var inputs: [UInt64: [SeatInput<G.Input>]] = [:]
  /// The most copies kept.
  let limit: Int
  /// Whether the past is shown instead of the game.
  private(set) var isOpen = false
  /// The copy looked at, by its place in `copies`.
  private(set) var position = 0
  /// The past as shown: the copy looked at, played forward while `isPlaying`.
  private(set) var shown: G?
  /// Whether the past plays forward, with the inputs it had.
  private(set) var isPlaying = false

  /// A timeline of `game` from where it stands, keeping copies within `budgetBytes`.
  init(_ game: G, budgetBytes: Int = 512 << 20) {
    let size = max((try? game.snapshot().count) ?? 1, 1)
    limit = min(max(budgetBytes / size, 2), 3_600)
    copies = [game]
  }

  /// Notes a tick of the game: the inputs it ran with, then the game as it stands after it,
  /// kept when it stands at a whole second.
  mutating func record(_ given: [SeatInput<G.Input>], ranAt tick: UInt64, then game: G) {
    if !given.isEmpty { inputs[tick] = given }
    let perSecond = max(UInt64(game.ticksPerSecond.rounded()), 1)
    guard game.tick % perSecond == 0 else { return }
    copies.append(game)
    if copies.count > limit {
      copies.removeFirst(copies.count - limit)
      inputs = inputs.filter { $0.key >= copies[0].tick }
    }
  }

  /// Opens the past at its newest copy, or closes it.
  mutating func toggle() {
    isOpen.toggle()
    isPlaying = false
    position = copies.count - 1
    shown = isOpen ? copies.last : nil
  }

  /// Takes a key while the past is open: Left and Right a second back and on, Up and Down ten
  /// seconds, Space plays or stops; returns the game to go on from when Enter takes it there.
  mutating func handle(_ event: InputEvent) -> G? {
    switch event {
    case .keyDown(.left): move(by: -1)
    case .keyDown(.right): move(by: 1)
    case .keyDown(.up): move(by: -10)
    case .keyDown(.down): move(by: 10)
    case .keyDown(.space): isPlaying.toggle()
    case .keyDown(.enter):
      guard let shown else { return nil }
      // The past from there on is another branch now.
      copies.removeAll { $0.tick > shown.tick }
      inputs = inputs.filter { $0.key < shown.tick }
      isOpen = false
      isPlaying = false
      self.shown = nil
      return shown
    default: break
    }
    return nil
  }

  /// Shows the copy `seconds` from the past shown now (which may have played on from its
  /// copy): the newest copy at or before that tick, the oldest if none is.
  private mutating func move(by seconds: Int) {
    guard let now = shown ?? copies.last else { return }
    let perSecond = max(Int(now.ticksPerSecond.rounded()), 1)
    let target = Int(now.tick) + seconds * perSecond
    position = copies.lastIndex { Int($0.tick) <= target } ?? 0
    shown = copies[position]
    isPlaying = false
  }

  /// Where the past shown stands between the oldest copy and `now`, 0 to 1: what its bar
  /// shows.
  func fraction(now: UInt64) -> Float {
    guard let first = copies.first, let shown, now > first.tick else { return 1 }
    return Float(shown.tick - min(shown.tick, first.tick)) / Float(now - first.tick)
  }

  /// Shows the copy nearest `fraction` of the way from the oldest copy to `now`, playing on
  /// if it was: what a click or a drag on the bar does.
  mutating func seek(to fraction: Float, now: UInt64) {
    guard isOpen, let first = copies.first else { return }
    let target = Float(first.tick) + min(max(fraction, 0), 1) * Float(now - min(now, first.tick))
    position =
      copies.indices.min {
        abs(Float(copies[$0].tick) - target) < abs(Float(copies[$1].tick) - target)
      } ?? 0
    shown = copies[position]
  }

  /// Plays the shown past `steps` ticks on, with the inputs those ticks had, up to the game's
  /// newest tick (`now`).
  mutating func play(_ steps: Int, upTo now: UInt64) {
    guard isPlaying, var game = shown else { return }
    for _ in 0..<steps where game.tick < now {
      game.advance(with: inputs[game.tick] ?? [])
    }
    if game.tick >= now { isPlaying = false }
    shown = game
  }

  /// What the timeline's line says: where the past shown stands, and the keys.
  func line(now: UInt64, ticksPerSecond: Double) -> String {
    guard let shown else { return "" }
    let back = Double(now - min(shown.tick, now)) / max(ticksPerSecond, 1)
    return "the past: \(Int(back.rounded())) s ago" + (isPlaying ? " (playing)" : "")
      + "  Left/Right 1 s, Up/Down 10 s, Space play, click the bar: seek, Enter go back to it,"
      + " T close"
  }
}

extension String {
  /// The string, or `nil` when it is empty.
  var nilIfEmpty: String? { isEmpty ? nil : self }
}
