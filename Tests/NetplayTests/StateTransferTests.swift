import Foundation
import Gameplay
import MonsterWars
import Netplay
import Testing
import TraitSandbox

@Suite("Netplay: recovering from a desync")
struct StateTransferTests {
  static let transfer = StateTransfer(
    tick: 120, hash: StateHash(rawValue: 0xFEED), snapshot: [1, 2, 3, 4, 5],
    senderInputs: [[], [[1, 0]], [[2], [3, 3]]], receiverInputs: [[[1, 2]]], inputDelay: 2,
    delayChange: (4, 150))

  @Test("a state and its inputs write and read back the same; damaged ones are refused")
  func roundTrip() throws {
    let bytes = Self.transfer.bytes()
    #expect(try StateTransfer(bytes: bytes) == Self.transfer)
    var noChange = Self.transfer
    noChange.delayChange = nil
    #expect(try StateTransfer(bytes: noChange.bytes()) == noChange)
    func reason(_ bytes: [UInt8]) -> PacketError? {
      do {
        _ = try StateTransfer(bytes: bytes)
        return nil
      } catch {
        return error
      }
    }
    #expect(reason(Array(bytes.dropLast())) == .truncated)
    #expect(reason(bytes + [0]) == .malformed("bytes after the state"))
    #expect(reason([0] + bytes.dropFirst()) == .notAPacket)
    // Magic (4), tick (4), hash (8), then the input delay.
    var delay = bytes
    delay[16] = 40
    #expect(reason(delay) == .malformed("input delay 40 out of range"))
    // A snapshot length past the end.
    var length = bytes
    length[25] = 0xFF
    #expect(reason(length) == .truncated)
  }

  @Test("a guest whose game ran a tick more loads the host's state; both end on the straight run")
  func recoveredInMemory() throws {
    let ticks: UInt32 = 420
    var peers = LinkedPeers(
      scenario: try RollbackSessionTests.duel(), seed: 11, latency: 5,
      settings: RollbackSettings(endTick: ticks))
    peers.guest.perturbation = 100
    var transfers = 0
    var seen: [UInt32] = []
    var turns = 0
    while !(peers.host.endAgreed && peers.guest.endAgreed) && turns < Int(ticks) * 4 {
      if let desync = peers.host.desync {
        seen.append(desync.tick)
        // The host's state stands: the guest loads it as it comes.
        let transfer = try StateTransfer(bytes: peers.host.stateTransfer().bytes())
        try peers.guest.load(transfer, epoch: peers.host.epoch)
        transfers += 1
      }
      let hostTick = peers.host.tick
      let guestTick = peers.guest.tick
      peers.turn(
        hostInputs: peers.host.canAdvance ? RollbackSessionTests.hostOrders[hostTick] ?? [] : [],
        guestInputs: peers.guest.canAdvance
          ? RollbackSessionTests.guestOrders[guestTick] ?? [] : [])
      turns += 1
    }
    // Seen at the first hash tick after the extra tick, and once: the hashes of the guest's
    // old state still on their way are of another epoch.
    #expect(seen == [120])
    #expect(transfers == 1)
    #expect(peers.host.epoch == 1 && peers.guest.epoch == 1)
    #expect(peers.host.isFinished && peers.guest.isFinished)
    let straight = try RollbackSessionTests.straightRun(ticks: ticks, delay: 2, seed: 11)
    #expect(peers.host.game.stateHash() == straight.stateHash())
    #expect(peers.guest.game.stateHash() == straight.stateHash())
  }

  @Test("a hash of another epoch is stale; an older epoch's acknowledgement is not taken")
  func staleEpochs() throws {
    var host = try RollbackSession.duel(settings: RollbackSettings(hashInterval: 30))
    for _ in 0..<8 { host.advance() }
    // Eight ticks run (the rollback limit), ten decided with the delay; all ten sent.
    _ = host.inputsMessage()
    _ = try host.stateTransfer()
    #expect(host.epoch == 1)
    #expect(host.receive(.stateHash(tick: 30, hash: 1), epoch: 0) == .staleState)
    #expect(host.desync == nil)
    // Inputs of the old epoch are taken, their acknowledgement not: what the guest held
    // before it loaded the state is sent again.
    #expect(
      host.receive(.inputs(first: 0, ticks: [[]], acknowledged: 5, advantage: 0), epoch: 0)
        == nil)
    guard case .inputs(let first, _, _, _) = host.inputsMessage() else {
      Issue.record("no inputs message")
      return
    }
    #expect(first == 0)
    #expect(
      host.receive(.inputs(first: 1, ticks: [[]], acknowledged: 5, advantage: 0), epoch: 1)
        == nil)
    guard case .inputs(let next, _, _, _) = host.inputsMessage() else {
      Issue.record("no inputs message")
      return
    }
    #expect(next == 6)
  }

  @Test("a state that does not restore to its hash is refused and changes nothing")
  func wrongHash() throws {
    var host = try RollbackSession.duel()
    for _ in 0..<20 { host.advance() }
    var transfer = try host.stateTransfer()
    transfer.hash = StateHash(rawValue: transfer.hash.rawValue ^ 1)
    var guest = try RollbackSession.duel(localSeat: 1)
    for _ in 0..<5 { guest.advance() }
    let before = guest.game.stateHash()
    #expect(throws: RollbackSession<MatchSession>.LoadError.self) {
      try guest.load(transfer, epoch: 1)
    }
    #expect(guest.tick == 5 && guest.epoch == 0 && guest.game.stateHash() == before)
  }

  @Test("a session's snapshot carries the inputs it applied: the one restored records them")
  func sessionSnapshotCarriesInputs() throws {
    let duel = try RollbackSessionTests.duel()
    var session = MatchSession(scenario: duel, seed: 4, playerSides: [.left, .right])
    session.advance(with: [SeatInput(seat: 0, input: RollbackSessionTests.buy(1))])
    for _ in 0..<30 { session.advance() }
    session.advance(with: [SeatInput(seat: 1, input: RollbackSessionTests.buy(2))])
    // The other side of the match: the same seed, a game of its own that ran on alone.
    var other = MatchSession(scenario: duel, seed: 4, playerSides: [.left, .right])
    for _ in 0..<50 { other.advance() }
    let restored = try other.restored(from: session.snapshot())
    #expect(restored.inputs.count == 2 && restored.inputs == session.inputs)
    #expect(restored.stateHash() == session.stateHash())
    let replayed = try ReplayScript.play(
      MatchRecording(
        bytes: MatchRecording(of: restored, startedWith: duel, program: "sandbox test").bytes()))
    #expect(replayed.stateHash() == session.stateHash())
    // A snapshot cut short names what it lacks.
    let bytes = try session.snapshot()
    let scenarioLength = Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16
    #expect(throws: SavedFileError.self) {
      try other.restored(from: Array(bytes.prefix(4 + scenarioLength + 2)))
    }
  }

  @Test("a spectator's stream: the state, then whole ticks only; too many inputs refused")
  func spectatorStream() throws {
    let start = SpectatorStream.start(Self.transfer, endTick: 600)
    #expect(try SpectatorStream.readStart(Array(start.dropLast())) == nil)
    let read = try #require(try SpectatorStream.readStart(start))
    #expect(read.transfer == Self.transfer && read.endTick == 600 && read.ticksStart == start.count)
    #expect(
      try SpectatorStream.readStart(SpectatorStream.start(Self.transfer, endTick: nil))?.endTick
        == nil)
    let idle = SpectatorStream.tick([SeatInput<Int>](), encode: { _ in [] })
    let busy = SpectatorStream.tick(
      [SeatInput(seat: 0, input: 7), SeatInput(seat: 1, input: 9)], encode: { [UInt8($0)] })
    #expect(idle == [0] && busy == [2, 0, 1, 0, 7, 1, 1, 0, 9])
    let stream = start + idle + busy + idle
    // Cut anywhere inside the busy tick, it reads the idle tick before it and stops there.
    for cut in 1..<busy.count {
      let (ticks, end) = try SpectatorStream.readTicks(
        Array(stream.prefix(start.count + 1 + cut)), from: start.count)
      #expect(ticks.count == 1 && end == start.count + 1)
    }
    let (ticks, end) = try SpectatorStream.readTicks(stream, from: start.count)
    #expect(ticks.count == 3 && end == stream.count)
    #expect(ticks[1].map(\.seat) == [0, 1] && ticks[1].map(\.encoding) == [[7], [9]])
    #expect(throws: PacketError.malformed("9 inputs on a tick")) {
      try SpectatorStream.readTicks([9], from: 0)
    }
  }
}
