// swift-tools-version:6.0
import PackageDescription

// MARK: - Benchmark build options

/// Compiler flags for the dispatch benchmark and the trait core it measures, read from the
/// environment at build time (documented in docs/benchmarks.md, "Build flags"); none are set by
/// default.
///
/// - `SANDBOX_TARGET_CPU=<cpu>` (e.g. `native`, `x86-64-v3`): `-target-cpu <cpu>`.
/// - `SANDBOX_UNCHECKED=1`: `-Ounchecked` (no overflow or bounds checks).
/// - `SANDBOX_EXCLUSIVITY=unchecked`: `-enforce-exclusivity=unchecked`.
///
/// Each also defines a compilation condition so `sandbox bench` can print how it was built.
let benchmarkFlags: (unsafe: [String], conditions: [String]) = {
  let environment = Context.environment
  var unsafe: [String] = []
  var conditions: [String] = []
  if let cpu = environment["SANDBOX_TARGET_CPU"], !cpu.isEmpty {
    unsafe += ["-target-cpu", cpu]
    let name = String(cpu.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })
    conditions += ["SANDBOX_TARGET_CPU", "SANDBOX_TARGET_CPU_\(name)"]
  }
  if environment["SANDBOX_UNCHECKED"] == "1" {
    unsafe += ["-Ounchecked"]
    conditions += ["SANDBOX_UNCHECKED"]
  }
  if environment["SANDBOX_EXCLUSIVITY"] == "unchecked" {
    unsafe += ["-enforce-exclusivity=unchecked"]
    conditions += ["SANDBOX_EXCLUSIVITY_UNCHECKED"]
  }
  return (unsafe, conditions)
}()

/// The benchmark flags as settings for the targets whose code the benchmark times.
let benchmarkSettings: [SwiftSetting] =
  benchmarkFlags.unsafe.isEmpty ? [] : [.unsafeFlags(benchmarkFlags.unsafe)]

let package = Package(
  name: "TraitSandbox",
  products: [
    // MARK: - Public API
    .library(name: "TraitSandbox", targets: ["TraitSandbox"]),
    .library(name: "Frames", targets: ["Frames"]),
    .library(name: "Imaging", targets: ["Imaging"]),
    .library(name: "JSON", targets: ["JSON"]),
    .library(name: "HeadlessRenderer", targets: ["HeadlessRenderer"]),
    .library(name: "SDLBackend", targets: ["SDLBackend"]),
    .library(name: "Gameplay", targets: ["Gameplay"]),
    .library(name: "Netplay", targets: ["Netplay"]),
    .library(name: "GameShell", targets: ["GameShell"]),
    .library(name: "MonsterWars", targets: ["MonsterWars"]),
    .executable(name: "sandbox", targets: ["sandbox"]),
  ],
  targets: [
    // MARK: - Public API
    /// Immutable frame snapshots: draw lists, sprite ids, HUD view models, the backend protocol.
    .target(name: "Frames"),
    /// Traits, components, the world and its fixed-timestep simulation.
    .target(
      name: "TraitSandbox", dependencies: ["Frames", "CTruncation"],
      swiftSettings: benchmarkSettings),
    /// What any game gives the sandbox (`Game`: seats, inputs, a tick, a snapshot, a hash) and
    /// what the sandbox does with it: headless runs and the sync test, so far.
    .target(name: "Gameplay", dependencies: ["TraitSandbox"]),
    /// The MonsterWars game: entities, rules, AI and scenarios.
    .target(name: "MonsterWars", dependencies: ["TraitSandbox", "Gameplay", "Imaging", "JSON"]),
    /// The package's one JSON model: a document value, its checked parser and its writer; messages
    /// quote input as `Imaging`'s input-file checks shorten it.
    .target(name: "JSON", dependencies: ["Imaging"]),

    /// RGBA8 images and their file formats, PNG (compressed by the system zlib) and BMP; files
    /// read with checks and written atomically.
    .target(name: "Imaging", dependencies: ["CZlib"]),
    /// The pure-Swift software rasterizer that turns frames into images.
    .target(name: "HeadlessRenderer", dependencies: ["Frames", "Imaging"]),
    /// Draws frames in an SDL2 window: instanced OpenGL 3.3, or SDL's renderers with one texture
    /// atlas and batched geometry; typed SDL errors.
    .target(name: "SDLBackend", dependencies: ["CSDL2", "Frames", "Imaging", "HeadlessRenderer"]),
    /// Two players of any game over the network: the versioned, checked packet format, rollback
    /// and the UDP transport.
    .target(name: "Netplay", dependencies: ["Gameplay", "TraitSandbox"]),

    /// The command line and window any game gets: `PlayableGame`, its commands (run, replay,
    /// sweep, demo, host, join) and the option parsing, help and exit codes `sandbox` shares.
    .target(
      name: "GameShell",
      dependencies: [
        "Gameplay", "Netplay", "TraitSandbox", "Frames", "Imaging", "HeadlessRenderer", "JSON",
        "SDLBackend",
      ]),

    // MARK: - Implementation details
    /// The system zlib, for PNG's compressed data and checksums.
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    /// The SDL2 C library, with a shim header for the macros Swift cannot import.
    .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
    /// Command-line parsing, wiring and reporting for the `sandbox` executable.
    .target(
      name: "SandboxCLI",
      dependencies: [
        "TraitSandbox", "Gameplay", "MonsterWars", "Frames", "Imaging", "HeadlessRenderer",
        "DispatchBenchmark", "Netplay", "JSON", "GameShell", "SDLBackend",
      ]),
    .executableTarget(
      name: "sandbox", dependencies: ["SandboxCLI", "GameShell", "Imaging", "CMalloc"]),
    /// The C library's allocator settings, for the `sandbox` executable.
    .systemLibrary(name: "CMalloc"),
    /// A float's integer part without Swift's range check, for the grid's cell lookups.
    .systemLibrary(name: "CTruncation"),
    /// The trait-dispatch benchmark behind `sandbox bench`: strategies, harness, report formats.
    .target(
      name: "DispatchBenchmark", dependencies: ["TraitSandbox", "Gameplay", "Frames", "JSON"],
      swiftSettings: benchmarkSettings + benchmarkFlags.conditions.map { .define($0) }),

    // MARK: - Benchmarks
    /// Times the headless rasterizer on a 1280x720 frame of sprites (release builds only).
    .executableTarget(
      name: "RasterBenchmark",
      dependencies: ["CMalloc", "Frames", "HeadlessRenderer", "MonsterWars", "TraitSandbox"],
      path: "Benchmarks/RasterBenchmark"),

    // MARK: - Fuzzing
    /// libFuzzer targets for what reads untrusted input, built and run by `scripts/fuzz.sh`
    /// (with `-DFUZZING`); an ordinary build makes stubs that say so.
    .target(name: "FuzzDriver", path: "Fuzz/FuzzDriver"),
    .executableTarget(
      name: "FuzzScenario", dependencies: ["FuzzDriver", "MonsterWars"],
      path: "Fuzz/FuzzScenario"),
    .executableTarget(
      name: "FuzzPNG", dependencies: ["FuzzDriver", "Imaging", "CZlib"], path: "Fuzz/FuzzPNG"),
    .executableTarget(
      name: "FuzzBMP", dependencies: ["FuzzDriver", "Imaging"], path: "Fuzz/FuzzBMP"),
    .executableTarget(
      name: "FuzzCommandLine", dependencies: ["FuzzDriver", "SandboxCLI"],
      path: "Fuzz/FuzzCommandLine"),
    .executableTarget(
      name: "FuzzSnapshot", dependencies: ["FuzzDriver", "MonsterWars", "TraitSandbox"],
      path: "Fuzz/FuzzSnapshot"),
    .executableTarget(
      name: "FuzzPacket", dependencies: ["FuzzDriver", "Netplay"], path: "Fuzz/FuzzPacket"),
    .executableTarget(
      name: "FuzzRecording",
      dependencies: ["FuzzDriver", "MonsterWars", "TraitSandbox"],
      path: "Fuzz/FuzzRecording"),

    // MARK: - Tests
    .testTarget(name: "FramesTests", dependencies: ["Frames"]),
    .testTarget(name: "JSONTests", dependencies: ["JSON"]),
    .testTarget(
      name: "NetplayTests", dependencies: ["Netplay", "MonsterWars", "TraitSandbox", "Gameplay"]),
    .testTarget(name: "ImagingTests", dependencies: ["Imaging"]),
    .testTarget(
      name: "SDLBackendTests",
      dependencies: ["SDLBackend", "Frames", "Imaging", "HeadlessRenderer"]),
    .testTarget(
      name: "HeadlessRendererTests", dependencies: ["HeadlessRenderer", "Imaging", "Frames"],
      exclude: ["Golden"]),
    .testTarget(name: "TraitSandboxTests", dependencies: ["TraitSandbox", "Frames"]),
    .testTarget(name: "GameplayTests", dependencies: ["Gameplay", "TraitSandbox"]),
    .testTarget(
      name: "MonsterWarsTests",
      dependencies: ["MonsterWars", "Gameplay", "TraitSandbox", "Frames", "Imaging"]),
    .testTarget(
      name: "GameShellTests",
      dependencies: [
        "GameShell", "Gameplay", "Frames", "HeadlessRenderer", "Imaging", "JSON", "TraitSandbox",
      ]),
    .testTarget(
      name: "SandboxCLITests",
      dependencies: [
        "SandboxCLI", "MonsterWars", "Imaging", "sandbox", "Netplay", "TraitSandbox", "JSON",
        "GameShell", "Gameplay", "DispatchBenchmark", "Frames", "HeadlessRenderer", "SDLBackend",
      ]),
    .testTarget(
      name: "DispatchBenchmarkTests",
      dependencies: ["DispatchBenchmark", "SandboxCLI", "GameShell", "TraitSandbox"]),
  ],
  swiftLanguageModes: [.v6]
)
