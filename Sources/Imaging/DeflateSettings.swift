/// How hard the match finder tries, after zlib's configuration table.
struct DeflateSettings {
  /// Once the previous match is this long, search only a quarter of the chain.
  let goodLength: Int
  /// Matches at least this long are taken without looking one byte further (0: greedy).
  let lazyLength: Int
  /// Stop searching once a match is this long.
  let niceLength: Int
  /// The most chain links followed per search (0: store only).
  let maximumChain: Int

  init(level: Int) {
    switch max(0, min(level, 9)) {
    case 0: (goodLength, lazyLength, niceLength, maximumChain) = (0, 0, 0, 0)
    case 1: (goodLength, lazyLength, niceLength, maximumChain) = (4, 0, 8, 4)
    case 2: (goodLength, lazyLength, niceLength, maximumChain) = (4, 0, 16, 8)
    case 3: (goodLength, lazyLength, niceLength, maximumChain) = (4, 0, 32, 32)
    case 4: (goodLength, lazyLength, niceLength, maximumChain) = (4, 4, 16, 16)
    case 5: (goodLength, lazyLength, niceLength, maximumChain) = (8, 16, 32, 32)
    case 6: (goodLength, lazyLength, niceLength, maximumChain) = (8, 16, 128, 128)
    case 7: (goodLength, lazyLength, niceLength, maximumChain) = (8, 32, 128, 256)
    case 8: (goodLength, lazyLength, niceLength, maximumChain) = (32, 128, 258, 1024)
    default: (goodLength, lazyLength, niceLength, maximumChain) = (32, 258, 258, 4096)
    }
  }
}
