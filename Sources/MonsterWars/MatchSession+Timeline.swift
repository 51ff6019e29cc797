import TraitSandbox

/// Time travel: a session that keeps its timeline goes back to any tick of the current match's
/// past and plays on from there.
///
/// The timeline is a copy of the match at every whole second (copying a match is O(1); the
/// tick after it copies the storage it writes), as many as `timelineLimit` allows. Travelling
/// to a tick restores the copy at or before it and steps on to the tick with the branch's
/// inputs. Which copies are kept depends on the match alone, so a replay of a recording that
/// travels keeps the same ones and travels the same.
extension MatchSession {
  /// The most seconds the timeline reaches back.
  public static let timelineSeconds = 300
  /// The memory the timeline may take, by an estimate of a match's size.
  public static let timelineBytes = 512 << 20

  /// The most copies the timeline keeps for `match`: `timelineSeconds`, or fewer where that
  /// many copies of a big world would pass `timelineBytes`.
  public static func timelineLimit(for match: Match) -> Int {
    let bytes = 16_384 + 192 * match.world.entityCount
    return max(10, min(timelineSeconds + 1, timelineBytes / bytes))
  }

  /// Keeps a copy of the match if it stands at a whole second not kept yet.
  mutating func recordTimeline() {
    guard keepsTimeline else { return }
    let tick = match.world.tick
    let perSecond = UInt64(match.scenario.match.ticksPerSecond)
    guard perSecond > 0, tick % perSecond == 0, timeline.last?.world.tick != tick else { return }
    timeline.append(match)
    let limit = Self.timelineLimit(for: match)
    if timeline.count > limit { timeline.removeFirst(timeline.count - limit) }
  }

  /// Goes back to the match as it was at `tick`: the copy at or before it, stepped on with
  /// the branch's inputs before `tick`; later copies and inputs belong to the branch left.
  ///
  /// - Returns: Whether the timeline reaches back to `tick` and `tick` is not past the match's.
  /// - Complexity: Up to a second of ticks.
  mutating func travel(to tick: UInt64) -> Bool {
    guard keepsTimeline, tick <= match.world.tick,
      let index = timeline.lastIndex(where: { $0.world.tick <= tick })
    else { return false }
    var preview = TimelinePreview(from: timeline[index], inputs: branchInputs, session: self)
    preview.run(to: tick)
    timeline.removeSubrange((index + 1)...)
    branchInputs.removeAll { $0.tick >= tick }
    match = preview.match
    recordTimeline()
    return true
  }

  /// The match from the timeline's copy at `index`, ready to be stepped forward with the
  /// inputs that made the current match: watching the past as it went.
  public func preview(at index: Int) -> TimelinePreview {
    TimelinePreview(from: timeline[index], inputs: branchInputs, session: self)
  }
}

/// A copy of a past match stepped forward with the inputs it had, so the player can watch
/// what happened from there; it stops at the tick the live match stands at.
public struct TimelinePreview {
  /// The match as the preview stands.
  public private(set) var match: Match
  /// The live match's tick when the preview began, where it stops.
  public let endTick: UInt64
  private let inputs: ArraySlice<RecordedInput>
  private var next: Int
  private let playerSides: [Side]
  private let swarmCount: Int?

  init(from copy: Match, inputs: [RecordedInput], session: MatchSession) {
    match = copy
    endTick = session.match.world.tick
    let start = inputs.firstIndex { $0.tick >= copy.world.tick } ?? inputs.endIndex
    self.inputs = inputs[start...]
    next = start
    playerSides = session.playerSides
    swarmCount = session.swarmCount
  }

  /// Whether the preview has reached the live match's tick.
  public var isAtEnd: Bool { match.world.tick >= endTick }

  /// Applies the inputs due at the preview's tick and steps it once, unless it is at the end.
  public mutating func step() {
    guard !isAtEnd else { return }
    applyDue()
    match.step()
  }

  /// Steps until the preview stands at `tick`, or the end.
  mutating func run(to tick: UInt64) {
    while match.world.tick < min(tick, endTick) { step() }
  }

  private mutating func applyDue() {
    while next < inputs.endIndex, inputs[next].tick <= match.world.tick {
      if inputs[next].tick == match.world.tick {
        _ = MatchSession.perform(
          inputs[next].input, on: &match, playerSides: playerSides, swarmCount: swarmCount)
      }
      next += 1
    }
  }
}
