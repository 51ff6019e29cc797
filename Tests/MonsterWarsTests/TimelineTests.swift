import Foundation
import MonsterWars
import Testing
import TraitSandbox

@Suite("Time travel: the timeline of a session")
struct TimelineTests {
  func duel() throws -> Scenario { try scenario("duel") }

  /// A session that keeps its timeline, with orders at ticks 30, 100 and 170 over 240 ticks.
  func played() throws -> MatchSession {
    var session = MatchSession(scenario: try duel(), seed: 4, autoplay: false)
    session.keepsTimeline = true
    let kinds = session.scenario.roster.kinds
    for tick in 0..<240 {
      if tick == 30 { session.apply(.order(kinds[1], side: .left)) }
      if tick == 100 { session.apply(.order(kinds[2], side: .left)) }
      if tick == 170 { session.apply(.order(kinds[0], side: .left)) }
      session.step()
    }
    return session
  }

  @Test("a copy of the match is kept at every whole second")
  func copies() throws {
    let session = try played()
    #expect(session.timeline.map { $0.world.tick } == [0, 60, 120, 180, 240])
    // The copies are the match as it stood then, not a view of it now.
    #expect(session.timeline[4].world.stateHash() == session.match.world.stateHash())
    #expect(session.timeline[2].world.stateHash() != session.match.world.stateHash())
  }

  @Test("travelling back gives the match as it was at that tick, with the inputs before it")
  func travelMatchesTheStraightRun() throws {
    var session = try played()
    var straight = MatchSession(scenario: try duel(), seed: 4, autoplay: false)
    let kinds = straight.scenario.roster.kinds
    for tick in 0..<150 {
      if tick == 30 { straight.apply(.order(kinds[1], side: .left)) }
      if tick == 100 { straight.apply(.order(kinds[2], side: .left)) }
      straight.step()
    }
    let travelled = session.apply(.travel(toTick: 150))
    #expect(travelled)
    #expect(session.match.world.tick == 150)
    #expect(session.match.world.stateHash() == straight.match.world.stateHash())
    // The branch left is gone from the timeline; its inputs after the tick too.
    #expect(session.timeline.map { $0.world.tick } == [0, 60, 120])
    #expect(session.branchInputs.map { $0.tick } == [30, 100])
    // The recording keeps what was played, and replays to where the new branch goes.
    session.apply(.order(kinds[2], side: .left))
    for _ in 0..<90 { session.step() }
    let recording = MatchRecording(
      of: session, startedWith: session.scenario, program: "sandbox test")
    #expect(recording.inputs.count == 5)
    let replayed = try ReplayScript.play(MatchRecording(bytes: recording.bytes()))
    #expect(replayed.match.world.tick == 240)
    #expect(replayed.match.world.stateHash() == session.match.world.stateHash())
  }

  @Test("travel needs a kept timeline reaching the tick, and a tick not past now")
  func refusedTravel() throws {
    var session = try played()
    let tooLate = session.apply(.travel(toTick: 241))
    #expect(!tooLate)
    var plain = MatchSession(scenario: try duel(), seed: 4, autoplay: false)
    plain.step()
    let withoutTimeline = plain.apply(.travel(toTick: 0))
    #expect(!withoutTimeline)
    #expect(plain.inputs.isEmpty)
    session.apply(.restart)
    #expect(session.timeline.map { $0.world.tick } == [0])
    #expect(session.branchInputs.isEmpty)
  }

  @Test("a preview from a copy replays the inputs it had and arrives at the live match")
  func preview() throws {
    let session = try played()
    var preview = session.preview(at: 1)
    #expect(preview.match.world.tick == 60)
    var steps = 0
    while !preview.isAtEnd {
      preview.step()
      steps += 1
    }
    #expect(steps == 180)
    #expect(preview.match.world.stateHash() == session.match.world.stateHash())
  }

  @Test("a big world's timeline is cut to its memory budget")
  func limit() throws {
    let swarm = try scenario("swarm")
    let big = Match(scenario: swarm, seed: 1, swarmCount: 200_000)
    let small = Match(scenario: try duel(), seed: 1)
    #expect(MatchSession.timelineLimit(for: small) == MatchSession.timelineSeconds + 1)
    #expect(MatchSession.timelineLimit(for: big) < MatchSession.timelineSeconds)
    #expect(MatchSession.timelineLimit(for: big) >= 10)
  }
}
