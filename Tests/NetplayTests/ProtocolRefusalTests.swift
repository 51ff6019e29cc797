import Foundation
import MonsterWars
import Netplay
import Testing
import TraitSandbox

/// What a peer does with messages the other player could not have sent: each is refused with
/// its reason, and none changes the session.
@Suite("Netplay: messages that claim what never happened")
struct ProtocolRefusalTests {
  /// Two linked peers a little way into a match of `endTick` ticks.
  func peers(endTick: UInt32? = nil, turns: Int = 40) throws -> LinkedPeers {
    var peers = LinkedPeers(
      scenario: try RollbackSessionTests.duel(), seed: 3, latency: 2,
      settings: RollbackSettings(hashInterval: 30, endTick: endTick))
    for _ in 0..<turns { peers.turn(hostInputs: [], guestInputs: []) }
    return peers
  }

  @Test("an acknowledgement of a tick never sent is refused, and the inputs are sent again")
  func unsentAcknowledgement() throws {
    var host = try RollbackSession.duel()
    for _ in 0..<6 { host.advance() }
    // Nothing sent yet: no acknowledgement can be true.
    let early = host.receive(.inputs(first: 0, ticks: [[]], acknowledged: 0, advantage: 0))
    #expect(early == .unsentTick)
    #expect(host.confirmedTicks == 0)
    guard case .inputs(let first, let ticks, _, _) = host.inputsMessage() else {
      Issue.record("no inputs to send")
      return
    }
    #expect(first == 0 && ticks.count == 8)
    // Past the newest tick sent (7), although the host has decided it: refused whole.
    for _ in 0..<3 { host.advance() }
    let forged = host.receive(.inputs(first: 0, ticks: [[]], acknowledged: 9, advantage: 0))
    #expect(forged == .unsentTick)
    #expect(host.confirmedTicks == 0)
    guard case .inputs(let again, _, _, _) = host.inputsMessage() else {
      Issue.record("no inputs to send")
      return
    }
    #expect(again == 0)
    // A true one moves the window on.
    #expect(host.receive(.inputs(first: 0, ticks: [[]], acknowledged: 7, advantage: 0)) == nil)
    guard case .inputs(let after, _, _, _) = host.inputsMessage() else {
      Issue.record("no inputs to send")
      return
    }
    #expect(after == 8 && host.confirmedTicks == 1)
  }

  @Test(
    "a hash of a tick not played, past the end or between hash ticks is refused",
    arguments: [31, 90, 600, 4_000_000])
  func hashOutOfRange(tick: UInt32) throws {
    var peers = try peers(endTick: 60)
    let before = peers.host.lastAgreedHashTick
    // The host's inputs reach tick 42 of the 40 turns: 90 and later were never played, 31 is
    // no hash tick.
    #expect(peers.host.receive(.stateHash(tick: tick, hash: 1)) == .hashOutOfRange)
    for _ in 0..<200 where !(peers.host.endAgreed && peers.guest.endAgreed) {
      peers.turn(hostInputs: [], guestInputs: [])
    }
    #expect(peers.host.desync == nil && peers.host.endAgreed && peers.guest.endAgreed)
    #expect(before == 30)
  }

  @Test("sixty-four forged hashes past the end fill no table: the end is still agreed")
  func hashFlood() throws {
    var peers = try peers(endTick: 60)
    for tick in 1...64 {
      #expect(peers.host.receive(.stateHash(tick: 60 + 30 * UInt32(tick), hash: 7)) != nil)
    }
    for _ in 0..<200 where !(peers.host.endAgreed && peers.guest.endAgreed) {
      peers.turn(hostInputs: [], guestInputs: [])
    }
    #expect(peers.host.endAgreed && peers.guest.endAgreed && peers.host.desync == nil)
  }

  @Test("a hash both sides agreed on, said again, is known; a wrong one in range is a desync")
  func knownAndWrongHashes() throws {
    var peers = try peers()
    #expect(peers.host.lastAgreedHashTick == 30)
    #expect(peers.host.receive(.stateHash(tick: 30, hash: 1)) == .known)
    #expect(peers.host.desync == nil)
    // In range and wrong, before the guest's own: what a real desync looks like, and is
    // taken as one.
    while peers.host.confirmedTicks < 60 || peers.host.tick < 60 {
      peers.turn(hostInputs: [], guestInputs: [])
    }
    #expect(peers.host.lastAgreedHashTick == 30)
    #expect(peers.host.receive(.stateHash(tick: 60, hash: 1)) == nil)
    #expect(peers.host.desync?.tick == 60)
  }

  @Test("parts of inputs that never complete give way to the real ones")
  func partsGiveWay() throws {
    var host = try RollbackSession.duel()
    for hash in UInt64(1)...8 {
      #expect(host.receive(.inputPart(hash: hash, part: 0, partCount: 2, bytes: [1])) == nil)
    }
    let encoding = [UInt8](repeating: 65, count: 100)
    let name = inputHash(encoding)
    #expect(
      host.receive(
        .inputPart(hash: name, part: 0, partCount: 2, bytes: Array(encoding[0..<60]))) == nil)
    #expect(
      host.receive(
        .inputPart(hash: name, part: 1, partCount: 2, bytes: Array(encoding[60...]))) == nil)
    // Held now: a part of it again is known.
    #expect(
      host.receive(
        .inputPart(hash: name, part: 1, partCount: 2, bytes: Array(encoding[60...]))) == .known)
    // Parts that do not hash to their name are damaged.
    #expect(host.receive(.inputPart(hash: 99, part: 0, partCount: 1, bytes: [1, 2])) == .malformed)
  }

  @Test("hello, welcome and goodbye are the match's: a session refuses them")
  func handshakeIsNotTheSession() throws {
    var peers = try peers()
    #expect(peers.host.receive(.goodbye) == .malformed)
    #expect(peers.host.receive(.hello(fingerprint: 1)) == .malformed)
    #expect(peers.host.desync == nil && peers.host.canAdvance)
  }
}

@Suite("Netplay: the input delay")
struct InputDelayTests {
  @Test(
    "half the round trip in ticks, from 1 to 6",
    arguments: [
      (0.0, 1), (0.005, 1), (0.034, 2), (0.1, 3), (0.2, 6), (1.5, 6), (Double.nan, 1),
    ])
  func fromRoundTrip(roundTrip: Double, delay: Int) {
    #expect(RollbackSettings.inputDelay(forRoundTrip: roundTrip, ticksPerSecond: 60) == delay)
  }

  @Test("a longer delay puts later inputs further off; a shorter one is taken on idle ticks")
  func changesApply() throws {
    var host = try RollbackSession.duel(settings: RollbackSettings(inputDelay: 2))
    host.scheduleInputDelay(5, fromTick: 3)
    for _ in 0..<3 { host.advance() }
    #expect(host.inputDelay == 2)
    host.advance()
    #expect(host.inputDelay == 5)
    guard case .inputs(_, let ticks, _, _) = host.inputsMessage() else {
      Issue.record("no inputs")
      return
    }
    // Ticks 0 and 1 empty (the start's delay), 2 to 4 decided by ticks 0 to 2, 5 to 8 by
    // tick 3 (three of them empty): 9 ticks decided after 4 ticks run.
    #expect(ticks.count == 9)
    host.scheduleInputDelay(1, fromTick: 0)
    // Idle ticks decide nothing until the lead is down to 1.
    var leads: [Int] = []
    for _ in 0..<6 {
      host.advance()
      guard case .inputs(let first, let ticks, _, _) = host.inputsMessage() else { continue }
      leads.append(Int(first) + ticks.count - Int(host.tick))
    }
    #expect(host.inputDelay == 1)
    #expect(leads == [4, 3, 2, 1, 1, 1])
  }

  @Test("both sides changing the delay mid-match end on the same state, orders and all")
  func changeMidMatch() throws {
    var peers = LinkedPeers(
      scenario: try RollbackSessionTests.duel(), seed: 9, latency: 3,
      settings: RollbackSettings(endTick: 240))
    peers.host.scheduleInputDelay(4, fromTick: 60)
    peers.guest.scheduleInputDelay(4, fromTick: 60)
    var turns = 0
    while !(peers.host.endAgreed && peers.guest.endAgreed) && turns < 800 {
      if turns == 120 {
        // The guest hears of the second change late: it changes a few ticks after the host.
        peers.host.scheduleInputDelay(1, fromTick: 130)
      }
      if turns == 140 { peers.guest.scheduleInputDelay(1, fromTick: 130) }
      let host = turns % 37 == 5 ? [RollbackSessionTests.buy(turns % 3)] : []
      let guest = turns % 41 == 9 ? [RollbackSessionTests.buy((turns + 1) % 3)] : []
      peers.turn(hostInputs: host, guestInputs: guest)
      turns += 1
    }
    #expect(peers.host.endAgreed && peers.guest.endAgreed)
    #expect(peers.host.desync == nil && peers.guest.desync == nil)
    #expect(peers.host.inputDelay == 1 && peers.guest.inputDelay == 1)
    #expect(peers.host.game.inputs == peers.guest.game.inputs)
    #expect(peers.host.game.inputs.count >= 6)
  }
}
