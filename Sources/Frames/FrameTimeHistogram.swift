/// The times between frames a session showed, kept as a histogram of 0.1 ms buckets up to a
/// second (anything longer counts as a second), so an hour of frames costs no more memory than
/// a minute.
public struct FrameTimeHistogram: Sendable, Equatable {
  /// The width of one bucket, in milliseconds.
  public static let bucketMilliseconds = 0.1
  /// The longest time told apart; longer frames count as this long.
  public static let longestMilliseconds = 1000.0

  private var counts = [Int](
    repeating: 0, count: Int(longestMilliseconds / bucketMilliseconds) + 1)

  /// How many frame times were recorded.
  public private(set) var count = 0

  /// An empty histogram.
  public init() {}

  /// Counts one frame that took `milliseconds` (negative or not-a-number counts as 0).
  ///
  /// - Complexity: O(1).
  public mutating func record(milliseconds: Double) {
    let clamped = milliseconds.isNaN ? 0 : min(max(milliseconds, 0), Self.longestMilliseconds)
    counts[Int((clamped / Self.bucketMilliseconds).rounded(.down))] += 1
    count += 1
  }

  /// The time that `fraction` (0 to 1) of the frames took at most, to the bucket's upper edge
  /// (0.1 ms); `nil` before the first frame.
  ///
  /// - Complexity: O(buckets).
  public func percentile(_ fraction: Double) -> Double? {
    guard count > 0 else { return nil }
    let rank = max(1, Int((min(max(fraction, 0), 1) * Double(count)).rounded(.up)))
    var seen = 0
    for (bucket, frames) in counts.enumerated() {
      seen += frames
      if seen >= rank {
        return min(Double(bucket + 1) * Self.bucketMilliseconds, Self.longestMilliseconds)
      }
    }
    return Self.longestMilliseconds
  }
}
