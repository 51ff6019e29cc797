import Frames
import Testing

@testable import TraitSandbox

@Suite("Target index against brute force")
struct TargetIndexBruteForceTests {
  /// A random layout: small bodies on a coarse lattice (so equal distances, and so ties, are
  /// common), a few large ones, in three factions where 0 and 1 are allies.
  private func layout(seed: UInt64, count: Int) -> (TargetIndex, [Target], Hostility) {
    var random = SeededRandom(seed: seed)
    var hostility = Hostility(factionCount: 3)
    hostility.setHostile(false, between: Faction(0), and: Faction(1))
    var index = TargetIndex(hostility: hostility)
    var targets: [Target] = []
    for number in 0..<count {
      let isLarge = random.next() % 40 == 0
      let position = Vector2(
        Float(random.next() % 50) * 20, Float(random.next() % 30) * 20)
      let target = Target(
        id: AnyEntityID(rawValue: UInt64(1000 + count - number)),
        faction: Faction(Int(random.next() % 3)), position: position,
        radius: isLarge ? 40 : Float(random.next() % 10 + 2))
      index.insert(
        id: target.id, faction: target.faction, position: target.position,
        radius: target.radius)
      targets.append(target)
    }
    index.buildGrid(arenaSize: Vector2(1000, 600))
    return (index, targets, hostility)
  }

  @Test(
    "nearest and any enemy: the answers a scan of every entry gives, ties to the smaller identity")
  func nearestEnemy() {
    var ties = 0
    for seed: UInt64 in 1...20 {
      let (index, targets, hostility) = layout(seed: seed, count: 400)
      ties += compareNearest(index: index, targets: targets, hostility: hostility, seed: seed)
    }
    // The layouts really exercise tie-breaking.
    #expect(ties > 50)
  }

  @Test("an index reused for fewer entries answers from those entries alone")
  func reusedForFewerEntries() {
    for seed: UInt64 in 1...5 {
      var (index, _, hostility) = layout(seed: seed, count: 800)
      let (fresh, targets, _) = layout(seed: seed &+ 1000, count: 120)
      // The next tick's entries go into the same buffers, which keep their old contents past
      // the new, shorter index.
      index.removeAll()
      for target in targets {
        index.insert(
          id: target.id, faction: target.faction, position: target.position,
          radius: target.radius)
      }
      index.buildGrid(arenaSize: Vector2(1000, 600))
      #expect(index.count == 120)
      #expect(index.cellStart[..<(fresh.cellStart.count)] == fresh.cellStart[...])
      _ = compareNearest(index: index, targets: targets, hostility: hostility, seed: seed)
    }
  }

  @Test("a crowd of bodies too large for the grid's cells keeps only a few out of the grid")
  func crowdOfLargeBodies() {
    // One body in six is 20-59 units across its radius, over a quarter of the 77-unit cells
    // that 400 entries make in this arena: the grid keeps all but the 32 largest.
    for seed: UInt64 in 1...10 {
      var random = SeededRandom(seed: seed)
      var hostility = Hostility(factionCount: 3)
      hostility.setHostile(false, between: Faction(0), and: Faction(1))
      var index = TargetIndex(hostility: hostility)
      var targets: [Target] = []
      for number in 0..<400 {
        let target = Target(
          id: AnyEntityID(rawValue: UInt64(1000 + number)),
          faction: Faction(Int(random.next() % 3)),
          position: Vector2(Float(random.next() % 1000), Float(random.next() % 600)),
          radius: random.next() % 6 == 0 ? Float(20 + random.next() % 40) : 5)
        index.insert(
          id: target.id, faction: target.faction, position: target.position,
          radius: target.radius)
        targets.append(target)
      }
      index.buildGrid(arenaSize: Vector2(1000, 600))
      #expect(index.cellSize / 4 < 20)
      #expect(index.largeBodies.count <= TargetIndex.maximumLargeItems)
      #expect(index.largeBodies.count >= 16)
      _ = compareNearest(index: index, targets: targets, hostility: hostility, seed: seed)
    }
  }

  @Test("the grid built on several threads is the grid built on one, large bodies included")
  func parallelBuild() {
    var random = SeededRandom(seed: 41)
    var one = TargetIndex(hostility: Hostility(factionCount: 3))
    for number in 0..<100_000 {
      one.insert(
        id: AnyEntityID(rawValue: UInt64(number + 1)), faction: Faction(Int(random.next() % 3)),
        position: Vector2(random.nextFloat(in: -50...4050), random.nextFloat(in: -50...3050)),
        radius: random.next() % 5000 == 0 ? 60 : Float(random.next() % 11 + 2))
    }
    var many = one
    one.buildGrid(arenaSize: Vector2(4000, 3000), threads: 1)
    for threads in [2, 3] {
      many.buildGrid(arenaSize: Vector2(4000, 3000), threads: threads)
      #expect(many.cellStart == one.cellStart, "\(threads) threads")
      #expect(
        many.cellBodies.elementsEqual(one.cellBodies) { $0.item == $1.item && $0.x == $1.x },
        "\(threads) threads")
      #expect(
        many.largeBodies.map(\.body.item) == one.largeBodies.map(\.body.item), "\(threads) threads")
      #expect(many.largestRadius == one.largestRadius)
    }
    // The two parts of a pair take their entries as they come: any share of them, in finding
    // the buckets and in placing the entries alike, gives the same grid. One after another,
    // the part that runs first takes all of its pair's entries.
    #expect(
      TargetIndex.countsEveryBucket(
        parts: 2, bucketCount: 3 * one.grid.cellCount, itemCount: one.count))
    // Both ways of laying out the cursors are tried: by each part of a lone pair, in the step
    // that places its entries, and by ranges of buckets for three parts.
    func split(threads: Int) -> GridSplit {
      GridSplit(
        grid: one.grid, parts: Parts(count: one.count, threads: threads),
        bucketCount: 3 * one.grid.cellCount)
    }
    #expect(split(threads: 2).laysOutOwnCursors)
    #expect(split(threads: 3).countsEveryBucket && !split(threads: 3).laysOutOwnCursors)
    for orders in [
      ([1, 0], [0, 1]), ([0, 1], [1, 0]), ([1, 0], [1, 0]), ([1, 2, 0], [2, 0, 1]),
    ] {
      many.gridScratch.partOrders = orders
      many.buildGrid(arenaSize: Vector2(4000, 3000), threads: orders.0.count)
      let label = "parts found \(orders.0), placed \(orders.1)"
      #expect(many.cellStart == one.cellStart, "\(label)")
      #expect(
        many.cellBodies.elementsEqual(one.cellBodies) { $0.item == $1.item && $0.x == $1.x },
        "\(label)")
      #expect(many.largeBodies.map(\.body.item) == one.largeBodies.map(\.body.item), "\(label)")
    }
    many.gridScratch.partOrders = nil
    // The build really was split, and really kept some bodies out of the grid.
    #expect(Parts(count: one.count, threads: 3).count == 3)
    // 100,000 entries in this arena make 48-unit cells: the 60-unit bodies stay out.
    #expect(one.cellSize == 48)
    #expect(one.largeBodies.count > 10)
  }

  @Test("a grid of many cells lays its cursors out in more ranges than threads: the same grid")
  func manyCursorRanges() {
    var random = SeededRandom(seed: 43)
    var one = TargetIndex(hostility: Hostility(factionCount: 2))
    let arena = Vector2(20_000, 15_000)
    for number in 0..<200_000 {
      one.insert(
        id: AnyEntityID(rawValue: UInt64(number + 1)), faction: Faction(Int(random.next() % 2)),
        position: Vector2(random.nextFloat(in: 0...arena.x), random.nextFloat(in: 0...arena.y)),
        radius: Float(random.next() % 11 + 2))
    }
    var many = one
    one.buildGrid(arenaSize: arena, threads: 1)
    let buckets = 2 * one.grid.cellCount
    for threads in [2, 3] {
      let parts = Parts(count: one.count, threads: threads)
      #expect(
        TargetIndex.countsEveryBucket(
          parts: parts.count, bucketCount: buckets, itemCount: one.count))
      let split = GridSplit(grid: one.grid, parts: parts, bucketCount: buckets)
      #expect(split.cursorRanges > threads, "\(split.cursorRanges) ranges of \(buckets) buckets")
      many.buildGrid(arenaSize: arena, threads: threads)
      #expect(many.cellStart == one.cellStart, "\(threads) threads")
      #expect(
        many.cellBodies.elementsEqual(one.cellBodies) { $0.item == $1.item && $0.x == $1.x },
        "\(threads) threads")
    }
  }

  @Test("hundreds of large bodies split across threads: the same largest few stay out")
  func parallelBuildOfManyLargeBodies() {
    var random = SeededRandom(seed: 42)
    var one = TargetIndex(hostility: Hostility(factionCount: 2))
    var radii: [Float] = []
    for number in 0..<100_000 {
      // About 500 bodies over a quarter of a 48-unit cell, of 68 sizes: ties at the cut.
      let radius = random.next() % 200 == 0 ? Float(13 + random.next() % 68) : 5
      one.insert(
        id: AnyEntityID(rawValue: UInt64(number + 1)), faction: Faction(Int(random.next() % 2)),
        position: Vector2(random.nextFloat(in: 0...4000), random.nextFloat(in: 0...3000)),
        radius: radius)
      radii.append(radius)
    }
    var many = one
    one.buildGrid(arenaSize: Vector2(4000, 3000), threads: 1)
    #expect(one.cellSize == 48)
    // What sorting every radius gives: the 33rd largest stays in the grid, and so does every
    // body of its size; the larger ones stay out, in entry order.
    let threshold = radii.filter { $0 > 12 }.sorted(by: >)[TargetIndex.maximumLargeItems]
    let expected = radii.indices.filter { radii[$0] > threshold }.map(Int32.init)
    #expect(one.largeBodies.map(\.body.item) == expected)
    #expect(expected.count <= TargetIndex.maximumLargeItems && expected.count >= 16)
    #expect(one.largestRadius == threshold)
    #expect(Int(one.cellStart[one.cellStart.count - 1]) == radii.count - expected.count)
    for threads in [2, 3] {
      many.buildGrid(arenaSize: Vector2(4000, 3000), threads: threads)
      #expect(many.cellStart == one.cellStart, "\(threads) threads")
      #expect(many.largeBodies.map(\.body.item) == expected, "\(threads) threads")
      #expect(many.largestRadius == threshold, "\(threads) threads")
      #expect(many.blockDistances == one.blockDistances, "\(threads) threads")
    }
  }

  @Test(
    "an index rebuilt tick after tick on many threads builds the grid a fresh one-thread index does"
  )
  func rebuiltOnManyThreads() {
    // Each round: how many large bodies (over a quarter of a 48-unit cell), and whether the
    // bodies crowd one corner (most ranges of buckets then hold nothing) or fill the arena.
    let rounds: [(large: Int, crowded: Bool)] = [
      (400, false), (400, false), (5, true), (900, false), (0, true), (40, false),
    ]
    // Whether each thread count's builds counted every bucket per part or routed the entries
    // to ranges of buckets: both ways are tried.
    var ways: Set<Bool> = []
    for threads in [2, 3, 8, 16] {
      var reused = TargetIndex(hostility: Hostility(factionCount: 3))
      for (round, shape) in rounds.enumerated() {
        var random = SeededRandom(seed: UInt64(100 + round))
        var fresh = TargetIndex(hostility: Hostility(factionCount: 3))
        reused.removeAll()
        for number in 0..<60_000 {
          let extent: Float = shape.crowded ? 300 : 4_000
          var radius = number < shape.large ? Float(13 + random.next() % 40) : 5
          // A few bodies of no size, which belong to neither the grid nor the large ones.
          if number % 10_007 == 3 { radius = .nan }
          let faction = Faction(Int(random.next() % 3))
          let position = Vector2(
            random.nextFloat(in: 0...extent), random.nextFloat(in: 0...(extent * 0.75)))
          let id = AnyEntityID(rawValue: UInt64(number + 1))
          fresh.insert(id: id, faction: faction, position: position, radius: radius)
          reused.insert(id: id, faction: faction, position: position, radius: radius)
        }
        fresh.buildGrid(arenaSize: Vector2(4000, 3000), threads: 1)
        reused.buildGrid(arenaSize: Vector2(4000, 3000), threads: threads)
        ways.insert(
          TargetIndex.countsEveryBucket(
            parts: Parts(count: 60_000, threads: threads).count,
            bucketCount: 3 * fresh.grid.cellCount, itemCount: 60_000))
        let label = "round \(round), \(threads) threads"
        #expect(reused.cellStart.prefix(fresh.cellStart.count) == fresh.cellStart[...], "\(label)")
        let count = Int(fresh.cellStart[fresh.cellStart.count - 1])
        #expect(
          reused.cellBodies.prefix(count).elementsEqual(fresh.cellBodies.prefix(count)) {
            $0.item == $1.item && $0.x == $1.x && $0.radius == $1.radius
          }, "\(label)")
        #expect(
          reused.largeBodies.map(\.body.item) == fresh.largeBodies.map(\.body.item), "\(label)")
        #expect(reused.largestRadius == fresh.largestRadius, "\(label)")
        #expect(reused.blockDistances == fresh.blockDistances, "\(label)")
        // Every body but those of no size is in the grid or out of it, once.
        #expect(count + fresh.largeBodies.count == 60_000 - 6, "\(label)")
        // One of the large bodies (entry 3) has no size.
        let large = shape.large > 3 ? shape.large - 1 : shape.large
        if large <= TargetIndex.maximumLargeItems {
          #expect(fresh.largeBodies.count == large, "\(label)")
        } else {
          #expect(fresh.largeBodies.count <= TargetIndex.maximumLargeItems, "\(label)")
          #expect(fresh.largestRadius > 12, "\(label)")
        }
      }
    }
    #expect(ways == [true, false])
  }

  @Test("the block distances measured a faction per thread are those measured on one thread")
  func parallelBlockDistances() throws {
    // Four factions, each in its own band across a wide arena, so most blocks are far from
    // some faction's enemies; enough cells that the factions are measured side by side.
    var random = SeededRandom(seed: 43)
    var one = TargetIndex(hostility: Hostility(factionCount: 4))
    for number in 0..<100_000 {
      let faction = number % 4
      one.insert(
        id: AnyEntityID(rawValue: UInt64(number + 1)), faction: Faction(faction),
        position: Vector2(
          Float(faction) * 2_250 + random.nextFloat(in: 0...1_500),
          random.nextFloat(in: 0...7_000)),
        radius: 4)
    }
    var many = one
    one.buildGrid(arenaSize: Vector2(9_000, 7_000), threads: 1)
    let side = 1 << TargetIndex.blockShift
    let blocks = ((one.grid.columns + side - 1) / side) * ((one.grid.rows + side - 1) / side)
    #expect(blocks >= 1_024)
    try #require(one.blockDistances.count == 4 * blocks)
    // Faction 0's enemies start 750 units from its band: its first blocks see them far off.
    #expect(one.blockDistances[0] >= 2)
    for threads in [2, 3] {
      many.buildGrid(arenaSize: Vector2(9_000, 7_000), threads: threads)
      #expect(many.cellStart == one.cellStart, "\(threads) threads")
      #expect(many.blockDistances == one.blockDistances, "\(threads) threads")
    }
  }

  @Test("armies far apart: queries the block distances answer agree with a scan of every entry")
  func armiesFarApart() {
    for seed: UInt64 in 1...8 {
      var random = SeededRandom(seed: seed)
      var hostility = Hostility(factionCount: 3)
      hostility.setHostile(false, between: Faction(0), and: Faction(1))
      var index = TargetIndex(hostility: hostility)
      var targets: [Target] = []
      // The armies face each other across the arena on odd seeds, and up and down it on even
      // ones, so that distances are carried both ways along rows and both ways along columns.
      let acrossColumns = seed % 2 == 1
      for number in 0..<2_000 {
        // Two armies at the ends of the arena, a few stragglers of a third side between, and
        // some bodies outside the arena, which the grid clamps into its edge cells.
        let faction = Faction(number % 40 == 0 ? 2 : number % 2)
        let position: Vector2
        if acrossColumns {
          let x: Float =
            switch faction.index {
            case 0: random.nextFloat(in: -300...500)
            case 1: random.nextFloat(in: 2500...3300)
            default: random.nextFloat(in: 1200...1800)
            }
          position = Vector2(x, random.nextFloat(in: -100...1900))
        } else {
          let y: Float =
            switch faction.index {
            case 0: random.nextFloat(in: -200...200)
            case 1: random.nextFloat(in: 1600...2000)
            default: random.nextFloat(in: 850...950)
            }
          position = Vector2(random.nextFloat(in: -100...3100), y)
        }
        let target = Target(
          id: AnyEntityID(rawValue: UInt64(5000 - number)), faction: faction,
          position: position,
          radius: number % 97 == 0 ? 70 : Float(3 + random.next() % 14))
        index.insert(
          id: target.id, faction: target.faction, position: target.position,
          radius: target.radius)
        targets.append(target)
      }
      index.buildGrid(arenaSize: Vector2(3000, 1800))
      #expect(!index.blockDistances.isEmpty)
      var answeredByBlocks = 0
      var found = 0
      for _ in 0..<400 {
        let point = Vector2(
          random.nextFloat(in: -400...3400), random.nextFloat(in: -200...2000))
        let reach = random.nextFloat(in: 0...900)
        let faction = Faction(Int(random.next() % 3))
        if index.gridCannotReach(faction, near: point, within: reach) {
          answeredByBlocks += 1
        }
        let nearest = targets.filter { target in
          let limit = reach + target.radius
          return hostility.isHostile(faction, to: target.faction)
            && point.distanceSquared(to: target.position) <= limit * limit
        }.min { a, b in
          let da = point.distanceSquared(to: a.position)
          let db = point.distanceSquared(to: b.position)
          return da < db || (da == db && a.id < b.id)
        }
        if nearest != nil { found += 1 }
        let answer = index.nearestEnemy(of: faction, near: point, within: reach)
        #expect(
          answer.map { index[$0].id } == nearest?.id,
          "seed \(seed) point \(point) reach \(reach) \(faction)")
        #expect(
          index.nearestEnemyPosition(of: faction, near: point, within: reach)
            == nearest?.position, "seed \(seed) point \(point) reach \(reach) \(faction)")
        #expect(
          index.hasEnemy(of: faction, near: point, within: reach) == (nearest != nil),
          "seed \(seed) point \(point) reach \(reach) \(faction)")
      }
      // Both kinds of answer were really exercised.
      #expect(answeredByBlocks > 5, "seed \(seed)")
      #expect(found > 100, "seed \(seed)")
    }
  }

  @Test("bodies whose radius is not a number are never found and never upset the grid")
  func notANumberRadius() {
    var index = TargetIndex(hostility: Hostility())
    for number in 0..<100 {
      index.insert(
        id: AnyEntityID(rawValue: UInt64(number + 1)), faction: Faction(1),
        position: Vector2(Float(number) * 10, 50), radius: number % 2 == 0 ? .nan : 60)
    }
    index.buildGrid(arenaSize: Vector2(1000, 100))
    #expect(index.largeBodies.count <= TargetIndex.maximumLargeItems)
    let found = index.nearestEnemy(of: Faction(0), near: Vector2(0, 50), within: 5).map {
      index[$0].id
    }
    // Entry 1 (a NaN) stands on the point; entry 2, ten units away, reaches it with its 60.
    #expect(found == AnyEntityID(rawValue: 2))
    #expect(index.damageEnemies(of: Faction(0), around: Vector2(0, 50), radius: 1, amount: 1) > 0)

    // Only bodies of no size: more of them than may stay out of the grid.
    var empty = TargetIndex(hostility: Hostility())
    for number in 0..<40 {
      empty.insert(
        id: AnyEntityID(rawValue: UInt64(number + 1)), faction: Faction(1),
        position: Vector2(Float(number), 50), radius: .nan)
    }
    empty.buildGrid(arenaSize: Vector2(1000, 100))
    #expect(empty.largeBodies.isEmpty)
    #expect(empty.nearestEnemy(of: Faction(0), near: Vector2(0, 50), within: 100) == nil)
    #expect(!empty.hasEnemy(of: Faction(0), near: Vector2(0, 50), within: 100))
  }

  @Test(
    "the spatial sort orders by cell and keeps ties in storage order, few or many",
    arguments: [
      (2, 20), (100, 20), (256, 20), (257, 20), (5000, 20), (5000, 13), (70_000, 17),
    ])
  func spatialSortIsStable(count: Int, keyBits: Int) {
    var random = SeededRandom(seed: UInt64(count))
    var scratch = SpatialSortScratch()
    // Few distinct cells, so most keys tie. Up to 2^20 cells, the radix sort takes 2 passes of
    // 11-bit digits; 2^13 cells for 5,000 and 2^17 for 70,000 are few enough for one pass with
    // a bucket per cell.
    scratch.keys = (0..<count).map { _ in
      UInt32(random.next() % 64) << UInt32(keyBits - 6) | 3
    }
    let keys = scratch.keys
    scratch.sortOrder(count: count, keyBits: keyBits)
    let expected = keys.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }
    #expect(scratch.order.map(Int.init) == expected)
  }

  /// Compares 200 random queries with a scan of every entry; returns how many had a tie.
  private func compareNearest(
    index: TargetIndex, targets: [Target], hostility: Hostility, seed: UInt64
  ) -> Int {
    var ties = 0
    do {
      var random = SeededRandom(seed: seed &+ 99)
      for _ in 0..<200 {
        let point = Vector2(Float(random.next() % 50) * 20, Float(random.next() % 30) * 20)
        let reach = Float(random.next() % 120)
        let faction = Faction(Int(random.next() % 3))
        let candidates = targets.filter { target in
          let limit = reach + target.radius
          return hostility.isHostile(faction, to: target.faction)
            && point.distanceSquared(to: target.position) <= limit * limit
        }
        let nearest = candidates.min { a, b in
          let da = point.distanceSquared(to: a.position)
          let db = point.distanceSquared(to: b.position)
          return da < db || (da == db && a.id < b.id)
        }
        if let nearest {
          let distance = point.distanceSquared(to: nearest.position)
          if candidates.filter({ point.distanceSquared(to: $0.position) == distance }).count > 1 {
            ties += 1
          }
        }
        let found = index.nearestEnemy(of: faction, near: point, within: reach).map {
          index[$0].id
        }
        #expect(found == nearest?.id, "seed \(seed) point \(point) reach \(reach) \(faction)")
        // The tie's winner's position, not the first body found at that distance.
        #expect(
          index.nearestEnemyPosition(of: faction, near: point, within: reach)
            == nearest?.position, "seed \(seed) point \(point) reach \(reach) \(faction)")
        #expect(
          index.hasEnemy(of: faction, near: point, within: reach) == (nearest != nil),
          "seed \(seed) point \(point) reach \(reach) \(faction)")
      }
    }
    return ties
  }

  @Test("splash damage reaches exactly the enemies a scan finds, large bodies included")
  func splash() {
    for seed: UInt64 in 1...10 {
      var (index, targets, hostility) = layout(seed: seed, count: 300)
      var random = SeededRandom(seed: seed &+ 7)
      for round in 0..<50 {
        let point = Vector2(Float(random.next() % 1000), Float(random.next() % 600))
        let radius = Float(random.next() % 80)
        let faction = Faction(Int(random.next() % 3))
        let before = (0..<targets.count).map { index.damage(to: TargetRef(index: $0)) }
        let hits = index.damageEnemies(of: faction, around: point, radius: radius, amount: 1)
        // Damage is added up when the dealing system finishes.
        index.applyPendingDamage()
        let expected = targets.indices.filter { item in
          let target = targets[item]
          let limit = radius + target.radius
          return hostility.isHostile(faction, to: target.faction)
            && point.distanceSquared(to: target.position) <= limit * limit
        }
        #expect(hits == expected.count, "seed \(seed) round \(round)")
        for item in targets.indices {
          let gained = index.damage(to: TargetRef(index: item)) - before[item]
          #expect(gained == (expected.contains(item) ? 1 : 0))
        }
      }
    }
  }
}
