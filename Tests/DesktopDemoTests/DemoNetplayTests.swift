import Foundation
import MonsterWars
import Netplay
import Testing

@testable import DesktopDemo

@Suite("Demo: one side of a match over the network")
struct DemoNetplayTests {
  @Test("orders go to the network as inputs for this window's side, not into the match")
  func ordersBecomeInputs() throws {
    var state = DemoState(netplay: try duel(), side: .right, swarmCount: nil)
    #expect(state.playerSide == .right)
    state.handle(.buy(.zap))
    state.handle(.cancelOrder)
    #expect(state.takeOutbox() == [.order(.buy(.zap)), .order(.cancel)])
    #expect(state.takeOutbox().isEmpty)
    // The match changes only when the network match applies them.
    #expect(state.match.castle(of: .right)?.orders.isEmpty == true)
  }

  @Test("the clock is both players': no pause or speed; only the host restarts")
  func sharedClock() throws {
    var guest = DemoState(netplay: try duel(), side: .right, swarmCount: nil)
    guest.handle(.togglePause, at: 1)
    guest.handle(.faster, at: 1)
    #expect(!guest.isPaused && guest.speed == 1)
    #expect(guest.notice?.text == "a match over the network runs at one speed for both players")
    guest.handle(.restart, at: 2)
    #expect(guest.notice?.text == "only the host restarts the match")
    #expect(guest.takeOutbox().isEmpty)
    var host = DemoState(netplay: try duel(), side: .left, swarmCount: nil)
    host.handle(.restart)
    #expect(host.takeOutbox() == [.restart])
  }

  @Test("a tick carries at most four inputs; more are refused with a notice")
  func inputLimit() throws {
    var state = DemoState(netplay: try duel(), side: .left, swarmCount: nil)
    for _ in 0..<6 { state.handle(.buy(.quirk)) }
    #expect(state.takeOutbox().count == 4)
    #expect(state.notice?.text == "at most 4 orders a tick")
  }

  @Test("inputs no tick took go back ahead of newer ones")
  func returnedInputs() throws {
    var state = DemoState(netplay: try duel(), side: .left, swarmCount: nil)
    state.handle(.buy(.munch))
    state.returnToOutbox([.order(.buy(.quirk))])
    #expect(state.takeOutbox() == [.order(.buy(.quirk)), .order(.buy(.munch))])
  }

  @Test("over the network the timeline shows the past but does not branch")
  func timelineIsViewOnly() throws {
    var state = DemoState(netplay: try duel(), side: .right, swarmCount: nil)
    state.advance(steps: 0)
    state.handle(.toggleTimeline)
    #expect(state.timelineView != nil)
    state.handle(.playFromHere, at: 1)
    #expect(state.timelineView != nil)
    #expect(state.notice?.text == "over the network the timeline only shows the past")
  }

  @Test("the host's scenario reloads go to the network match; a guest's do nothing")
  func reloadsTravel() throws {
    let duel = try duel()
    let richer = try Scenario.parse(
      Data(
        duel.jsonText.replacingOccurrences(
          of: "\"coinsPerSecond\":16", with: "\"coinsPerSecond\":40"
        ).utf8), path: "duel.json", name: "duel", roster: duel.roster)
    var host = DemoState(netplay: duel, side: .left, swarmCount: nil)
    host.scenarioReloaded(.success(richer), at: 1)
    #expect(host.takeRetune() == richer.jsonText)
    #expect(host.notice?.text.hasPrefix("reloaded duel.json for both players: ") == true)
    // Nothing changes here until the network match applies it on both sides.
    #expect(host.scenario.economy.coinsPerSecond == 16)
    var guest = DemoState(netplay: duel, side: .right, swarmCount: nil)
    guest.scenarioReloaded(.success(richer), at: 1)
    #expect(guest.takeRetune() == nil)
  }
}
