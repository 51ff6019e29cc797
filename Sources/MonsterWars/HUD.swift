import Frames
import TraitSandbox

/// HUD view model: one castle's walls and purse.
public struct CastleStatusLabel: HUDLabel, Equatable, Sendable {
  /// Whose castle.
  public var team: Team
  /// Hit points left (0 once the castle has fallen).
  public var health: Float
  /// Hit points when whole.
  public var maximumHealth: Float
  /// Coins in the purse.
  public var coins: Float

  /// Creates the label.
  public init(team: Team, health: Float, maximumHealth: Float, coins: Float) {
    self.team = team
    self.health = health
    self.maximumHealth = maximumHealth
    self.coins = coins
  }

  /// "Left 1500/1500  $60".
  public var text: String {
    let side = team == .left ? "Left" : "Right"
    return "\(side) \(Int(max(health, 0).rounded(.up)))/\(Int(maximumHealth))  $\(Int(coins))"
  }

  /// The team's colour, or red while the walls are about to fall (replaces the default white).
  public var textColor: Color {
    health < maximumHealth * 0.25 ? Color(red: 255, green: 70, blue: 60) : team.color
  }
}

/// HUD view model: the simulation clock.
public struct TickLabel: HUDLabel, Equatable, Sendable {
  /// The tick shown.
  public var tick: UInt64
  /// Simulated seconds at that tick.
  public var seconds: Double

  /// Creates the label.
  public init(tick: UInt64, seconds: Double) {
    self.tick = tick
    self.seconds = seconds
  }

  /// "tick 600  10.0s".
  public var text: String {
    let tenths = Int((seconds * 10).rounded())
    return "tick \(tick)  \(tenths / 10).\(tenths % 10)s"
  }
}

/// HUD view model: how fast the simulation runs.
public struct SpeedLabel: HUDLabel, Equatable, Sendable {
  /// Simulated seconds per real second.
  public var speed: Double
  /// Whether the simulation is paused.
  public var isPaused: Bool

  /// Creates the label.
  public init(speed: Double, isPaused: Bool) {
    self.speed = speed
    self.isPaused = isPaused
  }

  /// "x1.0" or "paused".
  public var text: String {
    if isPaused { return "paused" }
    let tenths = Int((speed * 10).rounded())
    return "x\(tenths / 10).\(tenths % 10)"
  }

  /// Smaller than the default: the speed is secondary information.
  public var fontSize: Float { 12 }

  /// Amber while paused, grey otherwise (replaces the default white).
  public var textColor: Color {
    isPaused ? Color(red: 255, green: 200, blue: 60) : Color(red: 210, green: 210, blue: 210)
  }
}

/// HUD view model: the end-of-match banner.
public struct OutcomeLabel: HUDLabel, Equatable, Sendable {
  /// How the match ended.
  public var outcome: MatchOutcome

  /// Creates the label.
  public init(outcome: MatchOutcome) {
    self.outcome = outcome
  }

  /// "LEFT CASTLE WINS" or "DRAW".
  public var text: String {
    switch outcome {
    case .victory(.left): "LEFT CASTLE WINS"
    case .victory(.right): "RIGHT CASTLE WINS"
    case .draw: "DRAW"
    }
  }

  /// Banner-sized.
  public var fontSize: Float { 40 }

  /// The winner's colour; white for a draw.
  public var textColor: Color { outcome.winner?.color ?? .white }
}

/// The whole HUD of a match, laid out on the overlay canvas.
public struct MatchHUD: Equatable, Sendable {
  /// Both castles' status, left then right.
  public var castles: [CastleStatusLabel]
  /// The clock.
  public var clock: TickLabel
  /// The simulation speed.
  public var speed: SpeedLabel
  /// The end-of-match banner, once the match is over.
  public var outcome: OutcomeLabel?

  /// Draws the HUD: castles in the top corners, the clock and speed top centre, and a banner
  /// across the middle when the match is over.
  public func draw(into builder: inout FrameBuilder) {
    let margin: Float = 12
    builder.drawOverlay(
      .rect(
        RectDraw(x: 0, y: 0, width: Frame.overlayWidth, height: 36, color: .black.withAlpha(110))),
      layer: 99)
    for label in castles {
      let x = label.team == .left ? margin : Frame.overlayWidth - margin - label.width
      label.draw(into: &builder, x: x, y: 10)
    }
    clock.draw(into: &builder, x: (Frame.overlayWidth - clock.width) / 2, y: 10)
    speed.draw(into: &builder, x: (Frame.overlayWidth - speed.width) / 2, y: 40)
    if let outcome {
      let y = (Frame.overlayHeight - outcome.fontSize) / 2
      builder.drawOverlay(
        .rect(
          RectDraw(
            x: 0, y: y - 20, width: Frame.overlayWidth, height: outcome.fontSize + 40,
            color: .black.withAlpha(150))),
        layer: 99)
      outcome.draw(into: &builder, x: (Frame.overlayWidth - outcome.width) / 2, y: y)
    }
  }
}

extension Match {
  /// Every sprite a match can draw, checked when assets load.
  public static var spriteIDs: [SpriteID] {
    let entitySprites = entityTypes.compactMap { ($0 as? any RenderTrait.Type)?.sprite }
    return ([SpriteID.background, .font] + entitySprites).sorted()
  }

  /// The HUD's view models for the current state.
  public func hud(speed: Double = 1, isPaused: Bool = false) -> MatchHUD {
    let castles = Team.allCases.map { team in
      let castle = castle(of: team)
      return CastleStatusLabel(
        team: team, health: castle?.health.current ?? 0,
        maximumHealth: castle?.health.maximum ?? scenario.castle.health,
        coins: castle?.spawner.coins ?? 0)
    }
    return MatchHUD(
      castles: castles,
      clock: TickLabel(
        tick: world.tick, seconds: Double(world.tick) * Double(world.fixedDeltaTime)),
      speed: SpeedLabel(speed: speed, isPaused: isPaused),
      outcome: outcome.map(OutcomeLabel.init))
  }

  /// A frame of the match: background, every entity, and the HUD.
  ///
  /// Making a frame only reads the match; it never changes the simulation.
  public func makeFrame(speed: Double = 1, isPaused: Bool = false) -> Frame {
    var builder = FrameBuilder()
    world.draw(into: &builder)
    hud(speed: speed, isPaused: isPaused).draw(into: &builder)
    return builder.frame(
      tick: world.tick, worldWidth: world.arenaSize.x, worldHeight: world.arenaSize.y,
      background: .background)
  }
}
