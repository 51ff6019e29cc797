import Foundation
import Frames
import MonsterWars
import Testing
import TraitSandbox

@testable import DesktopDemo

@Suite("Demo orders and player clarity")
struct DemoOrdersTests {
  private func texts(_ state: DemoState) -> [String] {
    overlayTexts(state.decorate(state.match.makeFrame(), now: 0, statistics: .init()))
  }

  @Test("orders stop at the cap with a notice; Backspace takes back the newest")
  func capAndCancel() throws {
    var state = DemoState(scenario: try duel(), seed: 1, autoplay: false)
    for _ in 0..<(Castle.maximumOrders + 3) { state.handle(.buy(.munch)) }
    #expect(state.match.castle(of: .left)?.orders.count == Castle.maximumOrders)
    #expect(state.notice?.text.hasPrefix("10 orders are waiting: Backspace") == true)
    state.handle(.buy(.zap))
    #expect(state.match.castle(of: .left)?.orders.last == .munch)
    state.handle(.cancelOrder)
    #expect(state.match.castle(of: .left)?.orders.count == Castle.maximumOrders - 1)
    #expect(state.notice?.text == "cancelled Munch")
    state.handle(.buy(.zap))
    #expect(state.match.castle(of: .left)?.orders.last == .zap)
    // Only orders that changed something are kept for a recording.
    #expect(state.session.inputs.count == Castle.maximumOrders + 2)
  }

  @Test("cancelling with nothing waiting says so and records nothing")
  func cancelNothing() throws {
    var state = DemoState(scenario: try duel(), seed: 1, autoplay: false)
    state.handle(.cancelOrder)
    #expect(state.notice?.text == "no order to cancel")
    #expect(state.session.inputs.isEmpty)
  }

  @Test("an order the castle cannot pay for yet says how many coins it needs")
  func unpaid() throws {
    var state = DemoState(scenario: try duel(), seed: 1, autoplay: false)
    // 120 starting coins: a Munch (70) can be paid, a second (140 in all) cannot yet.
    state.handle(.buy(.munch))
    #expect(state.notice?.text == "ordered Munch")
    state.handle(.buy(.munch))
    #expect(state.notice?.text == "ordered Munch: paid when the castle has $20 more")
  }

  @Test("the HUD says which side is the player's and lists the orders with counts")
  func hud() throws {
    var state = DemoState(scenario: try duel(), seed: 1, autoplay: false)
    #expect(texts(state).contains("You: left (blue)"))
    #expect(texts(state).contains("Orders: none"))
    state.handle(.buy(.zap))
    state.handle(.buy(.munch))
    state.handle(.buy(.zap))
    state.handle(.buy(.munch))
    // Nothing is paid between ticks; 120 coins cover the next order, so nothing waits yet.
    #expect(texts(state).contains("Orders 4/10: Zap x2, Munch x2"))
    state.advance(steps: 30)
    let after = try #require(texts(state).first { $0.hasPrefix("Orders ") })
    // 120 coins paid for the first Zap (45) and Munch (70); 5 and the income are far from 45.
    #expect(after == "Orders 2/10: Zap, Munch; Zap next, needs $45")
    var autoplay = DemoState(scenario: try duel(), seed: 1, autoplay: true)
    autoplay.advance(steps: 1)
    #expect(!texts(autoplay).contains { $0.hasPrefix("You:") || $0.hasPrefix("Orders") })
  }

  @Test("the end screen tells the player whether they won")
  func verdict() throws {
    var weak = try duel()
    weak.castle.health = 1
    var state = DemoState(scenario: weak, seed: 1, autoplay: false)
    var ticks = 0
    while !state.match.isOver && ticks < 20_000 {
      state.advance(steps: 100)
      ticks += 100
    }
    #expect(state.match.outcome == .victory(.right))
    #expect(texts(state).contains("You lost"))
    var watching = DemoState(scenario: weak, seed: 1, autoplay: true)
    while !watching.match.isOver { watching.advance(steps: 100) }
    #expect(!texts(watching).contains { $0 == "You lost" || $0 == "You won" })
  }

  @Test("a cancelled order is part of the recording and replays to the same state")
  func cancelReplays() throws {
    var state = DemoState(scenario: try duel(), seed: 2, autoplay: false)
    state.handle(.buy(.munch))
    state.handle(.buy(.munch))
    state.handle(.buy(.zap))
    state.advance(steps: 10)
    state.handle(.cancelOrder)
    state.advance(steps: 200)
    let recording = state.recording(program: "sandbox test")
    #expect(recording.inputs.last?.input == .cancelOrder(side: .left))
    let replayed = try ReplayScript.play(MatchRecording(bytes: recording.bytes()))
    #expect(replayed.match.world.stateHash() == state.match.world.stateHash())
    var withoutCancel = recording
    withoutCancel.inputs.removeLast()
    #expect(try ReplayScript.play(withoutCancel).match.world.stateHash() != recording.finalHash)
  }
}

@Suite("Live reload applies or says why not")
struct LiveReloadTests {
  private func tuned(_ change: (inout Scenario) -> Void) throws -> Scenario {
    var scenario = try duel()
    change(&scenario)
    return scenario
  }

  @Test("each part of a reload is sorted by when it takes effect")
  func changes() throws {
    let old = try duel()
    let new = try tuned {
      $0.units[.quirk]?.speed = 150
      $0.economy.coinsPerSecond = 30
      $0.economy.startingCoins = 500
      $0.ai.right.reserve = 40
      $0.arena.width = 1600
    }
    let changes = ScenarioChanges(from: old, to: new)
    #expect(changes.appliedNow == ["units", "income", "AI"])
    #expect(changes.onRestart == ["starting coins", "arena"])
    #expect(changes.summary == "units, income, AI now; starting coins, arena on restart (R)")
    #expect(ScenarioChanges(from: old, to: old).summary == "no changes")
  }

  @Test("income and the AI change at once; the arena and starting coins on R")
  func appliesAndRestarts() throws {
    var state = DemoState(scenario: try duel(), seed: 1, autoplay: false)
    state.advance(steps: 10)
    let reloaded = try tuned {
      $0.economy.coinsPerSecond = 30
      $0.economy.startingCoins = 500
      $0.ai.right = AIPolicy(
        weights: UnitTable($0.roster.kinds.map { ($0, $0 == .munch ? 1 : 0) }),
        thinkInterval: 0.25, reserve: 5)
      $0.arena = ArenaSettings(width: 1600, height: 900)
    }
    state.scenarioReloaded(.success(reloaded), at: 0)
    #expect(
      state.notice?.text
        == "reloaded duel.json: income, AI now; starting coins, arena on restart (R)")
    let right = try #require(state.match.castle(of: .right))
    #expect(right.spawner.income == 30)
    #expect(right.controller == .ai(reloaded.ai.right))
    #expect(right.spawner.thinkInterval == 0.25)
    // The player's castle keeps its player.
    #expect(state.match.castle(of: .left)?.controller == .player)
    #expect(state.match.world.arenaSize == Vector2(1280, 720))
    state.handle(.restart)
    #expect(state.match.world.arenaSize == Vector2(1600, 900))
    #expect(state.match.castle(of: .left)?.spawner.budget == 500)
  }

  @Test("a reload the session's swarm would not fit is refused with the reason")
  func swarmThatNoLongerFits() throws {
    let swarm = try Scenario.load(contentsOf: scenarios.appendingPathComponent("swarm.json"))
    var state = DemoState(scenario: swarm, seed: 1, autoplay: true, swarmCount: 20_000)
    var sparse = swarm
    sparse.swarm?.density = 1
    state.scenarioReloaded(.success(sparse), at: 0)
    #expect(state.reloadError?.contains("20000 monsters (--entities) do not fit") == true)
    #expect(state.scenario.swarm?.density == swarm.swarm?.density)
    #expect(state.session.inputs.isEmpty)
  }

  @Test("an AI change mid-match is part of the recording and replays to the same state")
  func aiChangeReplays() throws {
    var state = DemoState(scenario: try duel(), seed: 4, autoplay: true)
    state.advance(steps: 300)
    state.scenarioReloaded(
      .success(
        try tuned { $0.ai.left.weights = UnitTable([(.quirk, 1), (.zap, 0), (.munch, 0)]) }),
      at: 0)
    state.advance(steps: 600)
    let recording = state.recording(program: "sandbox test")
    let replayed = try ReplayScript.play(recording)
    #expect(replayed.match.world.stateHash() == state.match.world.stateHash())
    var plain = DemoState(scenario: try duel(), seed: 4, autoplay: true)
    plain.advance(steps: 900)
    #expect(plain.match.world.stateHash() != state.match.world.stateHash())
  }
}
