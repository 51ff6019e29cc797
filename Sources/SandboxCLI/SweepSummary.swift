import Foundation
import Frames
import GameShell
import MonsterWars

/// What a sweep adds up to: how the matches ended, each side's win rate with its 95%
/// confidence interval, and how long matches lasted.
///
/// Matches are added in seed order, so the same sweep always sums to the same figures.
struct SweepSummary: Equatable, Sendable {
  /// Matches added.
  private(set) var matchCount = 0
  /// Wins per side.
  private(set) var wins = PerSide(left: 0, right: 0)
  /// Matches that ended in a draw (the tick limit, or both castles falling on one tick).
  private(set) var drawCount = 0
  /// Matches stopped by `--ticks` before they ended.
  private(set) var unfinishedCount = 0
  /// The shortest match, in ticks.
  private(set) var minimumTicks: Int?
  /// The longest match, in ticks.
  private(set) var maximumTicks: Int?
  private var meanTicksSoFar = 0.0
  private var squaredDeviationSum = 0.0

  /// Adds one match that ran `ticks` ticks and ended with `outcome` (`nil`: unfinished).
  mutating func add(outcome: MatchOutcome?, ticks: Int) {
    matchCount += 1
    switch outcome {
    case .victory(let side): wins[side] += 1
    case .draw: drawCount += 1
    case nil: unfinishedCount += 1
    }
    minimumTicks = min(minimumTicks ?? ticks, ticks)
    maximumTicks = max(maximumTicks ?? ticks, ticks)
    // Welford's update: stable where summing squares would cancel.
    let delta = Double(ticks) - meanTicksSoFar
    meanTicksSoFar += delta / Double(matchCount)
    squaredDeviationSum += delta * (Double(ticks) - meanTicksSoFar)
  }

  /// The mean match length in ticks, if any match was added.
  var meanTicks: Double? { matchCount > 0 ? meanTicksSoFar : nil }

  /// The sample standard deviation of match length in ticks (0 for a single match).
  var ticksStandardDeviation: Double? {
    guard matchCount > 0 else { return nil }
    return matchCount > 1 ? (squaredDeviationSum / Double(matchCount - 1)).squareRoot() : 0
  }

  /// The 95% Wilson score interval of `side`'s share of all matches, if any were added.
  func winRateInterval(of side: Side) -> WilsonScoreInterval? {
    WilsonScoreInterval(successes: wins[side], trials: matchCount)
  }

  // MARK: - Text

  /// The summary as lines of text: matches, results, win rates and match length.
  func lines() -> [String] {
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
  static func grouped(_ value: Double) -> String { NumberText.grouped(value, decimals: 1) }

  /// `value` grouped in thousands: `36,000`.
  static func grouped(_ value: Int) -> String { NumberText.grouped(value) }
}
