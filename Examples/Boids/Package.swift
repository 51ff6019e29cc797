// swift-tools-version:6.0
import PackageDescription

/// A product of the TraitSandbox package this example is built on (the repository root).
func sandbox(_ product: String) -> Target.Dependency {
  .product(name: product, package: "TraitSandbox")
}

let package = Package(
  name: "Boids",
  products: [
    // MARK: - Public API
    .executable(name: "boids", targets: ["boids"])
  ],
  dependencies: [
    .package(name: "TraitSandbox", path: "../..")
  ],
  targets: [
    // MARK: - Public API
    /// The game: the flocking trait, boids, hawks and the scene they fly in.
    .target(
      name: "BoidsGame",
      dependencies: [sandbox("TraitSandbox"), sandbox("Gameplay"), sandbox("Frames")]),
    /// The game's sprites, drawn in code so the example ships no image files.
    .target(name: "BoidsArt", dependencies: ["BoidsGame", sandbox("Frames"), sandbox("Imaging")]),
    /// The `boids` command: the sandbox's command line for the sky (`GameShell`).
    .executableTarget(
      name: "boids",
      dependencies: [
        "BoidsGame", "BoidsArt", sandbox("TraitSandbox"), sandbox("Frames"),
        sandbox("HeadlessRenderer"), sandbox("GameShell"),
      ]),

    // MARK: - Tests
    .testTarget(
      name: "BoidsGameTests",
      dependencies: [
        "BoidsGame", "BoidsArt", sandbox("TraitSandbox"), sandbox("Gameplay"), sandbox("Frames"),
        sandbox("HeadlessRenderer"), sandbox("Imaging"), sandbox("Netplay"),
      ]),
    .testTarget(
      name: "boidsTests",
      dependencies: ["boids", "BoidsGame", sandbox("GameShell"), sandbox("JSON")]),
  ],
  swiftLanguageModes: [.v6]
)
