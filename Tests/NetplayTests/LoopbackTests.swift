import Foundation
import MonsterWars
import Netplay
import Testing
import TraitSandbox

/// Two peers of one process on the loopback, pumped in turn by one loop until both end or a
/// deadline passes.
struct LoopbackPair {
  let host: NetplayMatch<MatchSession>
  let guest: NetplayMatch<MatchSession>
  let hostSocket: UDPSocket
  let guestSocket: UDPSocket
  let code = SessionCode.random()
  let clock = MonotonicClock()

  init(
    scenario: Scenario, settings: RollbackSettings, faults: NetworkFaults = NetworkFaults(),
    guestScenario: Scenario? = nil
  ) throws {
    let code = self.code
    hostSocket = try UDPSocket(bindingTo: "127.0.0.1", port: 0)
    let hostAddress = try SocketAddress.resolve(host: "127.0.0.1", port: hostSocket.localPort)[0]
    #expect(hostAddress.isLoopback)
    guestSocket = try UDPSocket(toReach: hostAddress)
    func start(_ scenario: Scenario) -> (UInt64) -> MatchSession {
      { MatchSession(scenario: scenario, seed: $0, playerSides: [.left, .right]) }
    }
    let guestScenario = guestScenario ?? scenario
    host = NetplayMatch(
      hosting: start(scenario), fingerprint: scenario.netplayFingerprint(swarmCount: nil),
      seed: 5, settings: settings,
      peer: NetplayPeer(
        role: .host, socket: hostSocket, code: code, faults: faults, faultSeed: 1))
    guest = NetplayMatch(
      joining: start(guestScenario),
      fingerprint: guestScenario.netplayFingerprint(swarmCount: nil),
      peer: NetplayPeer(
        role: .guest, socket: guestSocket, code: code, remote: hostAddress,
        faults: faults, faultSeed: 2))
  }

  /// The host's address on the loopback.
  var hostAddress: SocketAddress {
    get throws { try SocketAddress.resolve(host: "127.0.0.1", port: hostSocket.localPort)[0] }
  }
  /// The guest's.
  var guestAddress: SocketAddress {
    get throws { try SocketAddress.resolve(host: "127.0.0.1", port: guestSocket.localPort)[0] }
  }

  /// Pumps both until both play (5 seconds at most), then `settle` seconds more.
  func start(settle: Double = 0) {
    run(seconds: 5, until: { host.phase == .playing && guest.phase == .playing })
    run(seconds: settle, until: { false })
  }

  /// `message` as a datagram `role`'s peer could send: tagged with the code's key, its counter
  /// `ahead` past the peer's own (so that the peer's later datagram of that counter is the one
  /// refused as seen), for the session `session` names (this one's by default).
  func sealed(
    _ message: Packet.Message, as role: NetplayPeer.Role, ahead: Int, session: UInt64? = nil
  ) -> [UInt8] {
    let keys = SessionKeys(code: code)
    let sender = role == .host ? host.peer : guest.peer
    let packet = PacketCodec.encode(Packet(session: session ?? keys.session, message: message))
    return keys.seal(packet, from: role, counter: UInt32(sender.packetsSent + ahead))
  }

  /// Pumps both until `done` holds or `seconds` pass; `pumpsGuest` false leaves the guest
  /// silent.
  func run(
    seconds: Double, pumpsGuest: Bool = true,
    hostInputs: (UInt32) -> [SessionInput] = { _ in [] },
    guestInputs: (UInt32) -> [SessionInput] = { _ in [] },
    until done: () -> Bool
  ) {
    let deadline = clock.now() + seconds
    while clock.now() < deadline && !done() {
      host.pump(now: clock.now(), inputs: hostInputs)
      if pumpsGuest { guest.pump(now: clock.now(), inputs: guestInputs) }
      host.wait(seconds: 0.001, now: clock.now())
    }
  }
}

@Suite("Netplay: two peers on the loopback", .serialized)
struct LoopbackTests {
  static func duel() throws -> Scenario {
    try Scenario.load(contentsOf: scenarios.appendingPathComponent("duel.json"))
  }

  static func buy(_ index: Int) -> SessionInput { RollbackSessionTests.buy(index) }

  static let hostOrders: [UInt32: [SessionInput]] = [
    10: [buy(0)], 70: [buy(2)], 130: [buy(1)], 200: [buy(1)],
  ]
  static let guestOrders: [UInt32: [SessionInput]] = [
    20: [buy(1)], 90: [buy(1), buy(0)], 150: [.order(.cancel)], 220: [buy(2)],
  ]

  @Test("over a faulty loopback both sides reach the end with the hash the recording replays to")
  func faultyLoopback() throws {
    let faults = try NetworkFaults(
      items: ["loss=5%", "delay=50ms", "jitter=20ms", "duplicate=1%", "reorder=1%"])
    #expect(faults.description == "loss=5%,delay=50ms,jitter=20ms,duplicate=1%,reorder=1%")
    let pair = try LoopbackPair(
      scenario: try Self.duel(), settings: RollbackSettings(endTick: 300),
      faults: faults)
    pair.run(
      seconds: 30, hostInputs: { Self.hostOrders[$0] ?? [] },
      guestInputs: { Self.guestOrders[$0] ?? [] },
      until: { pair.host.hasEnded && pair.guest.hasEnded })
    #expect(pair.host.phase == .ended(.finished))
    #expect(pair.guest.phase == .ended(.finished))
    let host = try #require(pair.host.rollback)
    let guest = try #require(pair.guest.rollback)
    #expect(host.tick == 300 && guest.tick == 300)
    let hash = host.game.match.world.stateHash()
    #expect(guest.game.match.world.stateHash() == hash)
    // Every order of both players is in each side's recording, which replays to the hash.
    let sides = Set(
      host.game.inputs.compactMap { recorded -> Side? in
        if case .order(_, let side) = recorded.input { return side }
        return nil
      })
    #expect(sides == [.left, .right])
    #expect(host.game.inputs == guest.game.inputs)
    for session in [host.game, guest.game] {
      let recording = MatchRecording(
        of: session, startedWith: session.scenario, program: "sandbox test")
      let replayed = try ReplayScript.play(MatchRecording(bytes: recording.bytes()))
      #expect(replayed.match.world.stateHash() == hash)
    }
    // The latency was hidden by rolling back, not by waiting.
    #expect(host.statistics.rollbacks > 0 || guest.statistics.rollbacks > 0)
  }

  @Test("forged, foreign, damaged and future packets are dropped and counted; play goes on")
  func hostilePackets() throws {
    let pair = try LoopbackPair(
      scenario: try Self.duel(), settings: RollbackSettings(endTick: 240))
    pair.run(seconds: 5, until: { pair.host.phase == .playing && pair.guest.phase == .playing })
    let hostAddress = try pair.hostAddress
    let session = pair.host.peer.session
    // From the guest's own address, tagged with the code: each reason once, then a flood of
    // garbage.
    let idle = Packet.Message.inputs(first: 0, ticks: [[]], acknowledged: nil, advantage: 0)
    pair.guestSocket.send(
      pair.sealed(idle, as: .guest, ahead: 20, session: session ^ 1), to: hostAddress)
    var version = pair.sealed(idle, as: .guest, ahead: 21)
    version[4] = 9
    pair.guestSocket.send(version, to: hostAddress)
    pair.guestSocket.send(
      Array(pair.sealed(idle, as: .guest, ahead: 22).prefix(12)), to: hostAddress)
    pair.guestSocket.send(
      pair.sealed(
        .inputs(first: 4_000_000, ticks: [[]], acknowledged: nil, advantage: 0), as: .guest,
        ahead: 23),
      to: hostAddress)
    for index in 0..<100 {
      pair.guestSocket.send([UInt8](repeating: UInt8(index % 256), count: 64), to: hostAddress)
    }
    // From a third address, even a well-formed datagram.
    let stranger = try UDPSocket(toReach: hostAddress)
    stranger.send(pair.sealed(idle, as: .guest, ahead: 24), to: hostAddress)
    pair.run(seconds: 20, until: { pair.host.hasEnded && pair.guest.hasEnded })
    #expect(pair.host.phase == .ended(.finished))
    #expect(pair.guest.phase == .ended(.finished))
    let dropped = pair.host.peer.dropped.counts
    #expect(dropped[.wrongSession] == 1)
    #expect(dropped[.unsupportedVersion] == 1)
    #expect(dropped[.truncated] == 1)
    #expect(dropped[.tickOutOfRange] == 1)
    #expect(dropped[.notAPacket] == 100)
    #expect(dropped[.strangerAddress] == 1)
  }

  @Test("forged acknowledgements, hashes and handshakes from the peer's address change nothing")
  func forgedFromThePeer() throws {
    let pair = try LoopbackPair(
      scenario: try Self.duel(), settings: RollbackSettings(endTick: 240))
    pair.start(settle: 0.5)
    let hostAddress = try pair.hostAddress
    let guestAddress = try pair.guestAddress
    // As the guest, with the code (what only a player could send, and none would): an
    // acknowledgement of every tick the host will ever decide, hashes for each hash tick past
    // the end, and a hello of another game.
    pair.guestSocket.send(
      pair.sealed(
        .inputs(first: 0, ticks: [[]], acknowledged: 239, advantage: 0), as: .guest, ahead: 20),
      to: hostAddress)
    for (index, tick) in stride(from: UInt32(300), through: 600, by: 60).enumerated() {
      pair.guestSocket.send(
        pair.sealed(.stateHash(tick: tick, hash: 7), as: .guest, ahead: 21 + index),
        to: hostAddress)
    }
    pair.guestSocket.send(
      pair.sealed(.hello(fingerprint: 12345), as: .guest, ahead: 30), to: hostAddress)
    // As the host: a welcome to the match the guest already plays.
    pair.hostSocket.send(
      pair.sealed(
        .welcome(seed: 99, inputDelay: 9, maximumRollback: 1, endTick: 5), as: .host, ahead: 20),
      to: guestAddress)
    pair.run(seconds: 20, until: { pair.host.hasEnded && pair.guest.hasEnded })
    #expect(pair.host.phase == .ended(.finished))
    #expect(pair.guest.phase == .ended(.finished))
    let host = try #require(pair.host.rollback)
    let guest = try #require(pair.guest.rollback)
    #expect(host.game.match.world.stateHash() == guest.game.match.world.stateHash())
    #expect(guest.settings.endTick == 240)
    let dropped = pair.host.peer.dropped.counts
    #expect(dropped[.unsentTick] == 1)
    #expect(dropped[.hashOutOfRange] == 6)
    #expect(dropped[.wrongFingerprint] == 1)
    #expect(pair.guest.peer.dropped.counts[.known, default: 0] >= 1)
  }

  @Test("without the code, forged goodbyes, hellos, hashes and inputs are dropped; so are replays")
  func forgedWithoutTheCode() throws {
    let pair = try LoopbackPair(
      scenario: try Self.duel(), settings: RollbackSettings(endTick: 240))
    pair.start(settle: 0.5)
    let hostAddress = try pair.hostAddress
    let guestAddress = try pair.guestAddress
    // Someone who sees the session number on the wire, but not the code: a key of their own.
    let outsider = SessionKeys(code: SessionCode(value: pair.code.value ^ 1))
    let session = pair.host.peer.session
    let forged: [Packet.Message] = [
      .goodbye, .hello(fingerprint: 1), .stateHash(tick: 60, hash: 7),
      .inputs(first: 0, ticks: [[.bytes([1, 0])]], acknowledged: 239, advantage: 0),
    ]
    for (index, message) in forged.enumerated() {
      let packet = PacketCodec.encode(Packet(session: session, message: message))
      let counter = UInt32(pair.guest.peer.packetsSent + 20 + index)
      pair.guestSocket.send(outsider.seal(packet, from: .guest, counter: counter), to: hostAddress)
      pair.hostSocket.send(outsider.seal(packet, from: .host, counter: counter), to: guestAddress)
      // Untagged, as the last format sent it.
      pair.guestSocket.send(packet, to: hostAddress)
    }
    // A true datagram of the guest's, twice: the second is a replay. The host's own, sent back
    // to it, carries the host's tag, which the host does not take from the guest.
    let twice = pair.sealed(.stateHash(tick: 30, hash: 1), as: .guest, ahead: 40)
    pair.guestSocket.send(twice, to: hostAddress)
    pair.guestSocket.send(twice, to: hostAddress)
    pair.guestSocket.send(pair.sealed(.goodbye, as: .host, ahead: 40), to: hostAddress)
    pair.run(seconds: 20, until: { pair.host.hasEnded && pair.guest.hasEnded })
    #expect(pair.host.phase == .ended(.finished))
    #expect(pair.guest.phase == .ended(.finished))
    let host = try #require(pair.host.rollback)
    let guest = try #require(pair.guest.rollback)
    #expect(host.game.match.world.stateHash() == guest.game.match.world.stateHash())
    #expect(pair.host.peer.dropped.counts[.unauthenticated] == 9)
    #expect(pair.guest.peer.dropped.counts[.unauthenticated] == 4)
    #expect(pair.host.peer.dropped.counts[.replayed, default: 0] >= 1)
  }

  @Test("a host answers no hello without the code: nothing comes back to a stranger")
  func noAnswerWithoutTheCode() throws {
    let socket = try UDPSocket(bindingTo: "127.0.0.1", port: 0)
    let address = try SocketAddress.resolve(host: "127.0.0.1", port: socket.localPort)[0]
    let code = SessionCode.random()
    let duel = try Self.duel()
    let host = NetplayMatch<MatchSession>(
      hosting: { MatchSession(scenario: duel, seed: $0, playerSides: [.left, .right]) },
      fingerprint: 1, seed: 1, settings: RollbackSettings(),
      peer: NetplayPeer(role: .host, socket: socket, code: code))
    let stranger = try UDPSocket(toReach: address)
    let keys = SessionKeys(code: SessionCode(value: code.value &+ 1))
    let clock = MonotonicClock()
    for counter in 0..<20 {
      let hello = PacketCodec.encode(
        Packet(session: SessionKeys(code: code).session, message: .hello(fingerprint: 1)))
      stranger.send(keys.seal(hello, from: .guest, counter: UInt32(counter)), to: address)
      stranger.send(hello, to: address)
      host.pump(now: clock.now())
      host.wait(seconds: 0.005, now: clock.now())
    }
    #expect(host.phase == .waitingForGuest)
    #expect(host.peer.packetsSent == 0 && host.peer.remote == nil)
    #expect(host.peer.dropped.counts[.unauthenticated] == 40)
    #expect(stranger.receive(timeout: 0.05) == nil)
  }

  @Test("traffic that confirms no tick ends the match after the progress timeout")
  func stalledPeer() throws {
    let pair = try LoopbackPair(scenario: try Self.duel(), settings: RollbackSettings())
    pair.host.progressTimeout = 0.5
    pair.start(settle: 0.3)
    // The guest stops, but datagrams keep coming from its address: old inputs, said again.
    let hostAddress = try pair.hostAddress
    let idle = Packet.Message.inputs(first: 0, ticks: [[]], acknowledged: nil, advantage: 0)
    let deadline = pair.clock.now() + 5
    var ahead = 0
    while pair.clock.now() < deadline && !pair.host.hasEnded {
      pair.guestSocket.send(pair.sealed(idle, as: .guest, ahead: ahead), to: hostAddress)
      ahead += 1
      pair.host.pump(now: pair.clock.now())
      pair.host.wait(seconds: 0.02, now: pair.clock.now())
    }
    guard case .ended(.stalled(let seconds, _)) = pair.host.phase else {
      Issue.record("the host did not end the stalled match: \(pair.host.phase)")
      return
    }
    #expect(seconds >= 0.5 && seconds < 2)
    #expect(pair.host.peer.silentSeconds < 0.5)
  }

  @Test("a guest with another scenario is refused, and the host waits on")
  func refusesAnotherScenario() throws {
    let swarm = try Scenario.load(contentsOf: scenarios.appendingPathComponent("swarm.json"))
    let pair = try LoopbackPair(
      scenario: try Self.duel(), settings: RollbackSettings(), guestScenario: swarm)
    pair.run(seconds: 5, until: { pair.guest.hasEnded })
    #expect(pair.guest.phase == .ended(.refused))
    #expect(pair.host.phase == .waitingForGuest)
  }

  @Test("the fingerprint a guest is refused by covers the file, the types and their systems")
  func fingerprint() throws {
    let duel = try Self.duel()
    let data = Data(duel.jsonText.utf8)
    let same = try Scenario.parse(data, path: "duel.json", name: "duel")
    #expect(
      same.netplayFingerprint(swarmCount: nil)
        == duel.netplayFingerprint(swarmCount: nil))
    // The same file, played by a roster whose schedule lacks a system.
    let phases = Roster.standard.schedule.phases
    let lacking = Roster(
      Roster.standard.unitTypes, schedule: Schedule(Array(phases.dropLast())))
    let other = try Scenario.parse(data, path: "duel.json", name: "duel", roster: lacking)
    #expect(
      other.netplayFingerprint(swarmCount: nil)
        != duel.netplayFingerprint(swarmCount: nil))
    #expect(
      duel.netplayFingerprint(swarmCount: 10)
        != duel.netplayFingerprint(swarmCount: nil))
  }

  @Test("a player who quits over a slow link is seen to leave, not to fall silent")
  func quitIsSeen() throws {
    let pair = try LoopbackPair(
      scenario: try Self.duel(), settings: RollbackSettings(),
      faults: try NetworkFaults(items: ["delay=80ms"]))
    pair.host.keepsConfirmedInputs = true
    pair.guest.keepsConfirmedInputs = true
    pair.start(settle: 0.3)
    pair.host.quit()
    // The goodbye is held by the simulated delay; the host lets it go before it closes.
    pair.host.peer.drain(seconds: 0.5)
    let clock = MonotonicClock()
    let deadline = clock.now() + 3
    while clock.now() < deadline && !pair.guest.hasEnded {
      pair.guest.pump(now: clock.now())
      pair.guest.wait(seconds: 0.005, now: clock.now())
    }
    guard case .ended(.peerLeft) = pair.guest.phase else {
      Issue.record("the guest did not see the host leave: \(pair.guest.phase)")
      return
    }
    #expect(pair.host.phase == .ended(.quit))
    // Each side's recording ends where its game did, the ticks it ran past the last the other
    // confirmed (80 ms of them, on a prediction) included.
    for match in [pair.host, pair.guest] {
      let game = try #require(match.rollback?.game)
      let recording = try #require(try match.recording())
      #expect(recording.tickCount == Int(game.tick))
      #expect(try recording.replay(like: game).stateHash() == game.stateHash())
    }
  }

  @Test("each side times the round trip with a ping a second, and F1's figures say it")
  func roundTrip() throws {
    let pair = try LoopbackPair(
      scenario: try Self.duel(), settings: RollbackSettings(),
      faults: try NetworkFaults(items: ["delay=40ms"]))
    pair.run(seconds: 5, until: { pair.host.phase == .playing && pair.guest.phase == .playing })
    pair.run(seconds: 2.5, until: { false })
    for match in [pair.host, pair.guest] {
      // 40 ms each way, and up to a pump's wait on each side.
      let seconds = try #require(match.roundTrip)
      #expect(seconds > 0.075 && seconds < 0.2, "\(seconds)")
      #expect(match.figures.first?.hasPrefix("round trip ") == true)
      #expect(match.figures.first != "round trip not yet")
      #expect(match.figures.last?.hasPrefix("sent ") == true)
    }
    // A pong of no ping is counted, and times nothing.
    let hostAddress = try pair.hostAddress
    let before = pair.host.roundTrip
    pair.guestSocket.send(pair.sealed(.pong(stamp: 7), as: .guest, ahead: 1000), to: hostAddress)
    pair.run(seconds: 0.3, until: { false })
    #expect(pair.host.peer.dropped.counts[.unasked] == 1)
    #expect(pair.host.roundTrip != nil && before != nil)
  }

  @Test("the host sets both sides' input delay from the round trip, unless told not to")
  func adaptiveDelay() throws {
    let pair = try LoopbackPair(scenario: try Self.duel(), settings: RollbackSettings())
    pair.run(seconds: 5, until: { pair.host.phase == .playing && pair.guest.phase == .playing })
    // The loopback's round trip is a few milliseconds: a tick of delay.
    pair.run(
      seconds: 5,
      until: { pair.host.rollback?.inputDelay == 1 && pair.guest.rollback?.inputDelay == 1 })
    #expect(pair.host.rollback?.inputDelay == 1 && pair.guest.rollback?.inputDelay == 1)
    let fixed = try LoopbackPair(scenario: try Self.duel(), settings: RollbackSettings())
    fixed.host.adaptsInputDelay = false
    fixed.run(seconds: 5, until: { fixed.host.phase == .playing && fixed.guest.phase == .playing })
    fixed.run(seconds: 2.5, until: { false })
    #expect(fixed.host.roundTrip != nil)
    #expect(fixed.host.rollback?.inputDelay == 2 && fixed.guest.rollback?.inputDelay == 2)
  }

  @Test("a peer that goes silent is reported after the timeout")
  func silentPeer() throws {
    let pair = try LoopbackPair(scenario: try Self.duel(), settings: RollbackSettings())
    pair.host.silenceTimeout = 0.5
    pair.start(settle: 0.3)
    pair.run(seconds: 5, pumpsGuest: false, until: { pair.host.hasEnded })
    guard case .ended(.peerSilent(let seconds, _)) = pair.host.phase else {
      Issue.record("the host did not report silence: \(pair.host.phase)")
      return
    }
    #expect(seconds >= 0.5)
    // It waited at the rollback limit meanwhile rather than running on.
    let host = try #require(pair.host.rollback)
    #expect(host.statistics.waits > 0)
  }

  @Test("a desync is recovered from: the host's state replaces the guest's, both end on one hash")
  func desyncRecovered() throws {
    let faults = try NetworkFaults(items: ["loss=5%", "delay=20ms"])
    let pair = try LoopbackPair(
      scenario: try Self.duel(), settings: RollbackSettings(endTick: 480), faults: faults)
    pair.host.onDesync = .recover
    pair.guest.onDesync = .recover
    pair.guest.perturbation = 100
    pair.host.keepsConfirmedInputs = true
    pair.guest.keepsConfirmedInputs = true
    var seen: [(Desync, UInt64)] = []
    pair.host.desyncSeen = { desync, game in seen.append((desync, game.tick)) }
    pair.guest.desyncSeen = { desync, game in seen.append((desync, game.tick)) }
    pair.run(
      seconds: 30, hostInputs: { Self.hostOrders[$0] ?? [] },
      guestInputs: { Self.guestOrders[$0] ?? [] },
      until: { pair.host.hasEnded && pair.guest.hasEnded })
    #expect(
      pair.host.phase == .ended(.finished) && pair.guest.phase == .ended(.finished),
      "\(pair.host.summary) \(pair.guest.summary)")
    let host = try #require(pair.host.rollback)
    let guest = try #require(pair.guest.rollback)
    #expect(guest.game.stateHash() == host.game.stateHash())
    #expect(host.game.tick == 480 && guest.game.tick == 480)
    // Seen at a hash tick from the first after the extra tick on (120), by the host, the guest
    // or both (the guest may load the host's state before it compares the host's hash), on
    // each side's game as it was then: a side whose hash of tick 120 was lost on the way (5%
    // are) sees it at the next hash tick it gets before the state that mends it.
    let ticks = pair.host.desyncs.map(\.tick) + pair.guest.desyncs.map(\.tick)
    #expect(!ticks.isEmpty && ticks.allSatisfy { $0 >= 120 && $0 % 60 == 0 && $0 < 480 })
    #expect(seen.map(\.0.tick) == ticks.sorted() && seen.allSatisfy { $0.1 >= 120 })
    #expect(pair.host.recoveries == 1 && pair.guest.recoveries == 1)
    // Both recordings replay to the hash both ended on: the guest's holds the host's inputs
    // from before its state was replaced, which came with the state.
    for session in [host.game, guest.game] {
      let recording = MatchRecording(
        of: session, startedWith: session.scenario, program: "sandbox test")
      let replayed = try ReplayScript.play(MatchRecording(bytes: recording.bytes()))
      #expect(replayed.stateHash() == host.game.stateHash())
    }
    #expect(guest.game.inputs == host.game.inputs)
    // Every game's recordings replay to it too: the host's from the start, the guest's from
    // the host's state it loaded.
    let hostRecording = try #require(try pair.host.recording())
    let guestRecording = try #require(try pair.guest.recording())
    #expect(hostRecording.tickCount == 480 && guestRecording.tickCount < 480 - 100)
    for recording in [hostRecording, guestRecording] {
      #expect(try recording.replay(like: host.game).stateHash() == host.game.stateHash())
    }
  }

  @Test("by default a desync ends the match on both sides, at the tick it was seen")
  func desyncStops() throws {
    let pair = try LoopbackPair(scenario: try Self.duel(), settings: RollbackSettings())
    pair.guest.perturbation = 50
    pair.run(seconds: 10, until: { pair.host.hasEnded && pair.guest.hasEnded })
    // The side that sees it first says goodbye; the other may see that before the hash.
    let endings = [pair.host.phase, pair.guest.phase]
    let seen = endings.compactMap { phase -> UInt32? in
      if case .ended(.desynced(let desync)) = phase { return desync.tick }
      return nil
    }
    #expect(!seen.isEmpty && seen.allSatisfy { $0 == 60 }, "\(endings)")
    for phase in endings {
      switch phase {
      case .ended(.desynced), .ended(.peerLeft): break
      default: Issue.record("a side ended otherwise: \(phase)")
      }
    }
    #expect(pair.host.recoveries == 0 && pair.guest.recoveries == 0)
  }

  @Test("a guest whose process died joins again with the same code and the match plays on")
  func rejoin() throws {
    let scenario = try Self.duel()
    let pair = try LoopbackPair(scenario: scenario, settings: RollbackSettings(endTick: 600))
    pair.start(settle: 1)
    // The guest's process dies: nothing more comes from it, and nothing it held survives.
    let diedAt = try #require(pair.guest.rollback?.tick)
    #expect(diedAt > 30)
    pair.run(seconds: 1.5, pumpsGuest: false, until: { false })
    #expect(pair.host.notice?.hasPrefix("the other player is silent (1 s)") == true)
    let socket = try UDPSocket(toReach: try pair.hostAddress)
    let again = NetplayMatch(
      joining: { MatchSession(scenario: scenario, seed: $0, playerSides: [.left, .right]) },
      fingerprint: scenario.netplayFingerprint(swarmCount: nil),
      peer: NetplayPeer(role: .guest, socket: socket, code: pair.code, remote: try pair.hostAddress)
    )
    let clock = MonotonicClock()
    let deadline = clock.now() + 30
    while clock.now() < deadline && !(pair.host.hasEnded && again.hasEnded) {
      pair.host.pump(now: clock.now(), inputs: { Self.hostOrders[$0] ?? [] })
      again.pump(now: clock.now(), inputs: { Self.guestOrders[$0] ?? [] })
      pair.host.wait(seconds: 0.001, now: clock.now())
    }
    #expect(pair.host.phase == .ended(.finished))
    #expect(again.phase == .ended(.finished))
    #expect(pair.host.rejoins == 1 && again.rejoins == 1)
    #expect(pair.host.recoveries == 0 && again.recoveries == 0)
    let host = try #require(pair.host.rollback)
    let guest = try #require(again.rollback)
    #expect(host.game.stateHash() == guest.game.stateHash())
    // Both recordings hold both players' inputs, the first guest's and the second's, and
    // replay to the hash both ended on.
    #expect(guest.game.inputs == host.game.inputs)
    for session in [host.game, guest.game] {
      let recording = MatchRecording(
        of: session, startedWith: session.scenario, program: "sandbox test")
      let replayed = try ReplayScript.play(MatchRecording(bytes: recording.bytes()))
      #expect(replayed.stateHash() == host.game.stateHash())
    }
    let sides = Set(
      host.game.inputs.compactMap { recorded -> Side? in
        if case .order(_, let side) = recorded.input { return side }
        return nil
      })
    #expect(sides == [.left, .right])
  }

  @Test("a guest whose network dropped for seconds plays on when it comes back")
  func networkDrop() throws {
    let pair = try LoopbackPair(scenario: try Self.duel(), settings: RollbackSettings(endTick: 420))
    pair.start(settle: 0.5)
    pair.run(seconds: 2.5, pumpsGuest: false, until: { false })
    #expect(!pair.host.hasEnded)
    pair.run(seconds: 20, until: { pair.host.hasEnded && pair.guest.hasEnded })
    #expect(pair.host.phase == .ended(.finished) && pair.guest.phase == .ended(.finished))
    #expect(pair.host.rejoins == 0)
  }

  @Test("no one takes a playing guest's place; a rejoin that answers no challenge is refused")
  func noHijack() throws {
    let pair = try LoopbackPair(scenario: try Self.duel(), settings: RollbackSettings())
    pair.start(settle: 0.5)
    let stranger = try UDPSocket(toReach: try pair.hostAddress)
    let keys = SessionKeys(code: pair.code)
    // The fingerprint a hello of this match carries: the game's name and the scenario's.
    var hasher = StateHasher()
    hasher.combine(MatchSession.name)
    hasher.combine(try Self.duel().netplayFingerprint(swarmCount: nil))
    let fingerprint = hasher.finalize().rawValue
    let hostAddress = try pair.hostAddress
    func send(_ message: Packet.Message, counter: UInt32) {
      let packet = PacketCodec.encode(Packet(session: keys.session, message: message))
      stranger.send(keys.seal(packet, from: .guest, counter: counter), to: hostAddress)
    }
    let dropped = pair.host.peer.dropped.counts[.strangerAddress] ?? 0
    // While the guest plays, a hello from elsewhere is not answered.
    send(.hello(fingerprint: fingerprint), counter: 0)
    send(.rejoin(nonce: 42), counter: 1)
    pair.run(seconds: 0.3, until: { false })
    #expect(stranger.receive(timeout: 0.05) == nil)
    #expect(pair.host.peer.dropped.counts[.strangerAddress] == dropped + 2)
    // Once it is silent, a hello is challenged, and a rejoin with another nonce refused.
    pair.run(seconds: 1.3, pumpsGuest: false, until: { false })
    send(.hello(fingerprint: fingerprint), counter: 2)
    pair.run(seconds: 0.2, pumpsGuest: false, until: { false })
    let answer = try #require(stranger.receive(timeout: 0.5))
    let opened = try #require(keys.open(answer.bytes, from: .host))
    let challenge = try PacketCodec.decode(
      opened.packet, expecting: PacketCodec.Expectations(session: keys.session, ticks: 0...1000))
    guard case .challenge(let nonce) = challenge.message else {
      Issue.record("no challenge: \(challenge.message)")
      return
    }
    send(.rejoin(nonce: nonce &+ 1), counter: 3)
    pair.run(seconds: 0.2, pumpsGuest: false, until: { false })
    #expect(pair.host.peer.dropped.counts[.unasked] == 1)
    #expect(pair.host.rejoins == 0)
    // The guest comes back and plays on.
    pair.run(seconds: 1, until: { false })
    #expect(pair.host.phase == .playing && pair.guest.phase == .playing)
  }

  @Test("eight spectators join a match under way, one leaves and comes back; all see its end")
  func spectators() throws {
    let scenario = try Self.duel()
    let pair = try LoopbackPair(scenario: scenario, settings: RollbackSettings(endTick: 600))
    pair.start(settle: 0.3)
    let hostAddress = try pair.hostAddress
    func spectator() throws -> NetplaySpectator<MatchSession> {
      NetplaySpectator(
        watching: { MatchSession(scenario: scenario, seed: $0, playerSides: [.left, .right]) },
        fingerprint: scenario.netplayFingerprint(swarmCount: nil),
        peer: NetplayPeer(
          role: .spectator, socket: try UDPSocket(toReach: hostAddress), code: pair.code,
          remote: hostAddress))
    }
    var watching: [NetplaySpectator<MatchSession>] = []
    var cameBack = false
    var mostWatching = 0
    let clock = MonotonicClock()
    let deadline = clock.now() + 40
    while clock.now() < deadline
      && !(pair.host.hasEnded && pair.guest.hasEnded && watching.allSatisfy(\.hasEnded))
    {
      let now = clock.now()
      // One joins every 40 ticks; the first leaves at its tick 350 and joins again.
      if watching.count < 8, let tick = pair.host.rollback?.tick,
        tick >= 40 * UInt32(watching.count + 1)
      {
        watching.append(try spectator())
      }
      if !cameBack, watching.count == 8, watching[0].tick > 350 {
        watching[0].quit()
        watching[0] = try spectator()
        cameBack = true
      }
      pair.host.pump(now: now, inputs: { Self.hostOrders[$0] ?? [] })
      pair.guest.pump(now: now, inputs: { Self.guestOrders[$0] ?? [] })
      for watcher in watching { watcher.pump(now: now) }
      mostWatching = max(mostWatching, pair.host.spectatorCount)
      pair.host.wait(seconds: 0.001, now: clock.now())
    }
    #expect(pair.host.phase == .ended(.finished) && pair.guest.phase == .ended(.finished))
    #expect(cameBack && watching.count == 8 && mostWatching == 8)
    let hash = try #require(pair.host.rollback?.game.stateHash())
    for watcher in watching {
      #expect(watcher.phase == .ended(.finished))
      #expect(watcher.tick == 600 && watcher.game?.stateHash() == hash)
    }
    // Each said goodbye once it had it all.
    #expect(pair.host.spectatorCount == 0)
  }

  @Test("a player whose address changes while silent (a NAT's new mapping) is followed there")
  func addressChange() throws {
    let pair = try LoopbackPair(scenario: try Self.duel(), settings: RollbackSettings())
    pair.start(settle: 0.3)
    let moved = try UDPSocket(toReach: try pair.hostAddress)
    let hostAddress = try pair.hostAddress
    // Tagged and counted as the guest's own: at once, it is a third address.
    moved.send(pair.sealed(.ping(stamp: 1), as: .guest, ahead: 10), to: hostAddress)
    pair.run(seconds: 0.2, until: { false })
    #expect(pair.host.peer.dropped.counts[.strangerAddress] == 1)
    #expect(moved.receive(timeout: 0.05) == nil)
    // Once the guest's old address has been silent a while, the new one is taken.
    pair.run(seconds: 1.2, pumpsGuest: false, until: { false })
    moved.send(pair.sealed(.ping(stamp: 2), as: .guest, ahead: 11), to: hostAddress)
    pair.run(seconds: 0.2, pumpsGuest: false, until: { false })
    let movedAddress = try SocketAddress.resolve(host: "127.0.0.1", port: moved.localPort)[0]
    #expect(pair.host.peer.remote == movedAddress)
    let answer = try #require(moved.receive(timeout: 0.5))
    #expect(SessionKeys(code: pair.code).open(answer.bytes, going: .hostToGuest) != nil)
    // A replay from yet another address is not followed.
    let third = try UDPSocket(toReach: hostAddress)
    third.send(pair.sealed(.ping(stamp: 2), as: .guest, ahead: 11), to: hostAddress)
    pair.run(seconds: 1.2, pumpsGuest: false, until: { false })
    #expect(pair.host.peer.remote == movedAddress)
  }
}
