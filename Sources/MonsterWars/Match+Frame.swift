import Frames
import TraitSandbox

extension Match {
  /// The HUD's view models for the current state; `isFallingBehind` marks a `speed` below the
  /// one asked for (`askedSpeed`) because the simulation cannot keep up.
  public func hud(
    speed: Double = 1, isPaused: Bool = false, isFallingBehind: Bool = false,
    askedSpeed: Double? = nil
  ) -> MatchHUD {
    let castles = Side.allCases.map { side in
      let castle = castle(of: side)
      return CastleStatusLabel(
        side: side, health: castle?.health.current ?? 0,
        maximumHealth: castle?.health.maximum ?? scenario.castle.health,
        coins: castle?.spawner.budget ?? 0)
    }
    return MatchHUD(
      castles: castles,
      clock: TickLabel(
        tick: world.tick, seconds: Double(world.tick) * Double(world.fixedDeltaTime)),
      speed: SpeedLabel(
        speed: speed, isPaused: isPaused, isFallingBehind: isFallingBehind, askedSpeed: askedSpeed),
      outcome: outcome.map(OutcomeLabel.init))
  }

  /// A frame of the match: background, every entity, and the HUD laid out on `canvas` (a
  /// window's, `OverlayCanvas.fitting(width:height:)`), with its speed label unless
  /// `showsSpeed` is off (a window that says the speed itself).
  ///
  /// Making a frame only reads the match; it never changes the simulation.
  public func makeFrame(
    speed: Double = 1, isPaused: Bool = false, isFallingBehind: Bool = false,
    askedSpeed: Double? = nil, canvas: OverlayCanvas = .standard, showsSpeed: Bool = true
  ) -> Frame {
    var builder = FrameBuilder(canvas: canvas)
    world.draw(into: &builder)
    var hud = hud(
      speed: speed, isPaused: isPaused, isFallingBehind: isFallingBehind, askedSpeed: askedSpeed)
    hud.showsSpeed = showsSpeed
    hud.draw(into: &builder)
    return builder.frame(
      tick: world.tick, worldWidth: world.arenaSize.x, worldHeight: world.arenaSize.y,
      background: .background)
  }
}
