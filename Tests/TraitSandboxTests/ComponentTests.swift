import Frames
import Testing
import TraitSandbox

/// A component whose optionals could alias if keys were not hashed.
struct TwoOptionals: Component {
  var first: Float?
  var second: Float?
}

/// A component with nested values and a collection.
struct Nested: Component {
  var points: [Vector2]
  var inner: TwoOptionals
  var label: String
}

@Suite("Component hashing")
struct ComponentTests {
  private func hash<Value: Component>(_ value: Value) -> StateHash {
    var hasher = StateHasher()
    value.hash(into: &hasher)
    return hasher.finalize()
  }

  @Test("equal components hash equal; any changed field changes the hash")
  func fieldsAreHashed() {
    var health = Health(maximum: 10, regeneration: 1, radius: 2)
    let original = hash(health)
    #expect(hash(health) == original)
    health.radius = 3
    #expect(hash(health) != original)
    var gun = Gun(damage: 1, range: 2, cooldown: 3, projectileSpeed: 4, projectileLifetime: 5)
    let gunHash = hash(gun)
    gun.spreadAngle = 0.5
    #expect(hash(gun) != gunHash)
    var movement = Movement(speed: 1)
    let still = hash(movement)
    movement.destination = .zero
    #expect(hash(movement) != still)
  }

  private func encodingHash<Value: Component>(_ value: Value) -> StateHash {
    var hasher = StateHasher()
    value.hashEncoding(into: &hasher)
    return hasher.finalize()
  }

  @Test("each built-in component's own hash feeds exactly what its encoding feeds")
  func builtInHashesMatchTheirEncoding() {
    var movement = Movement(velocity: Vector2(1, -2), speed: 3, isHolding: true)
    #expect(hash(movement) == encodingHash(movement))
    movement.destination = Vector2(4, 5)
    #expect(hash(movement) == encodingHash(movement))
    var health = Health(maximum: 10, regeneration: 0.5, radius: 2)
    health.current = 7
    #expect(hash(health) == encodingHash(health))
    var gun = Gun(
      damage: 1, range: 2, cooldown: 3, projectileSpeed: 4, projectileLifetime: 5,
      splashRadius: 6, shotCount: 7, spreadAngle: 0.8)
    gun.reloadRemaining = 0.25
    gun.volleysFired = 9
    #expect(hash(gun) == encodingHash(gun))
    var melee = Melee(damage: 1, reach: 2, cooldown: 3)
    melee.recoveryRemaining = 0.5
    melee.strikes = 4
    #expect(hash(melee) == encodingHash(melee))
    let projectile = Projectile(damage: 1, hitRadius: 2, splashRadius: 3, lifetime: 4)
    #expect(hash(projectile) == encodingHash(projectile))
    var spawner = Spawner(budget: 1, income: 2, thinkInterval: 3)
    spawner.thinkRemaining = 0.5
    spawner.spent = 7
    #expect(hash(spawner) == encodingHash(spawner))
    var appearance = Appearance(
      size: Vector2(3, 4), facesLeft: true, rotation: 0.5,
      tint: Color(red: 1, green: 2, blue: 3, alpha: 4))
    appearance.animationTime = 9
    #expect(hash(appearance) == encodingHash(appearance))
  }

  @Test("a present optional and an absent one never alias")
  func optionalsDoNotAlias() {
    #expect(
      hash(TwoOptionals(first: 1, second: nil)) != hash(TwoOptionals(first: nil, second: 1)))
    #expect(
      hash(TwoOptionals(first: nil, second: nil)) != hash(TwoOptionals(first: 0, second: nil)))
  }

  @Test("nested values, arrays and strings are hashed in full")
  func nesting() {
    let base = Nested(points: [Vector2(1, 2)], inner: TwoOptionals(), label: "a")
    var morePoints = base
    morePoints.points.append(.zero)
    var otherInner = base
    otherInner.inner.second = 2
    var otherLabel = base
    otherLabel.label = "b"
    let hashes = [base, morePoints, otherInner, otherLabel].map(hash)
    #expect(Set(hashes.map(\.rawValue)).count == 4)
  }
}
