import Foundation
import Frames
import Gameplay

/// What a sweep of matches adds up to: how the matches ended, each side's win rate with its 95%
/// confidence interval, and how long matches lasted.
///
/// Matches are added in seed order, so the same sweep always sums to the same figures.
package struct SweepSummary: Equatable, Sendable {
  /// Wins per side.
  package private(set) var wins = PerSide(left: 0, right: 0)
  /// Matches that ended in a draw (the tick limit, or both castles falling on one tick).
  package private(set) var drawCount = 0
  /// Matches stopped by a tick budget before they ended.
  package private(set) var unfinishedCount = 0
  /// How long the matches lasted.
  package private(set) var lengths = TickLengths()

  /// No matches yet.
  package init() {}

  /// Matches added.
  package var matchCount: Int { lengths.count }
  /// The shortest match, in ticks.
  package var minimumTicks: Int? { lengths.minimum }
  /// The longest match, in ticks.
  package var maximumTicks: Int? { lengths.maximum }
  /// The mean match length in ticks, if any match was added.
  package var meanTicks: Double? { lengths.mean }
  /// The sample standard deviation of match length in ticks (0 for a single match).
  package var ticksStandardDeviation: Double? { lengths.standardDeviation }

  /// Adds one match that ran `ticks` ticks and ended with `outcome` (`nil`: unfinished).
  package mutating func add(outcome: MatchOutcome?, ticks: Int) {
    switch outcome {
    case .victory(let side): wins[side] += 1
    case .draw: drawCount += 1
    case nil: unfinishedCount += 1
    }
    lengths.add(ticks)
  }

  /// The 95% Wilson score interval of `side`'s share of all matches, if any were added.
  package func winRateInterval(of side: Side) -> WilsonScoreInterval? {
    WilsonScoreInterval(successes: wins[side], trials: matchCount)
  }

  // MARK: - Text

  /// The summary as lines of text: matches, results, win rates and match length.
  package func lines() -> [String] {
    var lines = [
      "Matches:    \(Self.grouped(matchCount))",
      "Results:    left wins \(Self.grouped(wins.left)), right wins \(Self.grouped(wins.right)), "
        + "draws \(Self.grouped(drawCount)), unfinished \(Self.grouped(unfinishedCount))",
    ]
    for side in Side.allCases {
      let label = pad("\(side.name.prefix(1).uppercased())\(side.name.dropFirst()) wins:")
      guard let interval = winRateInterval(of: side) else {
        lines.append(label + "n/a (no matches)")
        continue
      }
      let share = Double(wins[side]) / Double(matchCount)
      lines.append(
        label + "\(Self.percent(share)) of matches "
          + "(95% CI \(Self.percent(interval.lower)) to \(Self.percent(interval.upper)))")
    }
    if let meanTicks, let ticksStandardDeviation, let minimumTicks, let maximumTicks {
      lines.append(
        "Length:     mean \(Self.grouped(meanTicks)) ticks, "
          + "sd \(Self.grouped(ticksStandardDeviation)), "
          + "min \(Self.grouped(minimumTicks)), max \(Self.grouped(maximumTicks))")
    } else {
      lines.append("Length:     n/a (no matches)")
    }
    return lines
  }

  private func pad(_ label: String) -> String {
    label + String(repeating: " ", count: max(1, 12 - label.count))
  }

  private static func percent(_ fraction: Double) -> String {
    String(format: "%.1f%%", fraction * 100)
  }

  /// `value` with one decimal and its whole part grouped in thousands: `18,338.2`.
  package static func grouped(_ value: Double) -> String { NumberText.grouped(value, decimals: 1) }

  /// `value` grouped in thousands: `36,000`.
  package static func grouped(_ value: Int) -> String { NumberText.grouped(value) }
}
