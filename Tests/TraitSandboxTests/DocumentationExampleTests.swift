import Foundation
import Frames
import Testing
import TraitSandbox

// The code of the documentation's "Writing a trait" article
// (Sources/TraitSandbox/TraitSandbox.docc/WritingATrait.md), compiled and run here. The last
// test checks that every Swift block of the article, and of the landing page, still appears
// in this file, so the two cannot drift apart.

// MARK: - The article's code

/// The state of a stinging aura: how hard it stings, how far it reaches, and how many
/// enemies it has stung.
struct Aura: Component {
  var damagePerSecond: Float
  var radius: Float
  var stings = 0
}

/// Something that hurts every enemy near it, every tick.
protocol AuraTrait: GameObject {
  /// The trait's state.
  var aura: Aura { get set }

  /// Stings the enemies around this entity for one tick; by default every enemy within
  /// `aura.radius` loses `damagePerSecond` hit points per second.
  mutating func radiate(in context: inout TickContext)

  /// Steps every entity of this type; the aura system calls this once per tick.
  static func stepAura(_ pool: inout EntityPool<Self>, in context: inout TickContext)
}

extension AuraTrait {
  mutating func radiate(in context: inout TickContext) {
    aura.stings += context.targets.damageEnemies(
      of: faction, around: position, radius: aura.radius,
      amount: aura.damagePerSecond * context.deltaTime)
  }

  static func stepAura(_ pool: inout EntityPool<Self>, in context: inout TickContext) {
    pool.updateEach(in: &context) { entity, context in entity.radiate(in: &context) }
  }
}

extension TraitSystem {
  /// Runs every `AuraTrait` entity's aura.
  static let aura = TraitSystem(name: "aura", trait: (any AuraTrait).self) {
    ($0 as? any AuraTrait.Type)?.auraJob
  }
}

extension AuraTrait {
  /// The aura system's work on this type, and what it touches.
  static var auraJob: any AnySystemJob {
    SystemJob(component: \Self.aura, effects: .damage, run: { Self.stepAura(&$0, in: &$1) })
  }
}

/// A weed that stings whatever comes near.
struct Nettle: GameObject, HealthTrait, AuraTrait {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var health: Health
  var aura: Aura
}

/// A thorny bush that stings twice as hard once it is hurt.
struct Bramble: GameObject, HealthTrait, AuraTrait {
  var id = EntityID<Self>.unassigned
  var position: Vector2
  let faction: Faction
  var health: Health
  var aura: Aura

  // Replaces AuraTrait's default: the aura system calls this one for every bramble.
  mutating func radiate(in context: inout TickContext) {
    let rate = health.fraction < 1 ? 2 * aura.damagePerSecond : aura.damagePerSecond
    aura.stings += context.targets.damageEnemies(
      of: faction, around: position, radius: aura.radius, amount: rate * context.deltaTime)
  }
}

// MARK: - Tests

@Suite("Documentation example: writing a trait")
struct DocumentationExampleTests {
  /// A nettle and a bramble of enemy factions, close enough to sting each other.
  private func garden() -> (World, EntityID<Nettle>, EntityID<Bramble>) {
    var world = World(
      seed: 1, fixedDeltaTime: 0.25, arenaSize: Vector2(1280, 720),
      schedule: Schedule.standard.appending([.aura], to: "act"))
    let nettle = world.spawn(
      Nettle(
        position: Vector2(100, 100), faction: Faction(0), health: Health(maximum: 100, radius: 5),
        aura: Aura(damagePerSecond: 4, radius: 20)))
    let bramble = world.spawn(
      Bramble(
        position: Vector2(110, 100), faction: Faction(1), health: Health(maximum: 100, radius: 5),
        aura: Aura(damagePerSecond: 4, radius: 20)))
    return (world, nettle, bramble)
  }

  @Test("the aura system runs in the act phase for every type with the trait")
  func auraSystemIsBound() {
    let (world, _, _) = garden()
    #expect(world.schedule.phases.first { $0.name == "act" }?.systems.map(\.name).last == "aura")
    #expect(world.systemNames(for: Nettle.self) == ["targets", "aura", "health"])
    #expect(world.systemNames(for: Bramble.self) == ["targets", "aura", "health"])
    let nettle = world.entityTypes.first { $0.name == "Nettle" }
    #expect(nettle?.traits == ["HealthTrait", "AuraTrait"])
    #expect(nettle?.components == ["Health", "Aura"])
  }

  @Test("the default stings at its rate, and the bramble's own radiate replaces it")
  func bramblesReplaceTheDefault() throws {
    var (world, nettle, bramble) = garden()
    // Each stings the other for 4 x 0.25 = 1: the bramble is not hurt yet when it stings.
    world.step()
    #expect(try #require(world[nettle]).health.current == 99)
    #expect(try #require(world[bramble]).health.current == 99)
    // Now hurt, the bramble stings twice as hard; the nettle still stings with the default.
    world.step()
    #expect(try #require(world[nettle]).health.current == 97)
    #expect(try #require(world[bramble]).health.current == 98)
    #expect(try #require(world[nettle]).aura.stings == 2)
    #expect(try #require(world[bramble]).aura.stings == 2)
  }

  @Test("a world of nettles and brambles saved and restored steps on to the same hash")
  func savingAWorld() throws {
    var (world, _, _) = garden()
    for (index, x) in [125, 140].enumerated() {
      world.spawn(
        Bramble(
          position: Vector2(Float(x), 100), faction: Faction(index % 2),
          health: Health(maximum: 100, radius: 5), aura: Aura(damagePerSecond: 4, radius: 20)))
    }
    world.step()

    var bytes: [UInt8] = []
    try world.save(to: &bytes)

    var copy = World(
      seed: 0, fixedDeltaTime: 0.25, arenaSize: Vector2(1280, 720),
      schedule: Schedule.standard.appending([.aura], to: "act"))
    copy.register(Nettle.self)
    copy.register(Bramble.self)
    var reader = SnapshotReader(bytes)
    try copy.restore(from: &reader)

    #expect(copy.stateHash() == world.stateHash())
    world.step()
    copy.step()
    #expect(copy.stateHash() == world.stateHash())
    let stings = copy.entities(of: Bramble.self).map(\.aura.stings)
    #expect(stings == world.entities(of: Bramble.self).map(\.aura.stings))
    #expect(stings.allSatisfy { $0 > 0 })
  }

  @Test("the new component is in the state hash without any hashing code")
  func auraIsHashed() {
    let (world, _, _) = garden()
    var stronger = world
    stronger.modifyEntities(of: Nettle.self) { $0.aura.damagePerSecond = 5 }
    #expect(stronger.stateHash() != world.stateHash())
    var same = world
    same.modifyEntities(of: Nettle.self) { $0.aura.damagePerSecond = 4 }
    #expect(same.stateHash() == world.stateHash())
    // The sting counter, changed by stepping, is hashed too.
    var stepped = world
    stepped.step()
    var unstung = stepped
    unstung.modifyEntities(of: Bramble.self) { $0.aura.stings = 0 }
    #expect(unstung.stateHash() != stepped.stateHash())
  }

  @Test(
    "every Swift block of a documentation page appears in this file",
    arguments: ["WritingATrait.md", "TraitSandbox.md"])
  func documentationCodeIsCompiledHere(page: String) throws {
    let thisFile = URL(fileURLWithPath: #filePath)
    let repository = thisFile.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let article = try String(
      contentsOf: repository.appendingPathComponent(
        "Sources/TraitSandbox/TraitSandbox.docc/\(page)"),
      encoding: .utf8)
    let source = Self.codeLines(try String(contentsOf: thisFile, encoding: .utf8))
    let blocks = Self.swiftBlocks(in: article)
    #expect(!blocks.isEmpty)
    for block in blocks {
      let lines = Self.codeLines(block)
      let found = (0...max(source.count - lines.count, 0)).contains { start in
        source[start...].starts(with: lines)
      }
      #expect(found, "\(page) shows code that is not in this file:\n\(block)")
    }
  }

  /// The bodies of a Markdown text's ```swift blocks.
  private static func swiftBlocks(in markdown: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if current == nil, trimmed == "```swift" {
        current = []
      } else if let lines = current, trimmed == "```" {
        blocks.append(lines.joined(separator: "\n"))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  /// Code as lines without their indentation, blank lines left out: the article's blocks sit
  /// at the left margin, the same lines here may sit inside a function.
  private static func codeLines(_ code: String) -> [String] {
    code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }
}
