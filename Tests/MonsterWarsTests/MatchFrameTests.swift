import Frames
import Testing
import TraitSandbox

@testable import MonsterWars

@Suite("Match frames and HUD")
struct MatchFrameTests {
  @Test("making a frame every tick leaves the state hash unchanged")
  func framesDoNotPerturbTheSimulation() throws {
    let duel = try scenario("duel")
    var watched = Match(scenario: duel, seed: 11)
    var unwatched = Match(scenario: duel, seed: 11)
    var frames = 0
    for _ in 0..<900 {
      watched.step()
      unwatched.step()
      frames += watched.makeFrame().instances.count > 0 ? 1 : 0
    }
    #expect(frames == 900)
    #expect(watched.world.stateHash() == unwatched.world.stateHash())
  }

  @Test("a frame shows both castles with health bars, every unit and the HUD")
  func frameContents() throws {
    var match = Match(scenario: try scenario("duel"), seed: 3)
    for _ in 0..<600 { match.step() }
    let frame = match.makeFrame()
    #expect(frame.tick == 600)
    #expect(frame.background == .background)
    #expect(frame.worldWidth == 1280 && frame.worldHeight == 720)
    #expect(frame.world.isEmpty)
    let instances = frame.instances
    var spritesByName: [String: Int] = [:]
    for kind in instances.kinds {
      spritesByName[kind.sprite.name, default: 0] += kind.sprites.count
    }
    #expect(spritesByName["castle"] == 2)
    #expect(spritesByName["quirk", default: 0] == match.world.entities(of: QuirkMonster.self).count)
    #expect(spritesByName["zap", default: 0] == match.world.entities(of: ZapMonster.self).count)
    #expect(spritesByName["munch", default: 0] == match.world.entities(of: MunchMonster.self).count)
    #expect(spritesByName["laser", default: 0] == match.world.entities(of: LaserBolt.self).count)
    #expect(instances.bars.count >= 2)
    // Every instance names its entity and stands where it is.
    for castle in match.world.entities(of: Castle.self) {
      let index = try #require(instances.index(of: castle.id.erased))
      #expect(instances.entity(at: index) == castle.id.erased)
      #expect(instances.sprites[index].x == castle.position.x)
      #expect(instances.sprites[index].y == castle.position.y)
      #expect(instances.bars.contains { $0.owner == UInt32(index) })
    }
    for monster in match.world.entities(of: ZapMonster.self) {
      let index = try #require(instances.index(of: monster.id.erased))
      #expect(instances.sprites[index].x == monster.position.x)
      #expect(instances.sprites[index].isMirrored == monster.appearance.facesLeft)
    }
    let texts = frame.overlay.compactMap { command -> String? in
      if case .text(let text) = command.shape { text.text } else { nil }
    }
    #expect(texts.contains { $0.hasPrefix("Left ") })
    #expect(texts.contains { $0.hasPrefix("Right ") })
    #expect(texts.contains("tick 600  10.0s"))
    #expect(texts.contains("x1"))
    // A window that says the speed itself leaves the label and its band out.
    let quiet = match.makeFrame(showsSpeed: false)
    #expect(quiet.overlay.count < frame.overlay.count)
    #expect(
      !quiet.overlay.contains { command in
        if case .text(let text) = command.shape { text.text == "x1" } else { false }
      })
  }

  @Test(
    "the bar's labels never run into each other, on any canvas down to the smallest",
    arguments: [(1280, 720), (960, 540), (800, 450), (640, 360)])
  func barLabelsApart(size: (width: Int, height: Int)) throws {
    // Long figures: a five-digit tick, full health, three-digit coins.
    let hud = MatchHUD(
      castles: [
        CastleStatusLabel(side: .left, health: 1500, maximumHealth: 1500, coins: 999),
        CastleStatusLabel(side: .right, health: 1500, maximumHealth: 1500, coins: 999),
      ],
      clock: TickLabel(tick: 99_999, seconds: 1666.65), speed: SpeedLabel(speed: 1, isPaused: false)
    )
    let canvas = OverlayCanvas.fitting(width: size.width, height: size.height)
    var builder = FrameBuilder(canvas: canvas)
    hud.draw(into: &builder)
    let texts = builder.overlay.compactMap { command -> TextDraw? in
      // The text itself, not its shadow (drawn one layer below, offset).
      if case .text(let text) = command.shape, command.layer == 101 { text } else { nil }
    }
    let bar = texts.filter { $0.y < MatchHUD.barHeight }.sorted { $0.x < $1.x }
    #expect(bar.count == 3)
    for (first, second) in zip(bar, bar.dropFirst()) {
      let end = first.x + Float(first.text.unicodeScalars.count) * first.size
      // At least a character's width apart; the full gap where the canvas has room for it
      // (not at the smallest, where these figures leave half of it).
      let least = canvas.width >= 960 ? MatchHUD.labelGap : first.size
      #expect(second.x - end >= least, "\(first.text) | \(second.text)")
    }
    let last = try #require(bar.last)
    #expect(last.x + Float(last.text.unicodeScalars.count) * last.size <= canvas.width)
    #expect(bar.first.map { $0.x >= 0 } == true)
  }

  @Test("every unit's instance carries its dot: the side colour, darker the more it is hurt")
  func dotsShowSideAndHealth() throws {
    var match = Match(scenario: try scenario("duel"), seed: 3)
    var healthByEntity: [AnyEntityID: Float] = [:]
    // Played until some unit is hurt.
    while !healthByEntity.values.contains(where: { $0 < 1 }) && match.world.tick < 20_000 {
      match.step()
      healthByEntity = [:]
      for monster in match.world.entities(of: QuirkMonster.self) {
        healthByEntity[monster.id.erased] = monster.health.fraction
      }
      for monster in match.world.entities(of: MunchMonster.self) {
        healthByEntity[monster.id.erased] = monster.health.fraction
      }
    }
    let instances = match.makeFrame().instances
    var checked = 0
    var wounded = 0
    for index in instances.sprites.indices {
      guard let entity = instances.entity(at: index), let fraction = healthByEntity[entity]
      else { continue }
      let sprite = instances.sprites[index]
      #expect(instances.kinds[Int(sprite.kind)].showsDot)
      #expect(sprite.health == UInt8((fraction * 255).rounded()))
      let brightness = 0.25 + 0.5 * Float(sprite.health) / 255
      let expected = Color(
        red: UInt8(Float(sprite.tint.red) * brightness + 0.5),
        green: UInt8(Float(sprite.tint.green) * brightness + 0.5),
        blue: UInt8(Float(sprite.tint.blue) * brightness + 0.5))
      #expect(sprite.dotColor == expected)
      #expect(sprite.tint == Side.left.color || sprite.tint == Side.right.color)
      checked += 1
      if fraction < 1 { wounded += 1 }
    }
    #expect(checked == healthByEntity.count && checked > 0)
    #expect(wounded > 0, "no wounded Quirk to compare with")
    // Worked by hand: (120, 175, 255) at three quarters, then at a quarter.
    #expect(
      SpriteInstance.dotColor(tint: Side.left.color, health: 255)
        == Color(red: 90, green: 131, blue: 191))
    #expect(
      SpriteInstance.dotColor(tint: Side.left.color, health: 0)
        == Color(red: 30, green: 44, blue: 64))
    // A health fraction that is not a number counts as none left.
    #expect(SpriteInstance.health(.nan) == 0)
    #expect(SpriteInstance.health(-1) == 0 && SpriteInstance.health(7) == 255)
  }

  @Test("a swarm's frame, written a chunk per thread, is the same for any thread count")
  func frameForAnyThreadCount() throws {
    // More than one chunk of 16,384 entities in the biggest kind, whatever the roster's mix.
    let swarm = try scenario("swarm")
    func frames(threads: Int) -> (Frame, Frame) {
      var match = Match(scenario: swarm, seed: 5, swarmCount: 70_000)
      match.threadCount = threads
      for _ in 0..<4 { match.step() }
      let earlier = match.makeFrame()
      match.step()
      return (earlier, match.makeFrame())
    }
    let one = frames(threads: 1)
    #expect(one.1.instances.count > 60_000)
    #expect(one.1.instances.kinds.contains { $0.sprites.count > 16_384 })
    for threads in [2, 3, 8] {
      let other = frames(threads: threads)
      #expect(other.0 == one.0, "\(threads) threads")
      #expect(other.1 == one.1, "\(threads) threads")
    }
    let pairing = InstancePairing(from: one.0.instances, to: one.1.instances, threads: 3)
    #expect(
      pairing.earlierSprites
        == InstancePairing(from: one.0.instances, to: one.1.instances).earlierSprites)
  }

  @Test("the castle label turns red when the walls are nearly down, else shows the side colour")
  func castleLabelStyle() {
    let healthy = CastleStatusLabel(side: .left, health: 900, maximumHealth: 1000, coins: 12.7)
    #expect(healthy.text == "Left 900/1000  $12")
    #expect(healthy.textColor == Side.left.color)
    #expect(healthy.fontSize == 16)
    let failing = CastleStatusLabel(side: .right, health: 100, maximumHealth: 1000, coins: 0)
    #expect(failing.textColor == Color(red: 255, green: 70, blue: 60))
  }

  @Test(
    "the speed label is smaller, large and amber paused, large behind; the banner names the winner")
  func otherLabels() {
    #expect(SpeedLabel(speed: 2, isPaused: false).text == "x2")
    // Every speed the demo offers, exactly: 0.25x is not rounded to "x0.3".
    #expect(
      [0.25, 0.5, 1, 2, 4, 8].map { SpeedLabel(speed: $0, isPaused: false).text }
        == ["x0.25", "x0.5", "x1", "x2", "x4", "x8"])
    #expect(SpeedLabel(speed: 1.05, isPaused: false).text == "x1.05")
    #expect(SpeedLabel(speed: 2, isPaused: true).text == "paused")
    #expect(SpeedLabel(speed: 1, isPaused: false).fontSize == 12)
    #expect(SpeedLabel(speed: 1, isPaused: true).fontSize == 16)
    // A clock slowed because the simulation cannot keep up: what was asked and its real rate,
    // large, in yellow.
    let behind = SpeedLabel(speed: 1.7, isPaused: false, isFallingBehind: true, askedSpeed: 8)
    #expect(behind.text == "x8 asked, x1.7: the simulation is behind")
    #expect(behind.fontSize == 16)
    #expect(behind.textColor == Color(red: 255, green: 235, blue: 110))
    #expect(SpeedLabel(speed: 0.7, isPaused: false, isFallingBehind: true).text == "x0.7")
    #expect(
      SpeedLabel(speed: 1, isPaused: false).textColor == Color(red: 210, green: 210, blue: 210))
    #expect(OutcomeLabel(outcome: .victory(.right)).text == "RIGHT CASTLE WINS")
    #expect(OutcomeLabel(outcome: .draw).textColor == .white)
    #expect(TickLabel(tick: 90, seconds: 1.5).text == "tick 90  1.5s")
  }

  @Test("every sprite a match can draw is listed for checking at load time")
  func spriteList() {
    let names = Roster.standard.spriteIDs.map(\.name)
    #expect(names == names.sorted() && Set(names).count == names.count)
    for name in ["background", "font", "castle", "laser", "cannonball"] {
      #expect(names.contains(name), "\(name)")
    }
    for type in Roster.standard.unitTypes {
      #expect(names.contains(type.sprite.name), "\(type.kind)")
    }
    #expect(names.count == 5 + Set(Roster.standard.unitTypes.map { $0.sprite }).count)
  }
}
