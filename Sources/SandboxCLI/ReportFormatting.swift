/// Small helpers the text reports share.
extension Array where Element == Double {
  /// The middle value, or the mean of the two middle values; 0 for no values.
  ///
  /// - Complexity: O(n log n).
  var median: Double {
    guard !isEmpty else { return 0 }
    let sorted = self.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}

extension String {
  /// The string right-aligned in a column of `width` characters.
  func leftPadded(to width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}
