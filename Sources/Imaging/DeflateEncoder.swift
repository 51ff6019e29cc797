/// The state of one compression run. The hash tables are borrowed from the caller, which owns
/// and frees them.
struct DeflateEncoder {
  static let hashBits = 15
  static let hashSize = 1 << hashBits
  // Symbols buffered per block: big enough to amortise a dynamic header, small enough to
  // follow changing statistics.
  private static let symbolsPerBlock = 1 << 15

  private let input: UnsafeBufferPointer<UInt8>
  private let settings: DeflateSettings
  private let blocks: DeflateBlockChoice
  private let head: UnsafeMutableBufferPointer<Int32>
  private let previous: UnsafeMutableBufferPointer<Int32>
  // One entry per symbol: a literal byte with distance 0, or a match length and distance.
  private var lengthsOrLiterals: [UInt16] = []
  private var distances: [UInt16] = []
  private var blockStart = 0
  private var blockEnd = 0
  private var writer: BitWriter

  init(
    input: UnsafeBufferPointer<UInt8>, settings: DeflateSettings, blocks: DeflateBlockChoice,
    head: UnsafeMutableBufferPointer<Int32>, previous: UnsafeMutableBufferPointer<Int32>
  ) {
    self.input = input
    self.settings = settings
    self.blocks = blocks
    self.head = head
    self.previous = previous
    writer = BitWriter(capacity: input.count / 4 + 64)
    lengthsOrLiterals.reserveCapacity(DeflateEncoder.symbolsPerBlock)
    distances.reserveCapacity(DeflateEncoder.symbolsPerBlock)
  }

  /// Compresses the whole input and returns the DEFLATE stream.
  mutating func run() -> [UInt8] {
    if settings.lazyLength == 0 {
      runGreedy()
    } else {
      runLazy()
    }
    flushBlock(isFinal: true)
    return writer.finish()
  }

  // MARK: - Match finding

  /// Records `position` in the hash chains and returns the previous position with the same
  /// hash, or -1.
  @inline(__always)
  private func insert(_ position: Int) -> Int {
    guard position + 2 < input.count else { return -1 }
    let bytes =
      UInt32(input[position]) | UInt32(input[position + 1]) << 8
      | UInt32(input[position + 2]) << 16
    let hash = Int((bytes &* 0x9E37_79B1) >> UInt32(32 - DeflateEncoder.hashBits))
    let candidate = Int(head[hash])
    previous[position & (DeflateAlphabet.windowSize - 1)] = Int32(truncatingIfNeeded: candidate)
    head[hash] = Int32(truncatingIfNeeded: position)
    return candidate
  }

  /// The longest match for `position` along the chain starting at `candidate` that beats
  /// `currentBest`, as (length, distance), or (0, 0).
  @inline(__always)
  private func longestMatch(at position: Int, candidate: Int, currentBest: Int) -> (Int, Int) {
    let maximumLength = min(DeflateAlphabet.maximumMatchLength, input.count - position)
    var bestLength = max(currentBest, DeflateAlphabet.minimumMatchLength - 1)
    guard bestLength < maximumLength else { return (0, 0) }
    var bestDistance = 0
    var chain =
      currentBest >= settings.goodLength ? settings.maximumChain >> 2 : settings.maximumChain
    // A distance of exactly 32768 is legal but its chain slot is already reused by `position`.
    let lowest = position - DeflateAlphabet.windowSize + 1
    var current = candidate
    let base = input.baseAddress!
    while current >= lowest && current >= 0 && chain > 0 {
      if base[current + bestLength] == base[position + bestLength]
        && base[current] == base[position] && base[current + 1] == base[position + 1]
      {
        let length = matchLength(base + current, base + position, limit: maximumLength)
        if length > bestLength {
          bestLength = length
          bestDistance = position - current
          if length >= settings.niceLength || length == maximumLength { break }
        }
      }
      let next = Int(previous[current & (DeflateAlphabet.windowSize - 1)])
      // Chain links always point backwards; anything else is a slot reused by a newer position.
      guard next < current else { break }
      current = next
      chain -= 1
    }
    guard bestDistance > 0 else { return (0, 0) }
    // A three-byte match far away costs more bits than three literals.
    if bestLength == DeflateAlphabet.minimumMatchLength && bestDistance > 4096 { return (0, 0) }
    return (bestLength, bestDistance)
  }

  /// How many bytes from `older` and `newer` agree, up to `limit`.
  @inline(__always)
  private func matchLength(
    _ older: UnsafePointer<UInt8>, _ newer: UnsafePointer<UInt8>, limit: Int
  ) -> Int {
    var length = 0
    // Compare eight bytes at a time; the first differing byte is the lowest set byte of the XOR.
    while length + 8 <= limit {
      let a = UInt64(littleEndian: UnsafeRawPointer(older + length).loadUnaligned(as: UInt64.self))
      let b = UInt64(littleEndian: UnsafeRawPointer(newer + length).loadUnaligned(as: UInt64.self))
      let difference = a ^ b
      if difference != 0 { return length + difference.trailingZeroBitCount >> 3 }
      length += 8
    }
    while length < limit && older[length] == newer[length] { length += 1 }
    return length
  }

  private mutating func runGreedy() {
    var position = 0
    while position < input.count {
      let candidate = insert(position)
      let (length, distance) =
        candidate >= 0
        ? longestMatch(at: position, candidate: candidate, currentBest: 0) : (0, 0)
      if length >= DeflateAlphabet.minimumMatchLength {
        emitMatch(length: length, distance: distance)
        for skipped in position + 1..<position + length { _ = insert(skipped) }
        position += length
      } else {
        emitLiteral(input[position])
        position += 1
      }
    }
  }

  /// zlib's `deflate_slow`: a match is only taken if the match starting one byte later is not
  /// longer; otherwise the byte goes out as a literal.
  private mutating func runLazy() {
    var position = 0
    var currentLength = 0
    var currentDistance = 0
    var hasPendingLiteral = false
    while position < input.count {
      let candidate = insert(position)
      let previousLength = currentLength
      let previousDistance = currentDistance
      currentLength = 0
      if candidate >= 0 && previousLength < settings.lazyLength {
        (currentLength, currentDistance) = longestMatch(
          at: position, candidate: candidate, currentBest: previousLength)
      }
      if previousLength >= DeflateAlphabet.minimumMatchLength && currentLength <= previousLength {
        emitMatch(length: previousLength, distance: previousDistance)
        let end = position - 1 + previousLength
        for skipped in position + 1..<end { _ = insert(skipped) }
        position = end
        hasPendingLiteral = false
        currentLength = 0
      } else {
        if hasPendingLiteral { emitLiteral(input[position - 1]) }
        if currentLength < DeflateAlphabet.minimumMatchLength { currentLength = 0 }
        hasPendingLiteral = true
        position += 1
      }
    }
    if hasPendingLiteral { emitLiteral(input[position - 1]) }
  }

  // MARK: - Symbols

  @inline(__always)
  private mutating func emitLiteral(_ byte: UInt8) {
    lengthsOrLiterals.append(UInt16(byte))
    distances.append(0)
    blockEnd += 1
    if lengthsOrLiterals.count == DeflateEncoder.symbolsPerBlock { flushBlock(isFinal: false) }
  }

  @inline(__always)
  private mutating func emitMatch(length: Int, distance: Int) {
    lengthsOrLiterals.append(UInt16(length))
    distances.append(UInt16(distance))
    blockEnd += length
    if lengthsOrLiterals.count == DeflateEncoder.symbolsPerBlock { flushBlock(isFinal: false) }
  }

  // MARK: - Blocks

  private mutating func flushBlock(isFinal: Bool) {
    var literalFrequencies = [Int](repeating: 0, count: DeflateAlphabet.literalLengthSymbolCount)
    var distanceFrequencies = [Int](repeating: 0, count: DeflateAlphabet.distanceSymbolCount)
    literalFrequencies[DeflateAlphabet.endOfBlock] = 1
    var extraBitCount = 0
    for index in lengthsOrLiterals.indices {
      let value = Int(lengthsOrLiterals[index])
      let distance = Int(distances[index])
      if distance == 0 {
        literalFrequencies[value] += 1
      } else {
        let lengthIndex = Int(DeflateAlphabet.lengthIndex[value])
        literalFrequencies[257 + lengthIndex] += 1
        let distanceIndex = DeflateAlphabet.distanceIndex(distance)
        distanceFrequencies[distanceIndex] += 1
        extraBitCount +=
          DeflateAlphabet.lengthExtraBits[lengthIndex]
          + DeflateAlphabet.distanceExtraBits[distanceIndex]
      }
    }

    let storedLength = blockEnd - blockStart
    let storedCost = (storedLength / 65535 + 1) * (3 + 7 + 32) + 8 * storedLength
    let fixedCost =
      3 + extraBitCount
      + cost(literalFrequencies, DeflateAlphabet.fixedLiteralLengthLengths)
      + cost(distanceFrequencies, DeflateAlphabet.fixedDistanceLengths)

    // Every code gets at least two symbols so that it is complete, which every inflater
    // accepts (zlib's deflate does the same).
    ensureTwoSymbols(&literalFrequencies)
    ensureTwoSymbols(&distanceFrequencies)
    let literalLengths = HuffmanCode.lengths(
      for: literalFrequencies, maximumLength: DeflateAlphabet.maximumCodeLength)
    let distanceLengths = HuffmanCode.lengths(
      for: distanceFrequencies, maximumLength: DeflateAlphabet.maximumCodeLength)
    let header = DynamicBlockHeader(
      literalLengths: literalLengths, distanceLengths: distanceLengths)
    let dynamicCost =
      3 + header.bitCount + extraBitCount + cost(literalFrequencies, literalLengths)
      + cost(distanceFrequencies, distanceLengths)

    let choice: DeflateBlockChoice
    switch blocks {
    case .automatic:
      if storedCost < min(fixedCost, dynamicCost) {
        choice = .stored
      } else {
        choice = fixedCost <= dynamicCost ? .fixed : .dynamic
      }
    default:
      choice = blocks
    }

    switch choice {
    case .stored:
      Deflate.writeStoredBlocks(
        UnsafeBufferPointer(rebasing: input[blockStart..<blockEnd]), isFinal: isFinal, to: &writer)
    case .fixed:
      writer.write((isFinal ? 1 : 0) | 1 << 1, count: 3)
      writeSymbols(
        literalCodes: DeflateEncoder.fixedLiteralCodes,
        literalLengths: DeflateAlphabet.fixedLiteralLengthLengths,
        distanceCodes: DeflateEncoder.fixedDistanceCodes,
        distanceLengths: DeflateAlphabet.fixedDistanceLengths)
    case .dynamic, .automatic:
      writer.write((isFinal ? 1 : 0) | 2 << 1, count: 3)
      header.write(to: &writer)
      writeSymbols(
        literalCodes: HuffmanCode.reversedCodes(for: literalLengths),
        literalLengths: literalLengths,
        distanceCodes: HuffmanCode.reversedCodes(for: distanceLengths),
        distanceLengths: distanceLengths)
    }
    lengthsOrLiterals.removeAll(keepingCapacity: true)
    distances.removeAll(keepingCapacity: true)
    blockStart = blockEnd
  }

  private static let fixedLiteralCodes = HuffmanCode.reversedCodes(
    for: DeflateAlphabet.fixedLiteralLengthLengths)
  private static let fixedDistanceCodes = HuffmanCode.reversedCodes(
    for: DeflateAlphabet.fixedDistanceLengths)

  private mutating func writeSymbols(
    literalCodes: [UInt16], literalLengths: [UInt8], distanceCodes: [UInt16],
    distanceLengths: [UInt8]
  ) {
    for index in lengthsOrLiterals.indices {
      let value = Int(lengthsOrLiterals[index])
      let distance = Int(distances[index])
      if distance == 0 {
        writer.write(Int(literalCodes[value]), count: Int(literalLengths[value]))
      } else {
        let lengthIndex = Int(DeflateAlphabet.lengthIndex[value])
        let lengthSymbol = 257 + lengthIndex
        writer.write(Int(literalCodes[lengthSymbol]), count: Int(literalLengths[lengthSymbol]))
        writer.write(
          value - DeflateAlphabet.lengthBase[lengthIndex],
          count: DeflateAlphabet.lengthExtraBits[lengthIndex])
        let distanceIndex = DeflateAlphabet.distanceIndex(distance)
        writer.write(Int(distanceCodes[distanceIndex]), count: Int(distanceLengths[distanceIndex]))
        writer.write(
          distance - DeflateAlphabet.distanceBase[distanceIndex],
          count: DeflateAlphabet.distanceExtraBits[distanceIndex])
      }
    }
    let end = DeflateAlphabet.endOfBlock
    writer.write(Int(literalCodes[end]), count: Int(literalLengths[end]))
  }

  private func cost(_ frequencies: [Int], _ lengths: [UInt8]) -> Int {
    var total = 0
    for index in frequencies.indices { total += frequencies[index] * Int(lengths[index]) }
    return total
  }

  private func ensureTwoSymbols(_ frequencies: inout [Int]) {
    var missing = 2 - frequencies.lazy.filter { $0 > 0 }.count
    var symbol = 0
    while missing > 0 {
      if frequencies[symbol] == 0 {
        frequencies[symbol] = 1
        missing -= 1
      }
      symbol += 1
    }
  }
}
