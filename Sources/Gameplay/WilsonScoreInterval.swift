/// A confidence interval for a proportion from `successes` out of `trials`, by Wilson's score
/// method: unlike `p ± z·sqrt(p(1-p)/n)` it stays inside 0...1 and is sound at 0 or n
/// successes and for small samples.
package struct WilsonScoreInterval: Equatable, Sendable {
  /// The standard normal quantile for a two-sided 95% interval.
  package static let z95 = 1.959_963_984_540_054

  /// The lower bound, in 0...1.
  package let lower: Double
  /// The upper bound, in 0...1.
  package let upper: Double

  /// The interval for `successes` of `trials` at the confidence `z` stands for; `nil` when
  /// there are no trials.
  package init?(successes: Int, trials: Int, z: Double = z95) {
    precondition(successes >= 0 && successes <= trials)
    guard trials > 0 else { return nil }
    let n = Double(trials)
    let p = Double(successes) / n
    let zSquared = z * z
    let denominator = 1 + zSquared / n
    let center = (p + zSquared / (2 * n)) / denominator
    let halfWidth = z / denominator * (p * (1 - p) / n + zSquared / (4 * n * n)).squareRoot()
    // At 0 or n successes the bound is exactly 0 or 1; rounding would leave it a hair off.
    lower = successes == 0 ? 0 : max(0, center - halfWidth)
    upper = successes == trials ? 1 : min(1, center + halfWidth)
  }
}
