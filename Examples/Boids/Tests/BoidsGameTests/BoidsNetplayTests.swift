import BoidsGame
import Gameplay
import Netplay
import Testing
import TraitSandbox

@Suite("Boids over the network: two falconers, rolled back")
struct BoidsNetplayTests {
  /// What the falconer at `seat` releases when standing at `tick`.
  static func hawks(_ tick: UInt32, seat: Int) -> [SkyInput] {
    guard tick % 40 == UInt32(7 + 13 * seat) else { return [] }
    return [.releaseHawk(x: Float(tick) * 3 + Float(seat) * 500, y: Float(100 + 200 * seat))]
  }

  @Test("both sides of a late, lossy link end on the straight run's state")
  func lateInputsRollBack() {
    let settings = RollbackSettings(inputDelay: 2, endTick: 200)
    let start = BoidsScene(seed: 8, boidCount: 60)
    var host = RollbackSession(game: start, localSeat: 0, remoteSeat: 1, settings: settings)
    var guest = RollbackSession(game: start, localSeat: 1, remoteSeat: 0, settings: settings)
    // Messages on their way, with the turn they arrive at; every fifth is lost.
    var toHost: [(turn: Int, message: Packet.Message)] = []
    var toGuest: [(turn: Int, message: Packet.Message)] = []
    var sent = 0
    func outgoing(_ session: inout RollbackSession<BoidsScene>) -> [Packet.Message] {
      let hash = session.hashToSend() ?? (session.isFinished ? session.lastConfirmedHash : nil)
      return [session.inputsMessage(), hash].compactMap { $0 }
    }
    for turn in 0..<1_000 where !(host.endAgreed && guest.endAgreed) {
      for arrived in toHost where arrived.turn <= turn { host.receive(arrived.message) }
      toHost.removeAll { $0.turn <= turn }
      for arrived in toGuest where arrived.turn <= turn { guest.receive(arrived.message) }
      toGuest.removeAll { $0.turn <= turn }
      if host.canAdvance { for hawk in Self.hawks(host.tick, seat: 0) { host.queue(hawk) } }
      if guest.canAdvance { for hawk in Self.hawks(guest.tick, seat: 1) { guest.queue(hawk) } }
      host.advance()
      guest.advance()
      for message in outgoing(&host) {
        sent += 1
        if sent % 5 != 0 { toGuest.append((turn + 4, message)) }
      }
      for message in outgoing(&guest) {
        sent += 1
        if sent % 5 != 0 { toHost.append((turn + 4, message)) }
      }
    }
    #expect(host.endAgreed && guest.endAgreed)
    #expect(host.statistics.rollbacks > 0)
    // Straight: each input at the tick it was given plus the delay, seats in order.
    var straight = start
    for tick in UInt32(0)..<200 {
      var inputs: [SeatInput<SkyInput>] = []
      if tick >= 2 {
        for seat in 0..<2 {
          inputs += Self.hawks(tick - 2, seat: seat).map { SeatInput(seat: seat, input: $0) }
        }
      }
      straight.advance(with: inputs)
    }
    #expect(straight.hawkCount > start.hawkCount)
    #expect(host.game.stateHash() == straight.stateHash())
    #expect(guest.game.stateHash() == straight.stateHash())
  }

  @Test("a hawk travels as the game's own encoding and reads back the same")
  func encoding() {
    let scene = BoidsScene(seed: 1, boidCount: 0)
    let hawk = SkyInput.releaseHawk(x: 123.25, y: 0.1)
    let bytes = scene.encodedInput(hawk)
    #expect(bytes.count <= PacketCodec.maximumInlineInput)
    #expect(scene.decodedInput(bytes) == hawk)
    #expect(scene.decodedInput(Array("{\"releaseHawk\":{}}".utf8)) == nil)
  }
}
