import Testing
import TraitSandbox

@testable import DispatchBenchmark

@Suite("Workload and checksum")
struct WorkloadChecksumTests {
  @Test("The same seed builds the same entities; another seed builds others")
  func deterministic() {
    let first = Workload(entityCount: 500, seed: 4).entities
    #expect(first == Workload(entityCount: 500, seed: 4).entities)
    #expect(first != Workload(entityCount: 500, seed: 5).entities)
  }

  @Test("Kinds come in fixed proportions, and every index appears under its kind")
  func proportions() {
    let workload = Workload(entityCount: 1_003)
    #expect(workload.indicesByKind.map(\.count) == [402, 301, 200, 100])
    for (kind, indices) in zip(EntityKind.allCases, workload.indicesByKind) {
      #expect(indices.allSatisfy { workload.entities[$0].kind == kind })
    }
    #expect(Set(workload.indicesByKind.joined()).count == 1_003)
  }

  @Test("The checksum changes with the ticks run, the seed and a single bit of state")
  func checksumIsSensitive() {
    let workload = Workload(entityCount: 1_000, seed: 7)
    let afterThree = workload.referenceChecksum(ticks: 3)
    #expect(workload.referenceChecksum(ticks: 3) == afterThree)
    #expect(workload.referenceChecksum(ticks: 4) != afterThree)
    #expect(workload.referenceChecksum(ticks: 0) != afterThree)
    #expect(Workload(entityCount: 1_000, seed: 8).referenceChecksum(ticks: 3) != afterThree)

    var states = workload.entities
    let original = WorkloadChecksum(states)
    states[500].health = states[500].health.nextUp
    #expect(WorkloadChecksum(states) != original)
    states = workload.entities
    states.swapAt(1, 2)
    #expect(WorkloadChecksum(states) != original)
  }

  @Test("The checksum prints as 16 hex digits")
  func description() {
    #expect(WorkloadChecksum(rawValue: 0xAB).description == "00000000000000ab")
  }
}
