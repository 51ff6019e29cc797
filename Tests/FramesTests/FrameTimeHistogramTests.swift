import Testing

@testable import Frames

@Suite("Frame time percentiles")
struct FrameTimeHistogramTests {
  @Test("percentiles are read to the 0.1 ms bucket above the frame time")
  func percentiles() throws {
    var histogram = FrameTimeHistogram()
    #expect(histogram.percentile(0.5) == nil)
    // 98 smooth frames, one slow and one very slow.
    for _ in 0..<98 { histogram.record(milliseconds: 16.67) }
    histogram.record(milliseconds: 40.02)
    histogram.record(milliseconds: 250)
    #expect(histogram.count == 100)
    let p50 = try #require(histogram.percentile(0.5))
    let p98 = try #require(histogram.percentile(0.98))
    let p99 = try #require(histogram.percentile(0.99))
    let maximum = try #require(histogram.percentile(1))
    #expect(abs(p50 - 16.7) < 1e-9)
    #expect(abs(p98 - 16.7) < 1e-9)
    #expect(abs(p99 - 40.1) < 1e-9)
    #expect(abs(maximum - 250.1) < 1e-9)
  }

  @Test("times past a second count as a second, and nonsense as 0")
  func extremes() throws {
    var histogram = FrameTimeHistogram()
    histogram.record(milliseconds: 5_000)
    histogram.record(milliseconds: -3)
    histogram.record(milliseconds: .nan)
    #expect(histogram.count == 3)
    #expect(try #require(histogram.percentile(1)) == 1000)
    #expect(abs(try #require(histogram.percentile(0.5)) - 0.1) < 1e-9)
  }
}
