import GameShell
import Testing

@testable import SandboxCLI

@Suite("--entities and the swarm's density")
struct SwarmCountTests {
  @Test("a count no arena can hold is a usage error naming the largest that fits")
  func tooManyMonsters() {
    let result = sandbox("run", "--scenario", "swarm", "--entities", "5000000")
    #expect(result.status == 64)
    #expect(
      result.error.contains(
        "The value '5000000' is invalid for '--entities <n>': the 'swarm' swarm holds at most "))
    #expect(result.output.isEmpty)
  }

  @Test("--entities needs a swarm")
  func needsASwarm() {
    let result = sandbox("run", "--entities", "10")
    #expect(result.status == 64)
    #expect(result.error.contains("--entities needs a scenario with a \"swarm\" section"))
  }
}
