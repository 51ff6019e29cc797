import Testing
import TraitSandbox

@Suite("FixedTimestep")
struct FixedTimestepTests {
  private let sixtieth = 1.0 / 60

  @Test("the first reading only starts the clock")
  func firstReading() {
    var clock = ManualClock(time: 1234.5)
    var timestep = FixedTimestep(fixedDeltaTime: sixtieth)
    let result = timestep.advance(with: &clock)
    #expect(result.steps == 0)
    #expect(result.alpha == 0)
    #expect(timestep.accumulator == 0)
  }

  @Test("a sixtieth of a second is one step at 60 Hz")
  func oneStep() {
    var clock = ManualClock()
    var timestep = FixedTimestep(fixedDeltaTime: sixtieth)
    _ = timestep.advance(with: &clock)
    clock.advance(by: sixtieth)
    let result = timestep.advance(with: &clock)
    #expect(result.steps == 1)
    #expect(result.alpha == 0)
  }

  @Test("a display at exactly the step rate gets exactly one step per frame")
  func steadyFrames() {
    // 1/60 is not exact in binary: without a tolerance, rounding in `now - previous` makes
    // some frames a hair short (0 steps) and others long (2 steps).
    var clock = ManualClock(time: 1000)
    var timestep = FixedTimestep(fixedDeltaTime: sixtieth)
    _ = timestep.advance(with: &clock)
    var stepsPerFrame: [Int] = []
    for frame in 1...600 {
      clock.time = 1000 + Double(frame) / 60
      stepsPerFrame.append(timestep.advance(with: &clock).steps)
    }
    #expect(stepsPerFrame.allSatisfy { $0 == 1 })
  }

  @Test("steps beyond the most the caller can run are dropped, not owed")
  func maximumSteps() {
    var clock = ManualClock()
    var timestep = FixedTimestep(fixedDeltaTime: sixtieth)
    _ = timestep.advance(with: &clock)
    // Five steps' worth of time, but room for two: the rest is dropped and the picture holds
    // at (nearly) the newest step.
    clock.advance(by: 5 * sixtieth)
    var result = timestep.advance(with: &clock, maximumSteps: 2)
    #expect(result.steps == 2)
    #expect(result.alpha > 0.99 && result.alpha < 1)
    #expect(abs(timestep.droppedTime - 2 * sixtieth) < 1e-4)
    // A frame with no room at all runs nothing and owes nothing.
    clock.advance(by: sixtieth)
    result = timestep.advance(with: &clock, maximumSteps: 0)
    #expect(result.steps == 0)
    #expect(abs(timestep.droppedTime - 3 * sixtieth) < 1e-4)
    // With room again, the next frame is one ordinary step (the held sliver plus a frame).
    clock.advance(by: sixtieth)
    result = timestep.advance(with: &clock)
    #expect(result.steps == 1)
    #expect(result.alpha > 0.99)
    clock.advance(by: sixtieth / 2)
    #expect(timestep.advance(with: &clock).steps == 1)
  }

  @Test("without a limit nothing is dropped")
  func nothingDropped() {
    var clock = ManualClock()
    var timestep = FixedTimestep(fixedDeltaTime: sixtieth)
    _ = timestep.advance(with: &clock)
    for _ in 0..<100 {
      clock.advance(by: sixtieth * 0.9995)
      _ = timestep.advance(with: &clock)
    }
    #expect(timestep.droppedTime == 0)
  }

  @Test("half a step accumulates and shows as alpha")
  func halfStep() {
    var clock = ManualClock()
    var timestep = FixedTimestep(fixedDeltaTime: sixtieth)
    _ = timestep.advance(with: &clock)
    clock.advance(by: sixtieth / 2)
    var result = timestep.advance(with: &clock)
    #expect(result.steps == 0)
    #expect(result.alpha == 0.5)
    clock.advance(by: sixtieth / 2)
    result = timestep.advance(with: &clock)
    #expect(result.steps == 1)
    #expect(result.alpha == 0)
  }

  @Test("fractions of a step carry over from frame to frame")
  func fractionalAccumulation() {
    // Quarter-second steps and 3/8-second frames: every value is exact in binary.
    var clock = ManualClock()
    var timestep = FixedTimestep(fixedDeltaTime: 0.25, maximumFrameTime: 1)
    _ = timestep.advance(with: &clock)
    var steps: [Int] = []
    var alphas: [Double] = []
    for _ in 0..<4 {
      clock.advance(by: 0.375)
      let result = timestep.advance(with: &clock)
      steps.append(result.steps)
      alphas.append(result.alpha)
    }
    #expect(steps == [1, 2, 1, 2])
    #expect(alphas == [0.5, 0, 0.5, 0])
  }

  @Test("alpha stays in 0..<1 and no time is lost, whatever the frame lengths")
  func alphaRange() {
    var clock = ManualClock()
    var timestep = FixedTimestep(fixedDeltaTime: sixtieth)
    _ = timestep.advance(with: &clock)
    var random = SeededRandom(seed: 3)
    var totalSteps = 0
    var elapsed = 0.0
    for _ in 0..<500 {
      let frame = Double(random.nextFloat(in: 0...0.05))
      clock.advance(by: frame)
      elapsed += frame
      let result = timestep.advance(with: &clock)
      #expect(result.alpha >= 0 && result.alpha < 1)
      totalSteps += result.steps
    }
    // Every frame is under the cap, so steps plus the fraction left account for all the time.
    let simulated = (Double(totalSteps) + timestep.accumulator / sixtieth) * sixtieth
    #expect(abs(simulated - elapsed) < 1e-9)
  }

  @Test("a 10-second hitch is capped at maximumFrameTime: 15 steps at 60 Hz")
  func hitchIsCapped() {
    var clock = ManualClock()
    var timestep = FixedTimestep(fixedDeltaTime: sixtieth)
    _ = timestep.advance(with: &clock)
    clock.advance(by: 10)
    let result = timestep.advance(with: &clock)
    #expect(result.steps == 15)
    #expect(result.alpha >= 0 && result.alpha < 1e-6)
  }

  @Test("a custom cap limits a frame's steps")
  func customCap() {
    var clock = ManualClock()
    var timestep = FixedTimestep(fixedDeltaTime: 0.25, maximumFrameTime: 0.5)
    _ = timestep.advance(with: &clock)
    clock.advance(by: 3)
    #expect(timestep.advance(with: &clock).steps == 2)
  }

  @Test("timeScale 2 runs at double speed and 0 pauses")
  func timeScale() {
    var clock = ManualClock()
    var timestep = FixedTimestep(fixedDeltaTime: sixtieth)
    _ = timestep.advance(with: &clock)
    timestep.timeScale = 2
    clock.advance(by: sixtieth)
    let result = timestep.advance(with: &clock)
    #expect(result.steps == 2)
    #expect(result.alpha == 0)
    timestep.timeScale = 0
    clock.advance(by: 0.2)
    #expect(timestep.advance(with: &clock).steps == 0)
    #expect(timestep.accumulator == 0)
  }

  @Test("a clock that runs backwards adds no time")
  func backwardsClock() {
    var clock = ManualClock(time: 5)
    var timestep = FixedTimestep(fixedDeltaTime: 0.25)
    _ = timestep.advance(with: &clock)
    clock.time = 4
    #expect(timestep.advance(with: &clock).steps == 0)
    clock.time = 4.25
    #expect(timestep.advance(with: &clock).steps == 1)
  }

  @Test("reset forgets the last reading and the accumulated time")
  func reset() {
    var clock = ManualClock()
    var timestep = FixedTimestep(fixedDeltaTime: 0.25)
    _ = timestep.advance(with: &clock)
    clock.advance(by: 0.125)
    #expect(timestep.advance(with: &clock).alpha == 0.5)
    timestep.reset()
    #expect(timestep.accumulator == 0)
    clock.advance(by: 0.5)
    let result = timestep.advance(with: &clock)
    #expect(result.steps == 0)
    #expect(result.alpha == 0)
    clock.advance(by: 0.25)
    #expect(timestep.advance(with: &clock).steps == 1)
  }

  @Test("the monotonic clock never runs backwards")
  func monotonic() {
    let clock = MonotonicClock()
    let first = clock.now()
    let second = clock.now()
    #expect(second >= first)
    #expect(first > 0)
  }
}
