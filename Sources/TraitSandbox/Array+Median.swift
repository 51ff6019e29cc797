extension Array where Element == Double {
  /// The middle value of timed samples, or the mean of the two middle values; 0 for no values.
  ///
  /// - Complexity: O(n log n).
  package var median: Double {
    guard !isEmpty else { return 0 }
    let sorted = self.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}
