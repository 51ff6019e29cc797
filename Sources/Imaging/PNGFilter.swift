/// The five PNG row filters (None, Sub, Up, Average, Paeth), which predict each byte from its
/// left, upper and upper-left neighbours so that the residuals compress better.
enum PNGFilter {
  /// Filters `height` rows of `rowByteCount` bytes, prefixing each with its filter type.
  ///
  /// With `choosing`, each row takes the filter whose output has the smallest sum of absolute
  /// values taken as signed bytes, the heuristic the PNG specification recommends; otherwise
  /// every row uses None.
  /// - Complexity: O(`rowByteCount * height`).
  static func filter(
    _ pixels: UnsafeBufferPointer<UInt8>, rowByteCount: Int, height: Int, stride: Int,
    choosing: Bool
  ) -> [UInt8] {
    let zeroRow = [UInt8](repeating: 0, count: rowByteCount)
    var output = [UInt8](repeating: 0, count: (rowByteCount + 1) * height)
    zeroRow.withUnsafeBufferPointer { zeros in
      output.withUnsafeMutableBufferPointer { output in
        let source = pixels.baseAddress!
        for y in 0..<height {
          let row = source + y * rowByteCount
          let above = y > 0 ? row - rowByteCount : zeros.baseAddress!
          let type = choosing ? bestFilter(row, above, count: rowByteCount, stride: stride) : 0
          let target = output.baseAddress! + y * (rowByteCount + 1)
          target[0] = type
          for index in 0..<rowByteCount {
            let left = index >= stride ? row[index - stride] : 0
            let upperLeft = index >= stride ? above[index - stride] : 0
            target[index + 1] =
              row[index] &- predict(type, left: left, up: above[index], upperLeft: upperLeft)
          }
        }
      }
    }
    return output
  }

  /// Reverses `filter` in place on rows that each start with their filter type.
  ///
  /// - Throws: `ImageFormatError.corrupt` for a filter type above 4.
  /// - Complexity: O(`rowByteCount * height`).
  static func unfilter(
    _ data: UnsafeMutableBufferPointer<UInt8>, rowByteCount: Int, height: Int, stride: Int
  ) throws(ImageFormatError) {
    precondition(data.count >= (rowByteCount + 1) * height, "unfilter needs every row")
    let zeroRow = UnsafeMutablePointer<UInt8>.allocate(capacity: rowByteCount)
    zeroRow.initialize(repeating: 0, count: rowByteCount)
    defer { zeroRow.deallocate() }
    for y in 0..<height {
      let rowStart = data.baseAddress! + y * (rowByteCount + 1)
      let type = rowStart[0]
      let row = rowStart + 1
      let above = UnsafePointer(y > 0 ? row - (rowByteCount + 1) : zeroRow)
      switch type {
      case 0:
        break
      case 1:
        for index in Swift.stride(from: stride, to: rowByteCount, by: 1) {
          row[index] &+= row[index - stride]
        }
      case 2:
        for index in 0..<rowByteCount { row[index] &+= above[index] }
      case 3:
        for index in 0..<rowByteCount {
          let left = index >= stride ? Int(row[index - stride]) : 0
          row[index] &+= UInt8((left + Int(above[index])) >> 1)
        }
      case 4:
        for index in 0..<rowByteCount {
          let left = index >= stride ? row[index - stride] : 0
          let upperLeft = index >= stride ? above[index - stride] : 0
          row[index] &+= paeth(left: left, up: above[index], upperLeft: upperLeft)
        }
      default:
        throw .corrupt("row \(y) uses filter type \(type); PNG defines 0 to 4")
      }
    }
  }

  @inline(__always)
  private static func predict(_ type: UInt8, left: UInt8, up: UInt8, upperLeft: UInt8) -> UInt8 {
    switch type {
    case 1: left
    case 2: up
    case 3: UInt8((Int(left) + Int(up)) >> 1)
    case 4: paeth(left: left, up: up, upperLeft: upperLeft)
    default: 0
    }
  }

  /// The neighbour closest to `left + up - upperLeft`, ties going to left, then up.
  @inline(__always)
  static func paeth(left: UInt8, up: UInt8, upperLeft: UInt8) -> UInt8 {
    let a = Int(left)
    let b = Int(up)
    let c = Int(upperLeft)
    let distanceToLeft = abs(b - c)
    let distanceToUp = abs(a - c)
    let distanceToUpperLeft = abs(a + b - 2 * c)
    if distanceToLeft <= distanceToUp && distanceToLeft <= distanceToUpperLeft { return left }
    return distanceToUp <= distanceToUpperLeft ? up : upperLeft
  }

  @inline(__always)
  private static func signedMagnitude(_ residual: UInt8) -> Int {
    let value = Int(Int8(bitPattern: residual))
    return value < 0 ? -value : value
  }

  private static func bestFilter(
    _ row: UnsafePointer<UInt8>, _ above: UnsafePointer<UInt8>, count: Int, stride: Int
  ) -> UInt8 {
    var none = 0
    var sub = 0
    var up = 0
    var average = 0
    var paethSum = 0
    for index in 0..<count {
      let value = row[index]
      let left = index >= stride ? row[index - stride] : 0
      let upper = above[index]
      let upperLeft = index >= stride ? above[index - stride] : 0
      none += signedMagnitude(value)
      sub += signedMagnitude(value &- left)
      up += signedMagnitude(value &- upper)
      average += signedMagnitude(value &- UInt8((Int(left) + Int(upper)) >> 1))
      paethSum += signedMagnitude(value &- paeth(left: left, up: upper, upperLeft: upperLeft))
    }
    let sums = [none, sub, up, average, paethSum]
    var best = 0
    for type in 1..<5 where sums[type] < sums[best] { best = type }
    return UInt8(best)
  }
}
