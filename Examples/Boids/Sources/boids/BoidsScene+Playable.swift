import BoidsArt
import BoidsGame
import Frames
import GameShell
import HeadlessRenderer
import TraitSandbox

/// The sky as the shell plays it: its flock's size as a setting, its sprites drawn in code, a
/// click or K releasing a hawk.
extension BoidsScene: PlayableGame {
  /// The help's overview.
  public static var overview: String {
    "A flock of boids hunted by hawks, built on the TraitSandbox trait core."
  }

  /// `--count`: boids in the flock; the flocking system is O(n^2), so a few thousand at most.
  public static var settings: [GameSetting] {
    [GameSetting("count", help: "Boids in the flock (0 to 5000).", range: 0...5_000, default: 200)]
  }

  /// A sky of `settings["count"]` boids and the usual hawks, from `seed`.
  public init(seed: UInt64, settings: GameSettings) {
    self.init(seed: seed, boidCount: settings["count"])
  }

  /// The sprites, drawn in code.
  public static func sprites() throws -> SpriteLibrary {
    try SpriteLibrary(images: SpriteArt.images())
  }

  /// "release a hawk there".
  public static var clickHelp: String { "release a hawk there" }

  /// A hawk released where the click lands.
  public func input(forClickAt point: Vector2, seat: Int) -> SkyInput? {
    .releaseHawk(x: point.x, y: point.y)
  }

  /// K releases a hawk from the falconer's own top corner: the first's left, the second's
  /// right.
  public static var keys: [GameKey] { [GameKey("k", "release a hawk from your corner")] }

  /// A hawk from the top corner of `seat`'s side, for K.
  public func input(forKey key: Character, seat: Int) -> SkyInput? {
    guard key == "k" else { return nil }
    return .releaseHawk(x: seat == 0 ? 40 : Self.arenaSize.x - 40, y: 40)
  }

  /// What the world says of `entity`.
  public func inspect(_ entity: AnyEntityID) -> EntityInspection? {
    world.inspect(entity)
  }

  /// The boids left and the hawks.
  public var reportLines: [String] {
    [
      "boids: \(boidCount) of \(initialBoidCount) alive (\(caughtCount) caught)",
      "hawks: \(hawkCount)",
    ]
  }

  /// The world's schedule and entity types.
  public var descriptionLines: [String] { world.describedLines() }

  /// The sky's world, which `run --profile` reports on.
  public var steppedWorld: World? { world }

  /// "every boid caught" once the flock is gone.
  public var outcome: String? {
    boidCount == 0 && initialBoidCount > 0 ? "every boid caught" : nil
  }
}
