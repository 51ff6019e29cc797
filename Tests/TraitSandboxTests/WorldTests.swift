import Frames
import Testing
import TraitSandbox

@Suite("World")
struct WorldTests {
  private func dummy(at position: Vector2, faction: Faction = .right, health: Float = 100) -> Dummy
  {
    Dummy(faction: faction, at: position, health: Health(maximum: health, radius: 2))
  }

  // MARK: - Systems

  @Test("systemNames lists exactly the systems of the type's traits, in running order")
  func systemNames() {
    var world = makeWorld(extra: [.census])
    world.register(Dummy.self)
    world.register(Walker.self)
    world.register(Gunner.self)
    world.register(Knight.self)
    world.register(Bolt.self)
    world.register(FacingWalker.self)
    world.register(Hatchery.self)
    world.register(Bare.self)
    #expect(world.systemNames(for: Dummy.self) == ["targets", "health", "census"])
    #expect(world.systemNames(for: Walker.self) == ["movement", "census"])
    #expect(world.systemNames(for: Gunner.self) == ["gun", "movement"])
    #expect(world.systemNames(for: Knight.self) == ["targets", "melee", "health"])
    #expect(world.systemNames(for: Bolt.self) == ["movement", "projectile"])
    #expect(world.systemNames(for: FacingWalker.self) == ["movement", "render"])
    #expect(world.systemNames(for: Hatchery.self) == ["spawner"])
    #expect(world.systemNames(for: Bare.self) == [])
    #expect(world.systemNames(for: Banner.self) == nil)
  }

  @Test("a world runs only the systems it was given")
  func customSystems() {
    var world = World(
      seed: 1, fixedDeltaTime: quarterSecond, arenaSize: Vector2(100, 100),
      schedule: Schedule([.init("present", [.render])]))
    world.spawn(FacingWalker(position: Vector2(10, 10), movement: Movement(speed: 0)))
    world.spawn(Walker(at: Vector2(10, 10), movement: Movement(velocity: Vector2(4, 0), speed: 0)))
    world.step()
    #expect(world.systemNames(for: Walker.self) == [])
    #expect(world.entities(of: Walker.self).first?.position == Vector2(10, 10))
    #expect(world.entities(of: FacingWalker.self).first?.appearance.animationTime == 0.25)
  }

  @Test("a measured step times its end, and the spatial sort only on the ticks it sorts")
  func tickEndTimes() {
    var world = makeWorld()
    for number in 0..<200 {
      world.spawn(dummy(at: Vector2(Float(number % 20) * 45 + 5, Float(number / 20) * 45 + 5)))
    }
    world.step()
    #expect(world.lastTickEndTimes == TickEndTimes(), "nothing is timed unless asked")
    world.measuresSystemTimes = true
    var sortedOn: [UInt64] = []
    for _ in 2...(World.spatialSortInterval + 2) {
      world.step()
      if world.lastTickEndTimes.spatialSort > 0 { sortedOn.append(world.tick) }
    }
    #expect(sortedOn == [World.spatialSortInterval + 1])
  }

  // MARK: - Entities

  @Test("entity ids are unique, increasing and never reused after a despawn")
  func ids() {
    var world = makeWorld()
    let first = world.spawn(dummy(at: Vector2(10, 10)))
    let second = world.spawn(Walker(at: Vector2(20, 20), movement: Movement(speed: 0)))
    let third = world.spawn(dummy(at: Vector2(30, 30), health: 0))
    #expect([first.rawValue, second.rawValue, third.rawValue] == [1, 2, 3])
    world.step()
    #expect(world.entities(of: Dummy.self).map(\.id) == [first])
    let fourth = world.spawn(dummy(at: Vector2(40, 40)))
    #expect(fourth == EntityID(rawValue: 4))
    #expect(third < fourth)
    #expect(fourth.description == "#4")
  }

  @Test("after deaths scattered and in runs, every identity finds its entity or none")
  func lookupsAfterDeaths() {
    var world = makeWorld()
    let count = 2_000
    func position(_ number: Int) -> Vector2 {
      Vector2(Float(number % 50) * 20 + 5, Float(number / 50) * 20 + 5)
    }
    // Single deaths scattered through the table, and a run of them in the middle.
    func diesFirst(_ number: Int) -> Bool { number % 7 == 3 || (900..<1_150).contains(number) }
    // Then about a third of the rest, among them the table's last entities.
    func diesNext(_ number: Int) -> Bool {
      !diesFirst(number) && (number % 3 == 1 || number > 1_950)
    }
    let ids = (0..<count).map { number in
      world.spawn(dummy(at: position(number), health: diesFirst(number) ? 0 : 100))
    }
    func check(_ isGone: (Int) -> Bool) {
      for (number, id) in ids.enumerated() {
        if isGone(number) {
          #expect(world[id] == nil, "entity \(number) is gone")
        } else {
          #expect(world[id]?.position == position(number), "entity \(number) is where it was")
        }
      }
      #expect(world.entities(of: Dummy.self).count == (0..<count).count { !isGone($0) })
    }
    world.step()
    check(diesFirst)
    let doomed = Set(ids.indices.filter(diesNext).map { ids[$0] })
    world.modifyEntities(of: Dummy.self) { dummy in
      if doomed.contains(dummy.id) { dummy.health.current = 0 }
    }
    world.step()
    check { diesFirst($0) || diesNext($0) }
  }

  @Test("deaths and the spatial sort in two tables at once leave them as one thread does")
  func tablesOnTwoThreads() {
    // Enough that the survivors are more than two chunks: a small world's tables take turns.
    let count = 14_000
    // Placed from the arena's last row back to its first, so the sort reorders both tables.
    func position(_ number: Int) -> Vector2 {
      let cell = count - 1 - number
      return Vector2(Float(cell % 60) * 16 + 4, Float(cell / 60) * 16 + 4)
    }
    func dies(_ number: Int) -> Bool { number % 5 == 2 || number % 7 == 3 }
    func play(threads: Int) -> (World, [EntityID<Dummy>], [EntityID<Armored>]) {
      var world = makeWorld(arena: Vector2(1000, 4000))
      world.threadCount = threads
      var dummies: [EntityID<Dummy>] = []
      var armored: [EntityID<Armored>] = []
      for number in 0..<count {
        let health = Health(maximum: dies(number) ? 0 : 100, radius: 2)
        if number.isMultiple(of: 2) {
          dummies.append(world.spawn(Dummy(faction: .right, at: position(number), health: health)))
        } else {
          armored.append(
            world.spawn(Armored(position: position(number), faction: .right, health: health)))
        }
      }
      world.step()
      return (world, dummies, armored)
    }
    let (one, dummies, armored) = play(threads: 1)
    let (two, _, _) = play(threads: 2)
    #expect(two.entities(of: Dummy.self).map(\.id) == one.entities(of: Dummy.self).map(\.id))
    #expect(two.entities(of: Armored.self).map(\.id) == one.entities(of: Armored.self).map(\.id))
    // The sort happened: the first entities spawned stand in the last row, and no longer come
    // first (grid cells are at least 48 units across).
    #expect((two.entities(of: Armored.self).first?.position.y ?? .infinity) < 48)
    #expect((two.entities(of: Dummy.self).first?.position.y ?? .infinity) < 48)
    #expect(two.entities(of: Dummy.self).count == (0..<count).count { $0 % 2 == 0 && !dies($0) })
    for (index, id) in dummies.enumerated() {
      let number = index * 2
      #expect(two[id]?.position == (dies(number) ? nil : position(number)), "dummy \(number)")
    }
    for (index, id) in armored.enumerated() {
      let number = index * 2 + 1
      #expect(two[id]?.position == (dies(number) ? nil : position(number)), "armored \(number)")
    }
  }

  @Test("a pool of many blocks, each in order but not one after another, is sorted on any threads")
  func sortOfManyBlocks() {
    // Two blocks of cells to find (16,384 entities each) and a part: the first block's entities
    // stand in the arena's lower half, the rest in its upper half, each in order of the grid's
    // cells (one row of 48 units, the grid's, after another, left to right), so that only
    // comparing one block's last cell with the next block's first shows the pool out of order.
    let lower = 16_384
    let count = lower * 2 + 3_000
    func position(_ number: Int) -> Vector2 {
      let place = number < lower ? number : number - lower
      let y = Float(place / 200) * 48 + 24
      return Vector2(Float(place % 200) * 5 + 2, number < lower ? 5_000 + y : y)
    }
    func play(threads: Int) -> World {
      var world = makeWorld(arena: Vector2(1000, 10_000))
      world.threadCount = threads
      for number in 0..<count {
        world.spawn(
          Dummy(faction: .right, at: position(number), health: Health(maximum: 100, radius: 2)))
      }
      world.step()
      return world
    }
    let one = play(threads: 1)
    let sorted = one.entities(of: Dummy.self)
    #expect(sorted.count == count)
    // Sorted: the upper half's entities come first now, in rows.
    #expect(sorted.first?.position == position(lower))
    #expect(sorted.prefix(count - lower).allSatisfy { $0.position.y < 5_000 })
    #expect(
      zip(sorted, sorted.dropFirst()).allSatisfy {
        $0.position.y < $1.position.y
          || ($0.position.y == $1.position.y && $0.position.x < $1.position.x)
      })
    for threads in [2, 3] {
      let many = play(threads: threads)
      #expect(many.entities(of: Dummy.self).map(\.id) == sorted.map(\.id), "\(threads) threads")
      let found = sorted.indices.filter { many[sorted[$0].id]?.position == sorted[$0].position }
      #expect(found.count == count, "\(threads) threads")
    }
  }

  @Test("entities spawned during a tick take the next ids")
  func idsDuringTick() throws {
    var world = makeWorld()
    world.spawn(
      Hatchery(spawner: Spawner(budget: 0, income: 0, thinkInterval: 0.25), hatches: true))
    for _ in 0..<3 { world.step() }
    let late = world.spawn(dummy(at: Vector2(10, 10)))
    let hatchery = try #require(world.entities(of: Hatchery.self).first)
    #expect(hatchery.hatchedCount == 3)
    #expect(world.entities(of: Walker.self).map(\.id.rawValue) == [2, 3, 4])
    #expect(late.rawValue == 5)
  }

  @Test("setup placements are not spawn events; spawns during ticks are")
  func spawnEvents() throws {
    var world = makeWorld()
    world.spawn(
      Hatchery(spawner: Spawner(budget: 0, income: 0, thinkInterval: 0.25), hatches: true))
    world.spawn(Walker(at: Vector2(10, 10), movement: Movement(speed: 0)))
    #expect(world.lastEvents.isEmpty)
    var spawned: [EntityEvent] = []
    world.step()
    spawned += world.lastEvents
    world.step()
    spawned += world.lastEvents
    #expect(spawned.count == 2)
    #expect(spawned.allSatisfy { $0.kind == .spawned && $0.isAbout(Walker.self) })
    #expect(spawned.map(\.entity.rawValue) == [3, 4])
    let walkers = try #require(world.census.first { $0.typeName == "Walker" })
    #expect(walkers.countByFaction == [3, 0])
    #expect(world.census.map(\.typeName) == ["Hatchery", "Walker"])
  }

  @Test("modifyEntities changes entities between ticks but never their ids")
  func modifyEntities() {
    var world = makeWorld()
    let id = world.spawn(Walker(at: Vector2(10, 10), movement: Movement(speed: 0)))
    world.modifyEntities(of: Walker.self) { walker in
      walker.position = Vector2(20, 30)
      walker.id = EntityID(rawValue: 99)
    }
    #expect(world.entities(of: Walker.self).map(\.id) == [id])
    #expect(world.entities(of: Walker.self).first?.position == Vector2(20, 30))
    world.modifyEntities(of: Banner.self) { $0.position = .zero }
    #expect(world.entities(of: Banner.self).isEmpty)
  }

  @Test("a step advances the tick and changes the entity count only when it ends")
  func countAfterStep() {
    var world = makeWorld()
    world.spawn(Hatchery(spawner: Spawner(budget: 0, income: 0, thinkInterval: 100), hatches: true))
    world.spawn(dummy(at: Vector2(10, 10), health: 0))
    #expect(world.tick == 0)
    #expect(world.entityCount == 2)
    world.step()
    // One walker hatched, one dummy died.
    #expect(world.tick == 1)
    #expect(world.entityCount == 2)
    #expect(world.entities(of: Walker.self).count == 1)
    #expect(world.entities(of: Dummy.self).isEmpty)
  }

  @Test("after a tick, entities are stored row by row of grid cells, each cell in spawn order")
  func spatialOrder() {
    // 400 entries in a 1000 x 1000 arena make grid cells of exactly 100 units: 2 x 50, the
    // spacing that gives each entry an equal share of the area.
    var world = makeWorld()
    var random = SeededRandom(seed: 3)
    var lattice: [Vector2] = []
    for row in 0..<20 {
      for column in 0..<20 {
        lattice.append(Vector2(Float(column) * 50 + 25, Float(row) * 50 + 25))
      }
    }
    for index in lattice.indices.reversed() {
      let other = Int(random.next() % UInt64(index + 1))
      lattice.swapAt(index, other)
    }
    for position in lattice { world.spawn(dummy(at: position)) }
    world.step()
    let stored = world.entities(of: Dummy.self)
    func cell(_ entity: Dummy) -> Int {
      Int(entity.position.y / 100) * 10 + Int(entity.position.x / 100)
    }
    #expect(stored.count == 400)
    #expect(
      zip(stored, stored.dropFirst()).allSatisfy { earlier, later in
        cell(earlier) < cell(later) || (cell(earlier) == cell(later) && earlier.id < later.id)
      })
  }

  @Test("a big pool is indexed on several threads into the same target entries")
  func parallelIndexing() throws {
    // 70,000 dummies make two parts of the index on two threads; the probe stands next to one
    // from the second part, at (1002.5, 878.5).
    func probeResult(threads: Int) throws -> AnyEntityID? {
      var world = makeWorld(arena: Vector2(2000, 2000), extra: [.probe])
      world.threadCount = threads
      var dummies: [Dummy] = []
      for index in 0..<70_000 {
        let position = Vector2(Float(index % 280) * 7 + 1, Float(index / 280) * 7 + 1)
        dummies.append(dummy(at: position))
      }
      world.spawn(contentsOf: dummies)
      world.spawn(Probe(position: Vector2(1002.5, 878.5), faction: .left, reach: 3))
      world.step()
      return try #require(world.entities(of: Probe.self).first).found
    }
    // The dummy at (1002, 876) is number 125 x 280 + 143 = 35,143 (the second part starts at
    // 35,000): identity 35,144. The one at (1002, 883) is within reach too, but farther.
    #expect(try probeResult(threads: 1) == AnyEntityID(rawValue: 35_144))
    #expect(try probeResult(threads: 2) == AnyEntityID(rawValue: 35_144))
  }

  @Test("a bulk spawn is the same as spawning one by one: identities, order, state")
  func bulkSpawn() {
    var random = SeededRandom(seed: 8)
    let dummies = (0..<300).map { _ in
      dummy(at: Vector2(random.nextFloat(in: 0...1000), random.nextFloat(in: 0...1000)))
    }
    var oneByOne = makeWorld()
    oneByOne.spawn(Walker(at: Vector2(1, 1), movement: Movement(speed: 0)))
    let single = dummies.map { oneByOne.spawn($0) }
    var bulk = makeWorld()
    bulk.spawn(Walker(at: Vector2(1, 1), movement: Movement(speed: 0)))
    let many = bulk.spawn(contentsOf: dummies)
    #expect(many == single)
    #expect(many.first?.rawValue == 2)
    #expect(bulk[many[17]]?.position == dummies[17].position)
    #expect(bulk.stateHash() == oneByOne.stateHash())
    for _ in 0..<20 {
      bulk.step()
      oneByOne.step()
    }
    #expect(bulk.stateHash() == oneByOne.stateHash())
    // Placements between ticks are not spawn events.
    var quiet = makeWorld()
    quiet.spawn(contentsOf: dummies)
    #expect(quiet.lastEvents.isEmpty)
    #expect(quiet.spawn(contentsOf: [Dummy]()).isEmpty)
  }

  @Test("a crowd placed in sortSpatially's order is already in the order the world keeps")
  func placedInGridOrder() {
    func storedOrder(presorted: Bool) -> [Vector2] {
      var world = makeWorld()
      var random = SeededRandom(seed: 21)
      var positions = (0..<500).map { _ in
        Vector2(random.nextFloat(in: 0...1000), random.nextFloat(in: 0...1000))
      }
      if presorted { world.sortSpatially(&positions) { $0 } }
      for position in positions { world.spawn(dummy(at: position)) }
      world.step()
      // Dummies stand still: any change of order is the world's own sort.
      let stored = world.entities(of: Dummy.self).map(\.position)
      return stored == positions ? [] : stored
    }
    #expect(storedOrder(presorted: true).isEmpty)
    #expect(!storedOrder(presorted: false).isEmpty)
  }

  @Test("every live entity is found by its identity while others leave and the world re-sorts")
  func lookupsAfterDespawns() {
    var world = makeWorld()
    var random = SeededRandom(seed: 9)
    // The tick at the end of which each bolt's lifetime runs out.
    var lifetimes: [EntityID<Bolt>: Int] = [:]
    func spawnBolts(_ count: Int, after now: Int) {
      for _ in 0..<count {
        let ticks = Int(random.next() % 40) + 1
        let bolt = Bolt(
          faction: .left,
          at: Vector2(random.nextFloat(in: 0...1000), random.nextFloat(in: 0...1000)),
          velocity: Vector2(random.nextFloat(in: -8...8), random.nextFloat(in: -8...8)),
          projectile: Projectile(
            damage: 1, hitRadius: 1, lifetime: Float(ticks) * quarterSecond - 0.125))
        lifetimes[world.spawn(bolt)] = now + ticks
      }
    }
    spawnBolts(300, after: 0)
    var gone: [EntityID<Bolt>] = []
    for tick in 1...50 {
      world.step()
      if tick % 7 == 0 { spawnBolts(40, after: tick) }
      for (id, ticks) in lifetimes where ticks <= tick {
        gone.append(id)
        lifetimes[id] = nil
      }
      for (id, _) in lifetimes where world[id]?.id != id {
        Issue.record("\(id) lost at tick \(tick)")
      }
      #expect(world.entities(of: Bolt.self).count == lifetimes.count)
    }
    #expect(gone.count > 300)
    #expect(gone.allSatisfy { world[$0] == nil && !world.contains($0.erased) })
  }

  @Test("a parallel system sees the same request counts and random draws for any thread count")
  func parallelSystemsAgree() {
    func run(threads: Int) -> (records: [Int: BuddingRecord], hash: StateHash) {
      var world = World(
        seed: 5, fixedDeltaTime: quarterSecond, arenaSize: Vector2(1000, 1000),
        schedule: Schedule([.init("act", [.budding])]))
      world.threadCount = threads
      // Three chunks of the world's fixed chunk size, the last one short.
      for number in 0..<(World.chunkSize * 2 + 100) {
        world.spawn(Budding(position: Vector2(Float(number % 1000), 0), number: number))
      }
      world.step()
      // Every fifth has left the world; the rest are found by their number.
      let survivors = world.entities(of: Budding.self)
      return (
        Dictionary(uniqueKeysWithValues: survivors.map { ($0.number, $0.record) }),
        world.stateHash()
      )
    }
    let one = run(threads: 1)
    #expect(one.records.count == World.chunkSize * 2 + 100 - (World.chunkSize * 2 + 100 + 4) / 5)
    // Counts start again in each chunk, as they do on a chunk's own context: the second chunk
    // starts at 4096, and 4098 spawns and 4100 despawns before 4101 looks.
    #expect(World.chunkSize == 4096)
    #expect(one.records[4101]?.spawnsBefore == 1)
    #expect(one.records[4101]?.despawnsBefore == 1)
    // 4094 sees the spawns of every multiple of three below it in the first chunk.
    #expect(one.records[4094]?.spawnsBefore == 1365)
    #expect(Set(one.records.values.map(\.roll)).count == one.records.count)
    for threads in [2, 3] {
      let other = run(threads: threads)
      let differing = one.records.filter { other.records[$0.key] != $0.value }.map(\.key)
      #expect(other.records.count == one.records.count, "\(threads) threads")
      #expect(differing.isEmpty, "\(threads) threads: \(differing.count) entities differ")
      #expect(other.hash == one.hash, "\(threads) threads")
    }
  }

  @Test(
    "a parallel system over several types, a type of one chunk between two of several, agrees on any thread count"
  )
  func parallelSystemsAcrossTypes() {
    struct Seen: Equatable {
      var budding: [Int: BuddingRecord]
      var sprouting: [Int: BuddingRecord]
      var seeding: [Int: BuddingRecord]
    }
    func records<Entity: Budder>(_ world: World, _: Entity.Type) -> [Int: BuddingRecord] {
      Dictionary(
        uniqueKeysWithValues: world.entities(of: Entity.self).map { ($0.number, $0.record) })
    }
    func run(threads: Int) -> (first: Seen, seen: Seen, hash: StateHash, events: [EntityEvent]) {
      var world = World(
        seed: 9, fixedDeltaTime: quarterSecond, arenaSize: Vector2(1000, 1000),
        schedule: Schedule([.init("act", [.budding])]))
      world.threadCount = threads
      for number in 0..<(World.chunkSize + 10) {
        world.spawn(Budding(position: Vector2(Float(number % 1000), 0), number: number))
      }
      for number in 0..<40 {
        world.spawn(Sprouting(position: Vector2(Float(number), 500), number: number))
      }
      for number in 0..<(World.chunkSize * 2 + 7) {
        world.spawn(Seeding(position: Vector2(Float(number % 1000), 900), number: number))
      }
      func seen() -> Seen {
        Seen(
          budding: records(world, Budding.self), sprouting: records(world, Sprouting.self),
          seeding: records(world, Seeding.self))
      }
      world.step()
      let first = seen()
      world.step()
      return (first, seen(), world.stateHash(), world.lastEvents)
    }
    let one = run(threads: 1)
    // The small type counts its own requests, as a chunk does: before 1 steps, 0 has spawned
    // a bud and asked to leave, and the thousands of requests of the type before it don't count.
    #expect(one.first.sprouting[1]?.spawnsBefore == 1)
    #expect(one.first.sprouting[1]?.despawnsBefore == 1)
    // Every fifth (0, 5, ..., 35) left after the first tick.
    #expect(one.seen.sprouting.count == 32)
    #expect(one.events.count > 2_000)
    for threads in [2, 3] {
      let other = run(threads: threads)
      #expect(other.first == one.first, "\(threads) threads")
      #expect(other.seen == one.seen, "\(threads) threads")
      #expect(other.hash == one.hash, "\(threads) threads")
      #expect(other.events.map(\.entity) == one.events.map(\.entity), "\(threads) threads")
    }
  }

  // MARK: - Determinism

  /// A small battle that uses every trait and the world's random numbers.
  private func battle(seed: UInt64) -> World {
    var world = makeWorld(seed: seed)
    world.spawn(
      Hatchery(
        spawner: Spawner(budget: 0, income: 1, thinkInterval: 0.5), hatches: true,
        randomHeight: true))
    world.spawn(
      Gunner(
        position: Vector2(600, 500), faction: .right,
        movement: Movement(speed: 30, destination: Vector2(100, 500)),
        gun: Gun(damage: 2, range: 150, cooldown: 0.5, projectileSpeed: 200, projectileLifetime: 1)
      ))
    world.spawn(
      Knight(
        position: Vector2(560, 490), faction: .right,
        melee: Melee(damage: 3, reach: 5, cooldown: 1),
        health: Health(maximum: 50, regeneration: 1, radius: 8)))
    for index in 0..<5 {
      world.spawn(dummy(at: Vector2(550 + Float(index) * 20, 480), faction: .left, health: 20))
    }
    world.spawn(FacingWalker(position: Vector2(10, 10), movement: Movement(speed: 5)))
    return world
  }

  @Test("two worlds built the same way hash the same after the same steps")
  func sameHash() {
    var one = battle(seed: 7)
    var two = battle(seed: 7)
    #expect(one.stateHash() == two.stateHash())
    for _ in 0..<40 {
      one.step()
      two.step()
    }
    #expect(one.stateHash() == two.stateHash())
    #expect(one.random == two.random)
    // The battle really happened: shots were fired and the knight killed a dummy.
    #expect(one.entities(of: Gunner.self).contains { $0.gun.volleysFired > 0 })
    #expect(one.entities(of: Dummy.self).count < 5)
  }

  @Test("an entity of a faction the world lacks stops the program: alone, in a batch, in a tick")
  func spawnOfUnknownFactionStops() async {
    // Each way in takes an entity of a faction the world has; the world has two.
    for way in SpawnWay.allCases {
      let world = way.spawnBare(of: Faction(1))
      #expect(world.entities(of: Bare.self).map(\.faction).contains(Faction(1)), "\(way)")
    }
    await #expect(processExitsWith: .failure) { _ = SpawnWay.alone.spawnBare(of: Faction(2)) }
    await #expect(processExitsWith: .failure) { _ = SpawnWay.batch.spawnBare(of: Faction(2)) }
    await #expect(processExitsWith: .failure) { _ = SpawnWay.tick.spawnBare(of: Faction(2)) }
  }

  @Test("the hash follows the entities, not just the tick")
  func hashFollowsEntities() {
    // Two copies of a world step in lockstep: tick, random state and identities stay equal,
    // and so do their hashes, until one entity moves in one of them.
    var idle = makeWorld(seed: 7)
    idle.spawn(Bare())
    idle.spawn(dummy(at: Vector2(40, 40)))
    var twin = idle
    for _ in 0..<10 {
      idle.step()
      twin.step()
      #expect(idle.stateHash() == twin.stateHash())
    }
    twin.modifyEntities(of: Bare.self) { $0.position.x += 1 }
    #expect(twin.tick == idle.tick)
    #expect(twin.stateHash() != idle.stateHash())
  }

  @Test("different seeds give different hashes")
  func seedsDiffer() {
    var one = battle(seed: 7)
    var two = battle(seed: 8)
    #expect(one.stateHash() != two.stateHash())
    for _ in 0..<10 {
      one.step()
      two.step()
    }
    #expect(one.stateHash() != two.stateHash())
    #expect(
      one.entities(of: Walker.self).map(\.position) != two.entities(of: Walker.self).map(\.position)
    )
  }

  @Test("changing any one component changes the hash")
  func componentsAreHashed() {
    var reference = battle(seed: 7)
    for _ in 0..<5 { reference.step() }
    let hash = reference.stateHash()

    func changed(_ change: (inout World) -> Void) -> Bool {
      var copy = reference
      change(&copy)
      return copy.stateHash() != hash
    }
    #expect(changed { $0.modifyEntities(of: Dummy.self) { $0.health.current -= 1 } })
    #expect(changed { $0.modifyEntities(of: Knight.self) { $0.health.regeneration = 2 } })
    #expect(changed { $0.modifyEntities(of: Knight.self) { $0.melee.reach = 6 } })
    #expect(changed { $0.modifyEntities(of: Gunner.self) { $0.gun.range = 151 } })
    #expect(changed { $0.modifyEntities(of: Gunner.self) { $0.movement.speed = 31 } })
    #expect(changed { $0.modifyEntities(of: Hatchery.self) { $0.spawner.budget += 1 } })
    #expect(changed { $0.modifyEntities(of: FacingWalker.self) { $0.appearance.rotation = 3 } })
    #expect(changed { $0.modifyEntities(of: Bolt.self) { $0.projectile.damage = 9 } })
    #expect(changed { $0.modifyEntities(of: Walker.self) { $0.position.x += 1 } })
    // This world runs no census system, so the census is not trait state here.
    #expect(!changed { $0.modifyEntities(of: Walker.self) { $0.counted.count += 1 } })
  }
}

/// The ways an entity enters a world.
private enum SpawnWay: CaseIterable {
  case alone, batch, tick

  /// A world of two factions after a `Bare` of `faction` entered it this way.
  func spawnBare(of faction: Faction) -> World {
    var bare = Bare()
    bare.faction = faction
    switch self {
    case .alone:
      var world = makeWorld()
      world.spawn(bare)
      return world
    case .batch:
      var world = makeWorld()
      world.spawn(contentsOf: [Bare(), bare])
      return world
    case .tick:
      let spawned = bare
      var world = makeWorld(extra: [TraitSystem(name: "spawn") { $0.spawn(spawned) }])
      world.step()
      return world
    }
  }
}
