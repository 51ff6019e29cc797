import Testing

@testable import DispatchBenchmark

@Suite("Dispatch strategies: every strategy computes the same state")
struct DispatchStrategyTests {
  @Test(
    "Every strategy's checksum matches the reference simulation",
    arguments: [(64, 3), (1_000, 5), (64, 400)])
  func checksumsAgree(entityCount: Int, ticks: Int) {
    let workload = Workload(entityCount: entityCount, seed: 7)
    let reference = workload.referenceChecksum(ticks: ticks)
    for strategy in DispatchStrategy.all {
      var simulation = strategy.makeSimulation(workload)
      simulation.run(ticks: ticks)
      #expect(simulation.checksum() == reference, "\(strategy.name)")
    }
  }

  @Test("Every strategy reproduces the reference state entity by entity, in creation order")
  func statesAgree() throws {
    let workload = Workload(entityCount: 203, seed: 3)
    var reference = StructureOfArraysSimulation(workload)
    reference.run(ticks: 90)
    let expected = reference.states()
    #expect(WorkloadChecksum(expected) == workload.referenceChecksum(ticks: 90))
    for strategy in DispatchStrategy.all {
      var simulation = strategy.makeSimulation(workload)
      simulation.run(ticks: 90)
      let states = simulation.states()
      try #require(states.count == expected.count, "\(strategy.name)")
      let firstDifference = expected.indices.first { states[$0] != expected[$0] }
      #expect(firstDifference == nil, "\(strategy.name) differs at entity \(firstDifference ?? -1)")
    }
  }

  @Test("The workload bounces entities off the walls and brings health to the maximum")
  func workloadExercisesEveryBranch() {
    let workload = Workload(entityCount: 64, seed: 7)
    var simulation = StructureOfArraysSimulation(workload)
    simulation.run(ticks: 400)
    let final = simulation.states()
    let reversed = zip(workload.entities, final).filter {
      $0.velocity.x != $1.velocity.x || $0.velocity.y != $1.velocity.y
    }
    #expect(reversed.count > 10)
    #expect(final.contains { $0.health == $0.maximumHealth })
    #expect(final.allSatisfy { (0...1280).contains($0.position.x) })
    #expect(final.allSatisfy { (0...720).contains($0.position.y) })
  }

  @Test("Strategy names are unique, and every number from 1 to 9 has one")
  func catalogue() {
    let names = DispatchStrategy.all.map(\.name)
    #expect(Set(names).count == names.count)
    #expect(Set(DispatchStrategy.all.map(\.number)) == Set(1...9))
    #expect(DispatchStrategy.named("soa")?.number == 8)
    #expect(DispatchStrategy.named("nope") == nil)
  }

  @Test("Small kinds fit an existential's inline buffer and large kinds do not")
  func existentialLayout() {
    let inlineBuffer = 3 * MemoryLayout<Int>.size
    #expect(MemoryLayout<Scout>.size <= inlineBuffer)
    #expect(MemoryLayout<Runner>.size <= inlineBuffer)
    #expect(MemoryLayout<Brute>.size > inlineBuffer)
    #expect(MemoryLayout<Hauler>.size > inlineBuffer)
  }
}
