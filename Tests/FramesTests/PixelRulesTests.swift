import Frames
import Testing

@Suite("Pixel rules")
struct PixelRulesTests {
  /// The pixels whose centres lie in `[start, end)`, clipped to `0..<limit`, counted one by
  /// one; none for a span that is empty or not finite.
  func reference(_ start: Float, _ end: Float, limit: Int) -> [Int] {
    guard start.isFinite, end.isFinite else { return [] }
    return (0..<limit).filter { start <= Float($0) + 0.5 && Float($0) + 0.5 < end }
  }

  @Test("a pixel is covered when its centre is, clipped to the output; no span is not finite")
  func coveredPixels() {
    var generator = SystemRandomNumberGenerator()
    let edges: [Float] = [
      -1e30, -5000, -2.5, -1.5, -0.5, 0, 0.49, 0.5, 0.51, 1, 7.5, 9.5, 10, 10.5, 11, 1e9, .infinity,
      .nan,
    ]
    var spans = edges.flatMap { start in edges.map { (start, $0) } }
    for _ in 0..<2000 {
      spans.append(
        (
          Float.random(in: -20...30, using: &generator),
          Float.random(in: -20...30, using: &generator)
        ))
    }
    for (start, end) in spans {
      let covered = PixelRules.coveredPixels(start, end, limit: 10)
      let expected = reference(start, end, limit: 10)
      #expect(Array(covered) == expected, "\(start)..<\(end)")
    }
  }
}
