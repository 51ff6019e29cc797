import Foundation
import Imaging

/// A seeded SplitMix64 generator so that "random" test data is the same on every run.
struct TestRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func bytes(_ count: Int) -> [UInt8] {
    (0..<count).map { _ in UInt8.random(in: 0...255, using: &self) }
  }
}

/// Images with different statistics for round-trip and compression tests.
enum TestImages {
  static func gradient(width: Int, height: Int) -> Image {
    var image = Image(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        image[x: x, y: y] = RGBA(
          r: UInt8(x * 255 / max(width - 1, 1)), g: UInt8(y * 255 / max(height - 1, 1)),
          b: UInt8((x + y) & 0xFF), a: UInt8(255 - (x * 3 + y) % 256))
      }
    }
    return image
  }

  static func noise(width: Int, height: Int, seed: UInt64 = 1) -> Image {
    var random = TestRandom(seed: seed)
    var image = Image(width: width, height: height)
    image.pixels = random.bytes(width * height * 4)
    return image
  }

  static func flat(width: Int, height: Int) -> Image {
    Image(width: width, height: height, fill: RGBA(r: 30, g: 90, b: 160))
  }

  /// A game-frame-like picture: flat background, a few flat rectangles and a noisy sprite.
  static func frame(width: Int, height: Int) -> Image {
    var image = Image(width: width, height: height, fill: RGBA(r: 34, g: 139, b: 34))
    var random = TestRandom(seed: 7)
    for index in 0..<12 {
      let color = RGBA(r: UInt8(index * 20), g: 40, b: UInt8(255 - index * 20))
      let left = Int.random(in: 0..<width - 40, using: &random)
      let top = Int.random(in: 0..<height - 40, using: &random)
      for y in top..<top + 32 {
        for x in left..<left + 32 { image[x: x, y: y] = color }
      }
    }
    for y in 0..<min(16, height) {
      for x in 0..<min(16, width) {
        image[x: x, y: y] = RGBA(
          r: UInt8.random(in: 0...255, using: &random), g: 0, b: 0,
          a: UInt8.random(in: 0...255, using: &random))
      }
    }
    return image
  }
}

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ImagingTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func file(_ name: String) -> URL {
    url.appendingPathComponent(name)
  }

  func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
