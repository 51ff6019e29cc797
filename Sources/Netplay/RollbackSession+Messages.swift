import Gameplay
import TraitSandbox

/// What a rollback session sends the other player (its inputs, its hashes, its time sync) and
/// how it checks the hashes it gets back.
extension RollbackSession {
  /// The ticks a packet from the other player may name now, for its inputs and its hashes:
  /// anything outside is stale or forged.
  public var acceptedTicks: ClosedRange<UInt32> {
    // A hash comes for a tick the other side confirmed, which may be a second and the
    // rollback window behind its inputs; no side runs ten seconds ahead of the other.
    let earliest = remoteInputs.end > 256 ? remoteInputs.end - 256 : 0
    return earliest...(max(remoteInputs.end, tick) + 600)
  }

  /// The local inputs the other player has not acknowledged, oldest first (at most
  /// `PacketCodec.maximumTicksPerPacket`; the newest alone once all are), the newest remote
  /// tick held, and the time-sync advantage: the packet to send, whose newest tick the other
  /// player may acknowledge from now on. `nil` before any local tick is decided.
  public mutating func inputsMessage() -> Packet.Message? {
    guard localInputs.end > 0 else { return nil }
    let last = localInputs.end - 1
    let unacknowledged = acknowledgedByRemote.map { $0 + 1 } ?? 0
    // The oldest first: the other side takes ticks only in order.
    let from = min(max(unacknowledged, localInputs.base), last)
    let to = min(last, from + UInt32(PacketCodec.maximumTicksPerPacket) - 1)
    // As many ticks as fit a packet: at least the first.
    var ticks: [[WireInput]] = []
    for tick in from...to {
      let inputs = localInputs[tick].map { WireInput(encoding: game.encodedInput($0)) }
      if !ticks.isEmpty && PacketCodec.inputsSize(ticks + [inputs]) > PacketCodec.maximumPacketSize
      {
        break
      }
      ticks.append(inputs)
    }
    let newest = from + UInt32(ticks.count) - 1
    newestInputSent = max(newestInputSent ?? newest, newest)
    let acknowledged = remoteInputs.end > 0 ? remoteInputs.end - 1 : nil
    let advantage = Int8(clamping: localAdvantage)
    return .inputs(first: from, ticks: ticks, acknowledged: acknowledged, advantage: advantage)
  }

  /// How many ticks this side reckons it runs ahead of the other: its tick against the one
  /// the other's newest input was decided at.
  public var localAdvantage: Int {
    Int(tick) - (Int(remoteInputs.end) - inputDelay)
  }

  /// How many ticks this side runs ahead of the other, from both sides' reckoning (each sees
  /// the other late by the network's latency; the halved difference cancels it). A side ahead
  /// by a tick or more slows down.
  public var ticksAhead: Double {
    Double(localAdvantage - remoteAdvantage) / 2
  }

  /// The newest confirmed local hash not sent yet, as a message.
  public mutating func hashToSend() -> Packet.Message? {
    guard
      let tick = localHashes.keys.filter({ $0 > lastHashSent && isConfirmed($0) }).max(),
      let hash = localHashes[tick]
    else { return nil }
    lastHashSent = tick
    return .stateHash(tick: tick, hash: hash.rawValue)
  }

  /// The newest confirmed hash tick and its hash, resent until the other side agrees: what a
  /// finished session repeats.
  public var lastConfirmedHash: Packet.Message? {
    guard let tick = localHashes.keys.filter(isConfirmed).max(), let hash = localHashes[tick]
    else { return nil }
    return .stateHash(tick: tick, hash: hash.rawValue)
  }

  /// Whether the state after `ticks` ticks ran with both players' real inputs.
  func isConfirmed(_ ticks: UInt32) -> Bool {
    ticks <= tick && ticks <= remoteInputs.end && (rollbackTarget.map { ticks <= $0 } ?? true)
  }

  /// Whether the other player agreed with this side's hash at the end tick.
  public var endAgreed: Bool {
    guard let end = settings.endTick else { return false }
    return lastAgreedHashTick == end
  }

  /// Compares the other player's hashes of confirmed ticks with this side's: the first that
  /// differs is the desync; the newest that agrees is kept, and older hashes are dropped.
  mutating func compareHashes() {
    for (remoteTick, remoteHash) in remoteHashes.sorted(by: { $0.key < $1.key }) {
      guard isConfirmed(remoteTick) else { continue }
      remoteHashes[remoteTick] = nil
      guard let local = localHashes[remoteTick] else { continue }
      if local != remoteHash && desync == nil {
        desync = Desync(tick: remoteTick, local: local, remote: remoteHash)
      } else if local == remoteHash {
        lastAgreedHashTick = max(lastAgreedHashTick ?? 0, remoteTick)
      }
    }
    // Hashes both sides have moved past are not needed.
    if let agreed = lastAgreedHashTick {
      localHashes = localHashes.filter { $0.key >= agreed }
    }
    if localHashes.count > 64, let oldest = localHashes.keys.min() {
      localHashes[oldest] = nil
    }
  }
}
