// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "TraitSandbox",
  products: [
    // MARK: - Public API
    .library(name: "TraitSandbox", targets: ["TraitSandbox"]),
    .library(name: "MonsterWars", targets: ["MonsterWars"]),
    .executable(name: "sandbox", targets: ["sandbox"]),
  ],
  targets: [
    // MARK: - Public API
    /// Traits, components, the world and its fixed-timestep simulation.
    .target(name: "TraitSandbox"),
    /// The MonsterWars game: entities, rules, AI and scenarios.
    .target(name: "MonsterWars", dependencies: ["TraitSandbox"]),

    // MARK: - Implementation details
    /// Command-line parsing, wiring and reporting for the `sandbox` executable.
    .target(name: "SandboxCLI", dependencies: ["TraitSandbox", "MonsterWars"]),
    .executableTarget(name: "sandbox", dependencies: ["SandboxCLI"]),

    // MARK: - Tests
    .testTarget(name: "TraitSandboxTests", dependencies: ["TraitSandbox"]),
    .testTarget(name: "MonsterWarsTests", dependencies: ["MonsterWars", "TraitSandbox"]),
    .testTarget(name: "SandboxCLITests", dependencies: ["SandboxCLI", "MonsterWars"]),
  ],
  swiftLanguageModes: [.v6]
)
