import GameShell
import Testing

@testable import SandboxCLI

@Suite("sandbox describe")
struct DescribeCommandTests {
  @Test("prints every phase with its systems, then each entity type with its traits")
  func describesTheMachine() {
    let result = sandbox("describe")
    #expect(result.status == 0)
    #expect(result.error.isEmpty)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.contains("  index: targets (HealthTrait), targetGrid"))
    // The built-in act systems come first; a kind with a trait of its own adds its after them.
    #expect(lines.contains { $0.hasPrefix("  act: gun (GunTrait), melee (MeleeTrait)") })
    #expect(lines.contains("  present: render (RenderTrait)"))
    let phases = ["index", "think", "act", "move", "collide", "resolve", "present"]
    let order = phases.compactMap { phase in lines.firstIndex { $0.hasPrefix("  \(phase): ") } }
    #expect(order == order.sorted() && order.count == phases.count)
    // Systems share a parallel step where their declarations allow; each barrier says why.
    // (A kind with a trait of its own may add a system, in a step of its own or another's.)
    #expect(
      lines.contains {
        $0.hasPrefix("  gun, melee")
          && $0.hasSuffix(" (barrier: spawner steps each type on its own)")
      })
    // Projectile takes each chunk of shots from movement, which writes their position.
    #expect(
      lines.contains {
        $0.hasPrefix("    a chunk at a time: projectile reads or writes position of ")
          && $0.hasSuffix(", which movement writes")
      })
    #expect(
      lines.contains {
        $0.hasPrefix("  health") && $0.contains(" (barrier: health reads the damage ")
      })
    // How many entities a thread takes, since a duel's few dozen step on one.
    #expect(
      lines.contains(
        "  (a tick shares its work only between threads of 2048 entities each: a smaller world"
          + " steps on fewer)"))
    let zap = lines.firstIndex(of: "  ZapMonster [unit 'zap']")
    #expect(zap != nil)
    if let zap {
      #expect(lines[zap + 1] == "    traits:     HealthTrait, GunTrait, MovementTrait, RenderTrait")
      #expect(lines[zap + 2] == "    components: Health, Gun, Movement, Appearance")
      #expect(lines[zap + 4].hasPrefix("    columns:    ") && lines[zap + 4].hasSuffix("bytes"))
      #expect(
        lines[zap + 5]
          == "      targets: reads identity, faction, position, Health; writes nothing; "
          + "effects targets")
      #expect(
        lines.dropFirst(zap).first { $0.hasPrefix("      gun: ") }
          == "      gun: reads identity, position, faction, Gun; writes Gun, own state, Movement; "
          + "effects spawns")
    }
    #expect(lines.contains("  Cannonball"))
  }

  @Test("lists every scenario value with where it came from: the file or a type's default")
  func valueOrigins() {
    let result = sandbox("describe", "--scenario", "battle")
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n").map {
      $0.split(separator: " ").joined(separator: " ")
    }
    #expect(lines.contains("Scenario values (from the file, or the default named):"))
    #expect(lines.contains("$.arena.width 1280 file"))
    #expect(lines.contains("$.units.quirk.cost 20 QuirkMonster default"))
    #expect(lines.contains("$.units.zap.gun.range 170 ZapMonster default"))
    #expect(lines.contains("$.swarm.layout \"armies\" file"))
  }

  @Test("a stray argument is a usage error")
  func strayArgument() {
    let result = sandbox("describe", "extra")
    #expect(result.status == 64)
    #expect(result.error.contains("Unexpected argument 'extra'"))
  }
}
