// Measures the headless rasterizer on a 1280x720 frame full of sprites, or, with --battle, each
// stage from a real battle of that many monsters to its picture.
//
//   swift run -c release RasterBenchmark [sprite-count] [samples]
//   swift run -c release RasterBenchmark --battle [monsters] [samples]

import CMalloc
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

#if canImport(Glibc)
  // The demo's allocator settings (see `sandbox`'s main.swift): frames of several megabytes
  // are made and dropped many times a second, and kept in the heap rather than mapped afresh.
  _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
  _ = mallopt(M_TRIM_THRESHOLD, 256 << 20)
#endif

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

/// Times each stage between a battle of `monsters` and its picture, on two consecutive frames
/// once the armies have met: making a frame (the world's instances, on the match's threads),
/// pairing two frames' instances (once per tick, for drawing between them), rasterizing a frame
/// in bands on every core, rasterizing it moved halfway from the frame before, and letting go
/// of a frame; and what a frame holds per sprite.
func battle(monsters: Int, samples: Int) throws {
  let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  let scenario = try Scenario.load(
    contentsOf: root.appendingPathComponent("Assets/scenarios/battle.json"))
  let cores = ProcessInfo.processInfo.activeProcessorCount
  var match = Match(scenario: scenario, seed: 1, swarmCount: monsters, leftController: nil)
  match.threadCount = cores
  for _ in 0..<300 { match.step() }
  let previous = match.makeFrame()
  match.step()
  let current = match.makeFrame()
  let library = try SpriteLibrary.load(
    from: root.appendingPathComponent("Assets/sprites"), sprites: scenario.roster.spriteIDs)
  var backend = HeadlessBackend(width: 1280, height: 720, sprites: library)
  backend.threads = cores
  for _ in 0..<3 { backend.render(current) }
  // Each frame made replaces the last, as in the demo, which keeps two.
  var made = match.makeFrame()
  let making = medianMilliseconds(samples) { made = match.makeFrame() }
  var kept = (0..<samples).map { _ in match.makeFrame() }
  var paired = InstancePairing(from: previous.instances, to: current.instances, threads: cores)
  let pairing = medianMilliseconds(samples) {
    paired = InstancePairing(from: previous.instances, to: current.instances, threads: cores)
  }
  // The same across a tick that put the world's storage back in grid order: no instance is
  // where it was, and every one is looked up.
  var sorted = match
  while sorted.world.tick % World.spatialSortInterval != 0 { sorted.step() }
  let beforeSort = sorted.makeFrame()
  sorted.step()
  let afterSort = sorted.makeFrame()
  let pairingSorted = medianMilliseconds(samples) {
    paired = InstancePairing(from: beforeSort.instances, to: afterSort.instances, threads: cores)
  }
  paired = InstancePairing(from: previous.instances, to: current.instances, threads: cores)
  let raster = medianMilliseconds(samples) { backend.render(current) }
  let between = medianMilliseconds(samples) {
    backend.render(current, pairedWith: paired, alpha: 0.5)
  }
  let release = medianMilliseconds(samples) { kept.removeLast() }
  withExtendedLifetime(made) {}
  let checksum = backend.image.pixels.reduce(UInt64(0)) { $0 &* 31 &+ UInt64($1) }
  let instances = current.instances
  let bytes =
    instances.sprites.count * MemoryLayout<SpriteInstance>.stride
    + instances.identities.count * MemoryLayout<UInt32>.stride
    + instances.bars.count * MemoryLayout<HealthBarInstance>.stride
  let matched = paired.earlierSprites.filter { $0 != FrameInstances.noIdentity }.count
  print(
    "battle of \(match.world.entityCount) entities at tick \(match.world.tick): "
      + "\(instances.count) instances, \(instances.bars.count) health bars, "
      + "\(matched) paired with the tick before; 1280x720 on \(cores) threads, \(samples) samples")
  print(
    String(
      format: "frame bytes per sprite: %.1f (%d an instance, %d an identity, %d a health bar)",
      Double(bytes) / Double(max(instances.count, 1)), MemoryLayout<SpriteInstance>.stride,
      MemoryLayout<UInt32>.stride, MemoryLayout<HealthBarInstance>.stride))
  print(
    String(
      format: "median ms: making a frame %.2f, pairing two frames %.2f (%.2f across a re-sort), "
        + "rasterizing %.2f, rasterizing between two frames %.2f, releasing a frame %.2f",
      making, pairing, pairingSorted, raster, between, release))
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
