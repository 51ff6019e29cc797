import Frames
import Testing
import TraitSandbox

@Suite("RenderTrait")
struct RenderTraitTests {
  @Test("the animation clock advances by one time step per tick")
  func clockAdvances() {
    var world = makeWorld()
    world.spawn(Banner())
    for _ in 0..<3 { world.step() }
    #expect(world.entities(of: Banner.self).first?.appearance.animationTime == 0.75)
  }

  @Test("a moving entity faces the way it moves, and keeps its facing when it stops")
  func facesMovement() throws {
    var world = makeWorld()
    world.spawn(
      FacingWalker(
        position: Vector2(100, 100), movement: Movement(speed: 40, destination: Vector2(90, 100))))
    world.step()
    var walker = try #require(world.entities(of: FacingWalker.self).first)
    #expect(walker.appearance.facesLeft)
    #expect(walker.appearance.animationTime == 0.25)
    // It arrived at 90 on the first tick; standing still keeps its facing.
    world.step()
    world.step()
    walker = try #require(world.entities(of: FacingWalker.self).first)
    #expect(walker.position == Vector2(90, 100))
    #expect(walker.movement.velocity == .zero)
    #expect(walker.appearance.facesLeft)
    world.modifyEntities(of: FacingWalker.self) { $0.movement.destination = Vector2(200, 100) }
    world.step()
    #expect(world.entities(of: FacingWalker.self).first?.appearance.facesLeft == false)
  }

  @Test("an entity's own animate is the one the world calls")
  func ownAnimateIsCalled() throws {
    var world = makeWorld()
    world.spawn(Blinker())
    world.step()
    world.step()
    let blinker = try #require(world.entities(of: Blinker.self).first)
    #expect(blinker.frames == 2)
    #expect(blinker.appearance.animationTime == 0)
  }
}
