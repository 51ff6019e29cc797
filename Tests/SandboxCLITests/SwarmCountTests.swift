import GameShell
import Testing

@testable import SandboxCLI

@Suite("--entities and the swarm's density")
struct SwarmCountTests {
  @Test("a count the scenario's arena cannot hold is refused, naming the largest that fits")
  func tooManyMonsters() {
    let result = sandbox("run", "--scenario", "swarm", "--entities", "5000000")
    #expect(result.status == 65)
    #expect(
      result.error.contains("--entities 5000000: the 'swarm' swarm holds at most "),
      "\(result.error)")
    #expect(result.error.contains("--scenario"))
    #expect(result.output.isEmpty)
  }

  @Test("--entities needs a scenario with a swarm")
  func needsASwarm() {
    let result = sandbox("run", "--entities", "10")
    #expect(result.status == 65)
    #expect(result.error.contains("--entities needs a scenario with a \"swarm\" section"))
    #expect(result.output.isEmpty)
  }
}
