import Frames
import Testing
import TraitSandbox

// The "Adding a trait and an entity" example of docs/extending.md, kept compiling and working
// here.

/// The state of something that burns.
struct Burning: Component {
  var damagePerSecond: Float
}

protocol BurningTrait: HealthTrait {
  var burning: Burning { get set }
  mutating func burn(in context: TickContext)
  static func stepBurning(_ pool: inout EntityPool<Self>, in context: inout TickContext)
}

extension BurningTrait {
  mutating func burn(in context: TickContext) {
    health.current -= burning.damagePerSecond * context.deltaTime
  }

  static func stepBurning(_ pool: inout EntityPool<Self>, in context: inout TickContext) {
    let context = context
    pool.updateEach { $0.burn(in: context) }
  }
}

extension TraitSystem {
  static let burning = TraitSystem(name: "burning", trait: (any BurningTrait).self) {
    ($0 as? any BurningTrait.Type)?.burningJob
  }
}

extension BurningTrait {
  /// The burning system's work on this type, and what it touches.
  static var burningJob: any AnySystemJob {
    SystemJob(
      component: \Self.burning, writes: [.component(\.health)],
      run: { Self.stepBurning(&$0, in: &$1) })
  }
}

struct FireImp: GameObject, SteeringTrait, HealthTrait, BurningTrait, RenderTrait {
  static let sprite = SpriteID("imp")
  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var movement: Movement
  var health: Health
  var burning: Burning
  var appearance: Appearance

  // Imps burn twice as fast while they stand still: this replaces the default `burn`.
  mutating func burn(in context: TickContext) {
    let rate = movement.velocity == .zero ? 2 * burning.damagePerSecond : burning.damagePerSecond
    health.current -= rate * context.deltaTime
  }
}

struct Ember: GameObject, HealthTrait, BurningTrait {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var health: Health
  var burning: Burning
}

@Suite("README example")
struct ReadmeExampleTests {
  private func world() -> (World, EntityID<FireImp>, EntityID<Ember>) {
    var world = World(
      seed: 1, fixedDeltaTime: 0.25, arenaSize: Vector2(1280, 720),
      schedule: Schedule.standard.appending([.burning], to: "act"))
    let imp = world.spawn(
      FireImp(
        position: Vector2(100, 100), faction: Faction(0), movement: Movement(speed: 0),
        health: Health(maximum: 100, radius: 5), burning: Burning(damagePerSecond: 4),
        appearance: Appearance(size: Vector2(10, 10))))
    let ember = world.spawn(
      Ember(
        position: Vector2(900, 100), faction: Faction(1), health: Health(maximum: 100, radius: 5),
        burning: Burning(damagePerSecond: 4)))
    return (world, imp, ember)
  }

  @Test("a new trait's system runs, and the new entity's own burn replaces the default")
  func newTraitAndEntity() throws {
    var (world, imp, ember) = world()
    #expect(world.systemNames(for: FireImp.self)?.contains("burning") == true)
    #expect(world.entityTypes.first?.traits.contains("BurningTrait") == true)
    world.step()
    // The imp stands still, so its own burn doubles the rate: 2 * 4 * 0.25 = 2.
    #expect(try #require(world[imp]).health.current == 98)
    // The ember uses the default: 4 * 0.25 = 1.
    #expect(try #require(world[ember]).health.current == 99)
  }

  @Test("the new trait's component is in the state hash without any hashing code")
  func newComponentIsHashed() {
    let (world, _, _) = world()
    var changed = world
    changed.modifyEntities(of: Ember.self) { $0.burning.damagePerSecond = 5 }
    #expect(changed.stateHash() != world.stateHash())
    var same = world
    same.modifyEntities(of: Ember.self) { $0.burning.damagePerSecond = 4 }
    #expect(same.stateHash() == world.stateHash())
  }
}
