/// Builds the length-limited canonical Huffman codes that DEFLATE transmits as code lengths.
enum HuffmanCode {
  /// Optimal code lengths for `frequencies`, none longer than `maximumLength`.
  ///
  /// Symbols with zero frequency get length 0. A lone used symbol gets length 1.
  /// - Complexity: O(n log n) for n symbols.
  static func lengths(for frequencies: [Int], maximumLength: Int) -> [UInt8] {
    var lengths = [UInt8](repeating: 0, count: frequencies.count)
    let leaves = frequencies.indices
      .filter { frequencies[$0] > 0 }
      .sorted { (frequencies[$0], $0) < (frequencies[$1], $1) }
    if leaves.count == 1 { lengths[leaves[0]] = 1 }
    if leaves.count < 2 { return lengths }

    // The two-queue construction: leaves are sorted and merged nodes are created in
    // non-decreasing weight order, so the two lightest nodes are always at a queue front.
    let leafCount = leaves.count
    let nodeCount = 2 * leafCount - 1
    var weight = [Int](repeating: 0, count: nodeCount)
    var parent = [Int](repeating: 0, count: nodeCount)
    for (index, symbol) in leaves.enumerated() { weight[index] = frequencies[symbol] }
    var nextLeaf = 0
    var nextMerged = leafCount
    for node in leafCount..<nodeCount {
      var children = (0, 0)
      for pick in 0..<2 {
        let child: Int
        if nextLeaf < leafCount && (nextMerged >= node || weight[nextLeaf] <= weight[nextMerged]) {
          child = nextLeaf
          nextLeaf += 1
        } else {
          child = nextMerged
          nextMerged += 1
        }
        if pick == 0 { children.0 = child } else { children.1 = child }
      }
      weight[node] = weight[children.0] + weight[children.1]
      parent[children.0] = node
      parent[children.1] = node
    }
    var depth = [Int](repeating: 0, count: nodeCount)
    var countPerLength = [Int](repeating: 0, count: maximumLength + 1)
    for node in stride(from: nodeCount - 2, through: 0, by: -1) {
      depth[node] = depth[parent[node]] + 1
      if node < leafCount { countPerLength[min(depth[node], maximumLength)] += 1 }
    }

    // Clamping deep leaves over-subscribes the code; lengthen the deepest shorter codes until
    // the Kraft sum is exactly one again (the method of miniz's tdefl_huffman_enforce_max_code_size).
    var kraftTotal = 0
    for length in 1...maximumLength {
      kraftTotal += countPerLength[length] << (maximumLength - length)
    }
    while kraftTotal > 1 << maximumLength {
      countPerLength[maximumLength] -= 1
      for length in stride(from: maximumLength - 1, through: 1, by: -1)
      where countPerLength[length] > 0 {
        countPerLength[length] -= 1
        countPerLength[length + 1] += 2
        break
      }
      kraftTotal -= 1
    }

    // The rarest symbols take the longest codes.
    var leafIndex = 0
    for length in stride(from: maximumLength, through: 1, by: -1) {
      for _ in 0..<countPerLength[length] {
        lengths[leaves[leafIndex]] = UInt8(length)
        leafIndex += 1
      }
    }
    return lengths
  }

  /// The canonical code of each symbol, bit-reversed because DEFLATE sends codes
  /// most-significant bit first inside a least-significant-bit-first stream.
  static func reversedCodes(for lengths: [UInt8]) -> [UInt16] {
    var countPerLength = [Int](repeating: 0, count: DeflateAlphabet.maximumCodeLength + 1)
    for length in lengths where length > 0 { countPerLength[Int(length)] += 1 }
    var nextCode = [Int](repeating: 0, count: DeflateAlphabet.maximumCodeLength + 1)
    var code = 0
    for length in 1...DeflateAlphabet.maximumCodeLength {
      code = (code + countPerLength[length - 1]) << 1
      nextCode[length] = code
    }
    var codes = [UInt16](repeating: 0, count: lengths.count)
    for (symbol, length) in lengths.enumerated() where length > 0 {
      codes[symbol] = UInt16(reverse(nextCode[Int(length)], bitCount: Int(length)))
      nextCode[Int(length)] += 1
    }
    return codes
  }

  /// The low `bitCount` bits of `code` in reverse order.
  static func reverse(_ code: Int, bitCount: Int) -> Int {
    var result = 0
    var remaining = code
    for _ in 0..<bitCount {
      result = result << 1 | remaining & 1
      remaining >>= 1
    }
    return result
  }
}
