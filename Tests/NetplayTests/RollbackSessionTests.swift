import Foundation
import MonsterWars
import Netplay
import Testing
import TraitSandbox

let scenarios = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Assets/scenarios")

/// Two rollback sessions joined by an in-memory link that delivers each message a fixed number
/// of ticks late (and drops some), stepped in lockstep by one loop: what two peers do, without
/// the network's timing.
struct LinkedPeers {
  var host: RollbackSession<MatchSession>
  var guest: RollbackSession<MatchSession>
  /// Messages on their way, with the loop turn they arrive at and their sender's epoch.
  var toHost: [(turn: Int, message: Packet.Message, epoch: UInt8)] = []
  var toGuest: [(turn: Int, message: Packet.Message, epoch: UInt8)] = []
  var turn = 0
  let latency: Int
  /// Every how many sends one is lost (0: none).
  let dropEvery: Int
  var sent = 0

  init(
    scenario: Scenario, seed: UInt64, guestSeed: UInt64? = nil, latency: Int, dropEvery: Int = 0,
    settings: RollbackSettings
  ) {
    host = RollbackSession(
      game: MatchSession(scenario: scenario, seed: seed, playerSides: [.left, .right]),
      localSeat: 0, remoteSeat: 1, settings: settings)
    guest = RollbackSession(
      game: MatchSession(
        scenario: scenario, seed: guestSeed ?? seed, playerSides: [.left, .right]),
      localSeat: 1, remoteSeat: 0, settings: settings)
    self.latency = latency
    self.dropEvery = dropEvery
  }

  mutating func send(_ message: Packet.Message, toGuest: Bool) {
    sent += 1
    if dropEvery > 0 && sent % dropEvery == 0 { return }
    if toGuest {
      self.toGuest.append((turn + latency, message, host.epoch))
    } else {
      toHost.append((turn + latency, message, guest.epoch))
    }
  }

  /// One turn: deliver what arrived, give the scripted inputs (and the host's retune), advance
  /// both, send.
  mutating func turn(
    hostInputs: [SessionInput], guestInputs: [SessionInput], hostRetune: String? = nil
  ) {
    for (_, message, epoch) in toHost.filter({ $0.turn <= turn }) {
      host.receive(message, epoch: epoch)
    }
    toHost.removeAll { $0.turn <= turn }
    for (_, message, epoch) in toGuest.filter({ $0.turn <= turn }) {
      guest.receive(message, epoch: epoch)
    }
    toGuest.removeAll { $0.turn <= turn }
    for input in hostInputs { host.queue(input) }
    if let hostRetune { host.queue(.retune(scenarioJSON: hostRetune)) }
    for input in guestInputs { guest.queue(input) }
    host.advance()
    guest.advance()
    if let message = host.inputsMessage() { send(message, toGuest: true) }
    if let message = guest.inputsMessage() { send(message, toGuest: false) }
    for part in host.inputPartMessages { send(part, toGuest: true) }
    // A finished side repeats its last hash until the other agrees, as a peer does.
    if let message = host.hashToSend() ?? (host.isFinished ? host.lastConfirmedHash : nil) {
      send(message, toGuest: true)
    }
    if let message = guest.hashToSend() ?? (guest.isFinished ? guest.lastConfirmedHash : nil) {
      send(message, toGuest: false)
    }
    turn += 1
  }
}

@Suite("Netplay: rollback")
struct RollbackSessionTests {
  static func duel() throws -> Scenario {
    try Scenario.load(contentsOf: scenarios.appendingPathComponent("duel.json"))
  }

  /// An order for the kind at `index` in the standard roster.
  static func buy(_ index: Int) -> SessionInput {
    .order(.buy(Roster.standard.kinds[index]))
  }

  /// The orders each side gives, by the tick the side stands at when giving it.
  static let hostOrders: [UInt32: [SessionInput]] = [
    5: [buy(0)], 40: [buy(1)], 41: [buy(2)], 200: [buy(1), .order(.cancel)], 260: [buy(2)],
  ]
  static let guestOrders: [UInt32: [SessionInput]] = [
    3: [buy(2)], 44: [buy(0), buy(0)], 150: [.order(.cancel)], 151: [buy(1)], 300: [.restart],
    310: [buy(1)],
  ]

  /// The match both players' inputs make, stepped straight: each input at its tick plus the
  /// delay, the host's first.
  static func straightRun(ticks: UInt32, delay: UInt32, seed: UInt64) throws -> MatchSession {
    var session = MatchSession(scenario: try duel(), seed: seed, playerSides: [.left, .right])
    func apply(_ input: SessionInput, _ side: Side) {
      switch input {
      case .order(.buy(let kind)): session.apply(.order(kind, side: side))
      case .order(.cancel): session.apply(.cancelOrder(side: side))
      case .restart: if side == .left { session.apply(.restart) }
      case .retune: Issue.record("the scripted orders hold no retune")
      }
    }
    for tick in 0..<ticks {
      if tick >= delay {
        for input in hostOrders[tick - delay] ?? [] { apply(input, .left) }
        for input in guestOrders[tick - delay] ?? [] { apply(input, .right) }
      }
      session.step()
    }
    return session
  }

  func play(latency: Int, dropEvery: Int = 0, ticks: UInt32, delay: Int = 2) throws
    -> LinkedPeers
  {
    var peers = LinkedPeers(
      scenario: try Self.duel(), seed: 11, latency: latency, dropEvery: dropEvery,
      settings: RollbackSettings(inputDelay: delay, endTick: ticks))
    var turns = 0
    while !(peers.host.endAgreed && peers.guest.endAgreed) && turns < Int(ticks) * 4 {
      let hostTick = peers.host.tick
      let guestTick = peers.guest.tick
      peers.turn(
        hostInputs: peers.host.canAdvance ? Self.hostOrders[hostTick] ?? [] : [],
        guestInputs: peers.guest.canAdvance ? Self.guestOrders[guestTick] ?? [] : [])
      turns += 1
    }
    #expect(peers.host.isFinished && peers.guest.isFinished)
    return peers
  }

  @Test("inputs that come late roll both sides back to the straight run's state")
  func mispredictionEqualsStraightRun() throws {
    let ticks: UInt32 = 420
    let peers = try play(latency: 5, ticks: ticks)
    let straight = try Self.straightRun(ticks: ticks, delay: 2, seed: 11)
    #expect(peers.host.game.match.world.stateHash() == straight.match.world.stateHash())
    #expect(peers.guest.game.match.world.stateHash() == straight.match.world.stateHash())
    // The late orders were predicted wrong and rolled back for, never deeper than allowed.
    #expect(peers.host.statistics.rollbacks >= 4)
    #expect(peers.guest.statistics.rollbacks >= 4)
    #expect(peers.host.statistics.deepestRollback <= 8)
    // The hashes were compared every second and at the end.
    #expect(peers.host.endAgreed && peers.guest.endAgreed)
    #expect(peers.host.desync == nil && peers.guest.desync == nil)
  }

  @Test("the host's live tuning travels as an input with its scenario text, on both sides")
  func retuneTravels() throws {
    let duel = try Self.duel()
    let json = duel.jsonText
    let richer = json.replacingOccurrences(
      of: "\"coinsPerSecond\":16", with: "\"coinsPerSecond\":40")
    try #require(richer != json)
    var peers = LinkedPeers(
      scenario: duel, seed: 11, latency: 4, dropEvery: 3,
      settings: RollbackSettings(endTick: 300))
    var turns = 0
    while !(peers.host.endAgreed && peers.guest.endAgreed) && turns < 1200 {
      let retune = peers.host.tick == 50 && peers.host.canAdvance ? richer : nil
      peers.turn(hostInputs: [], guestInputs: [], hostRetune: retune)
      turns += 1
    }
    #expect(peers.host.endAgreed && peers.guest.endAgreed)
    var straight = MatchSession(scenario: duel, seed: 11, playerSides: [.left, .right])
    for tick in 0..<300 {
      if tick == 52 {
        let retuned = straight.apply(.retune(scenarioJSON: richer))
        #expect(retuned)
      }
      straight.step()
    }
    #expect(peers.guest.game.match.world.stateHash() == straight.match.world.stateHash())
    #expect(peers.host.game.match.world.stateHash() == straight.match.world.stateHash())
    #expect(peers.guest.game.scenario.economy.coinsPerSecond == 40)
    // Acknowledged, the text is no longer sent.
    #expect(peers.host.inputPartMessages.isEmpty)
  }

  @Test("with no input delay every input travels all the same, to the straight run's state")
  func noInputDelay() throws {
    // Each side's newest input is acknowledged as soon as it is decided: what it sends next
    // is that input again, never an empty log.
    for latency in [0, 3] {
      let peers = try play(latency: latency, dropEvery: 5, ticks: 240, delay: 0)
      let straight = try Self.straightRun(ticks: 240, delay: 0, seed: 11)
      #expect(peers.host.game.match.world.stateHash() == straight.match.world.stateHash())
      #expect(peers.guest.game.match.world.stateHash() == straight.match.world.stateHash())
      #expect(peers.host.endAgreed && peers.guest.endAgreed)
    }
  }

  @Test("with no latency nothing is predicted wrong and nothing rolls back")
  func noLatencyNoRollback() throws {
    let peers = try play(latency: 0, ticks: 200)
    #expect(peers.host.statistics.rollbacks == 0)
    let straight = try Self.straightRun(ticks: 200, delay: 2, seed: 11)
    #expect(peers.host.game.match.world.stateHash() == straight.match.world.stateHash())
  }

  @Test("a lost packet's inputs come again in the next, so losses change nothing")
  func lossesAreRepaired() throws {
    let peers = try play(latency: 3, dropEvery: 4, ticks: 360)
    let straight = try Self.straightRun(ticks: 360, delay: 2, seed: 11)
    #expect(peers.host.game.match.world.stateHash() == straight.match.world.stateHash())
    #expect(peers.guest.game.match.world.stateHash() == straight.match.world.stateHash())
  }

  @Test("a side with no news of the other waits after the rollback limit")
  func waitsAtTheLimit() throws {
    var host = try RollbackSession.duel(settings: RollbackSettings(maximumRollback: 8))
    for _ in 0..<20 { host.advance() }
    #expect(host.tick == 8)
    #expect(!host.canAdvance)
    #expect(host.statistics.waits == 12)
    // Inputs for the first four ticks let it run four more.
    host.receive(.inputs(first: 0, ticks: [[], [], [], []], acknowledged: nil, advantage: 0))
    for _ in 0..<10 { host.advance() }
    #expect(host.tick == 12)
  }

  @Test("different states on the two sides stop both with the tick they differ at")
  func desyncIsCaught() throws {
    var peers = LinkedPeers(
      scenario: try Self.duel(), seed: 11, guestSeed: 12, latency: 2,
      settings: RollbackSettings(hashInterval: 30))
    for _ in 0..<120 { peers.turn(hostInputs: [], guestInputs: []) }
    #expect(peers.host.desync?.tick == 30)
    #expect(peers.guest.desync?.tick == 30)
    #expect(peers.host.desync?.description.hasPrefix("desynced at tick 30: stateHash ") == true)
    #expect(!peers.host.canAdvance)
  }

  @Test("at most four inputs a tick are queued, and none the game would not read back")
  func inputLimits() throws {
    var guest = try RollbackSession.duel(localSeat: 1)
    let foreign = guest.queue(.order(.buy(UnitKind("dragon"))))
    #expect(!foreign)
    var queued = 0
    for _ in 0..<5 where guest.queue(Self.buy(0)) { queued += 1 }
    #expect(queued == 4)
    #expect(guest.statistics.droppedInputs == 2)
  }

  @Test("the guest's restart and retune change nothing, on either side")
  func onlyTheHostRestarts() throws {
    var peers = LinkedPeers(
      scenario: try Self.duel(), seed: 5, latency: 2, settings: RollbackSettings(endTick: 90))
    var turns = 0
    while !(peers.host.endAgreed && peers.guest.endAgreed) && turns < 400 {
      let guestInputs: [SessionInput] =
        peers.guest.tick == 60 && peers.guest.canAdvance ? [.restart] : []
      peers.turn(hostInputs: [], guestInputs: guestInputs)
      turns += 1
    }
    #expect(peers.host.endAgreed && peers.guest.endAgreed)
    // Not restarted: the match's own tick is the session's.
    #expect(peers.host.game.match.world.tick == 90)
    #expect(peers.guest.game.match.world.tick == 90)
  }

  @Test("inputs the game does not read are refused with the rest of their packet")
  func undecodableInputsRefused() throws {
    var host = try RollbackSession.duel()
    // Kind 7 is past the roster's three; a cancel has no argument.
    for bytes: [UInt8] in [[1, 7], [2, 0], [9], []] {
      let taken = host.receive(
        .inputs(first: 0, ticks: [[.bytes(bytes)], []], acknowledged: nil, advantage: 0))
      #expect(taken == .badInput, "\(bytes)")
      #expect(host.confirmedTicks == 0)
    }
    let taken = host.receive(
      .inputs(first: 0, ticks: [[.bytes([1, 2])], [.bytes([2])]], acknowledged: nil, advantage: 0))
    #expect(taken == nil)
    #expect(host.confirmedTicks == 2)
  }
}

@Suite("Netplay: time sync")
struct TimeSyncTests {
  @Test("a side ahead of the other by its own and the other's reckoning slows down")
  func aheadSlows() throws {
    var host = try RollbackSession.duel()
    for _ in 0..<8 { host.advance() }
    // The host has sent its inputs up to tick 9 (two ticks of delay past its 8).
    _ = host.inputsMessage()
    // The guest's inputs are known for two ticks, decided at its tick 0: the host reckons
    // itself 8 ticks ahead; the guest, which has the host's inputs, reckons itself 4 behind.
    host.receive(.inputs(first: 0, ticks: [[], []], acknowledged: 5, advantage: -4))
    #expect(host.localAdvantage == 8)
    #expect(host.ticksAhead == 6)
    // Both reckon the same lag: neither is ahead.
    host.receive(.inputs(first: 2, ticks: [[]], acknowledged: 5, advantage: 7))
    #expect(host.localAdvantage == 7)
    #expect(host.ticksAhead == 0)
  }
}

extension RollbackSession where G == MatchSession {
  /// A session of the duel from seed 1 for the player at `localSeat`, with no one linked.
  static func duel(
    localSeat: Int = 0, settings: RollbackSettings = RollbackSettings()
  ) throws -> RollbackSession {
    RollbackSession(
      game: MatchSession(
        scenario: try RollbackSessionTests.duel(), seed: 1, playerSides: [.left, .right]),
      localSeat: localSeat, remoteSeat: 1 - localSeat, settings: settings)
  }
}
