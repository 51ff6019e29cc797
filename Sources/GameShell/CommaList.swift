/// Option values that list several items separated by commas: `--sizes 1000,100000`,
/// `--strategy soa,world`, `--center 640,360`. The one place such a value is split.
package enum CommaList {
  /// The items of `text`, each trimmed of spaces; an empty item is kept, for the caller to
  /// refuse.
  package static func items(_ text: String) -> [String] {
    text.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
  }

  /// The whole numbers of `text`, in the order given, each in `range`.
  ///
  /// - Throws: `OptionValueError` naming the range and showing `example` for any item that is
  ///   not a whole number in it.
  package static func wholeNumbers(
    _ text: String, in range: ClosedRange<Int>, example: String
  ) throws(OptionValueError) -> [Int] {
    var numbers: [Int] = []
    for item in items(text) {
      guard let number = Int(item, radix: 10), range.contains(number) else {
        throw .invalid(
          "expected whole numbers from \(range.lowerBound) to \(range.upperBound), separated by "
            + "commas, e.g. \(example)")
      }
      numbers.append(number)
    }
    return numbers
  }
}
