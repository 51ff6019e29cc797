// Measures the headless rasterizer on a 1280x720 frame full of sprites, or, with --battle, each
// stage of the demo's software path on frames of a real battle of that many monsters.
//
//   swift run -c release RasterBenchmark [sprite-count] [samples]
//   swift run -c release RasterBenchmark --battle [monsters] [samples]

import Dispatch
import Foundation
import Frames
import HeadlessRenderer
import MonsterWars
import TraitSandbox

/// Whether this is an optimised build; timings from a debug build mean nothing.
func isOptimizedBuild() -> Bool {
  #if DEBUG
    return false
  #else
    return true
  #endif
}

if !isOptimizedBuild() {
  FileHandle.standardError.write(
    Data(
      "Error: timings from a debug build mean nothing; run: swift run -c release RasterBenchmark\n"
        .utf8))
  exit(64)
}

/// The median of `samples` runs of `body`, in milliseconds.
func medianMilliseconds(_ samples: Int, _ body: () -> Void) -> Double {
  var times: [Double] = []
  for _ in 0..<samples {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
  }
  return times.sorted()[times.count / 2]
}

/// Times the software path's stages on two consecutive frames of a battle of `monsters`, once
/// the armies have met: interpolating between them, rasterizing the result, and letting go of
/// a frame (its commands' destruction).
func battle(monsters: Int, samples: Int) throws {
  let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  let scenario = try Scenario.load(
    contentsOf: root.appendingPathComponent("Assets/scenarios/battle.json"))
  var match = Match(scenario: scenario, seed: 1, swarmCount: monsters, leftController: nil)
  match.threadCount = 2
  for _ in 0..<300 { match.step() }
  let previous = match.makeFrame()
  match.step()
  let current = match.makeFrame()
  let library = try SpriteLibrary.load(
    from: root.appendingPathComponent("Assets/sprites"), sprites: scenario.roster.spriteIDs)
  var backend = HeadlessBackend(width: 1280, height: 720, sprites: library)
  let shown = previous.interpolated(toward: current, alpha: 0.5)
  for _ in 0..<3 { backend.render(shown) }
  var kept: [Frame] = []
  let interpolation = medianMilliseconds(samples) {
    kept.append(previous.interpolated(toward: current, alpha: 0.5))
  }
  let raster = medianMilliseconds(samples) { backend.render(shown) }
  let walked = medianMilliseconds(samples) {
    backend.render(current, interpolatingFrom: previous, alpha: 0.5)
  }
  let release = medianMilliseconds(min(samples, kept.count)) { kept.removeLast() }
  let making = medianMilliseconds(samples) { kept.append(match.makeFrame()) }
  let checksum = backend.image.pixels.reduce(UInt64(0)) { $0 &* 31 &+ UInt64($1) }
  print(
    "battle of \(match.world.entityCount) entities at tick \(match.world.tick), "
      + "\(current.world.count) world commands, 1280x720, \(samples) samples")
  print(
    String(
      format: "median ms: making a frame %.2f, interpolating %.2f, rasterizing %.2f, "
        + "releasing a frame %.2f; rasterizing while interpolating %.2f", making, interpolation,
      raster, release, walked))
  print("checksum \(String(checksum, radix: 16))")
}

if CommandLine.arguments.dropFirst().first == "--battle" {
  let numbers = CommandLine.arguments.dropFirst(2).compactMap { Int($0) }
  do {
    try battle(monsters: numbers.first ?? 50_000, samples: max(numbers.dropFirst().first ?? 15, 3))
  } catch {
    FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
    exit(1)
  }
  exit(0)
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let spriteCount = arguments.first ?? 10_000
let sampleCount = max(arguments.dropFirst().first ?? 15, 3)
let width = 1280
let height = 720

let sprites = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Assets/sprites")
let names = ["quirk", "zap", "munch", "laser", "cannonball", "castle"]
let library = try SpriteLibrary.load(
  from: sprites, sprites: names.map(SpriteID.init) + [.background, .font])

// A battle-like mix: mostly 24-43 px monsters, some small projectiles, a few rotated.
var random = SeededRandom(seed: 42)
var builder = FrameBuilder()
for index in 0..<spriteCount {
  let name = names[index % 5]
  let size: Float = name == "laser" ? 22 : name == "cannonball" ? 12 : 24 + Float(index % 3) * 9.5
  builder.draw(
    .sprite(
      SpriteDraw(
        sprite: SpriteID(name), x: random.nextFloat(in: 0...Float(width)),
        y: random.nextFloat(in: 0...Float(height)), width: size,
        height: name == "laser" ? 6 : size,
        rotation: name == "laser" ? random.nextFloat(in: -3...3) : 0,
        isMirrored: index % 2 == 0,
        tint: index % 2 == 0
          ? Color(red: 120, green: 175, blue: 255) : Color(red: 255, green: 125, blue: 105),
        entity: AnyEntityID(rawValue: UInt64(index + 1)))),
    layer: 2)
}
let frame = builder.frame(
  tick: 0, worldWidth: Float(width), worldHeight: Float(height), background: .background)

var backend = HeadlessBackend(width: width, height: height, sprites: library)
for _ in 0..<3 { backend.render(frame) }
var samples: [Double] = []
for _ in 0..<sampleCount {
  let start = DispatchTime.now().uptimeNanoseconds
  backend.render(frame)
  samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
}
// Reading the pixels keeps the optimiser from discarding the work.
let checksum = backend.image.pixels.reduce(UInt64(0)) { $0 &* 31 &+ UInt64($1) }
samples.sort()
let median = samples[samples.count / 2]
print("frame \(width)x\(height), \(spriteCount) sprites, \(sampleCount) samples")
print(
  String(
    format: "median %.2f ms (min %.2f, max %.2f) = %.0f fps, %.1f M sprites/s", median,
    samples.first!, samples.last!, 1000 / median, Double(spriteCount) / median / 1000))
print("checksum \(String(checksum, radix: 16))")
