/// A picture size in pixels, written `WxH` on the command line.
package struct OutputSize: Equatable, Sendable, CustomStringConvertible {
  /// The width in pixels.
  package var width: Int
  /// The height in pixels.
  package var height: Int

  /// The size when none is given: 1280x720.
  package static let standard = OutputSize(width: 1280, height: 720)
  /// The smallest and largest side accepted.
  package static let limits = 16...8192

  /// A size.
  package init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// The size `WxH` (or `WXH`) stands for, each side within `limits`.
  package init(parsing text: String) throws(OptionValueError) {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
      throw .invalid("expected e.g. 1280x720")
    }
    guard Self.limits.contains(width), Self.limits.contains(height) else {
      throw .invalid(
        "each side must be \(Self.limits.lowerBound) to \(Self.limits.upperBound)")
    }
    self.init(width: width, height: height)
  }

  /// The size as `WxH`.
  package var description: String { "\(width)x\(height)" }
}
