/// How long games ran, in ticks, added one game at a time: how many, the shortest and the
/// longest, the mean and the sample standard deviation.
///
/// The mean and deviation are kept by Welford's update, which stays exact where summing
/// squares would cancel.
package struct TickLengths: Equatable, Sendable {
  /// Games added.
  package private(set) var count = 0
  /// The shortest game, if any was added.
  package private(set) var minimum: Int?
  /// The longest game, if any was added.
  package private(set) var maximum: Int?
  private var meanSoFar = 0.0
  private var squaredDeviationSum = 0.0

  /// No games yet.
  package init() {}

  /// Adds a game that ran `ticks` ticks.
  ///
  /// - Complexity: O(1).
  package mutating func add(_ ticks: Int) {
    count += 1
    minimum = min(minimum ?? ticks, ticks)
    maximum = max(maximum ?? ticks, ticks)
    let delta = Double(ticks) - meanSoFar
    meanSoFar += delta / Double(count)
    squaredDeviationSum += delta * (Double(ticks) - meanSoFar)
  }

  /// The mean length, if any game was added.
  package var mean: Double? { count > 0 ? meanSoFar : nil }

  /// The sample standard deviation of the lengths (0 for a single game), if any was added.
  package var standardDeviation: Double? {
    guard count > 0 else { return nil }
    return count > 1 ? (squaredDeviationSum / Double(count - 1)).squareRoot() : 0
  }
}
