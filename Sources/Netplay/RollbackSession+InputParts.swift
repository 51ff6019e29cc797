/// Inputs too long for an inputs packet (a host's reloaded scenario, say): each travels as its
/// hash in the inputs and its encoding in parts of a packet each.
extension RollbackSession {
  /// Keeps a long input's encoding, forgetting the oldest beyond `maximumLongInputs`: a tick
  /// that needs one is at most a rollback old, and players give long inputs rarely.
  mutating func keepLongInput(_ encoding: [UInt8], hash: UInt64) {
    guard longInputs[hash] == nil else { return }
    if longInputOrder.count >= Self.maximumLongInputs {
      longInputs[longInputOrder.removeFirst()] = nil
    }
    longInputs[hash] = encoding
    longInputOrder.append(hash)
  }

  /// The parts of this side's long inputs the other side may not hold yet: what to send
  /// again until it acknowledges the ticks that need them.
  public var inputPartMessages: [Packet.Message] {
    var messages: [Packet.Message] = []
    for (_, hash) in unsentLongInputs {
      guard let bytes = longInputs[hash] else { continue }
      let size = PacketCodec.maximumInputPart
      let parts = max(1, (bytes.count + size - 1) / size)
      for part in 0..<parts {
        let range = part * size..<min(bytes.count, (part + 1) * size)
        messages.append(
          .inputPart(
            hash: hash, part: UInt8(part), partCount: UInt8(parts), bytes: Array(bytes[range])))
      }
    }
    return messages
  }

  /// Keeps a part of the other side's long input, and the input once every part is in and
  /// its hash is the one named; returns why not, if it was not kept.
  ///
  /// At most 4 inputs are kept in part: a part of a fifth takes the place of the one whose
  /// parts began to come first, so that parts that never complete cannot block the real ones,
  /// which are sent again until the tick that needs them is acknowledged.
  mutating func receivePart(
    hash: UInt64, part: UInt8, partCount: UInt8, bytes: [UInt8]
  ) -> DroppedPackets.Reason? {
    guard longInputs[hash] == nil else { return .known }
    if partialInputs[hash] == nil {
      if partialOrder.count >= 4 { partialInputs[partialOrder.removeFirst()] = nil }
      partialOrder.append(hash)
    }
    var parts = partialInputs[hash] ?? [:]
    parts[part] = bytes
    guard parts.count == Int(partCount), (0..<partCount).allSatisfy({ parts[$0] != nil }) else {
      partialInputs[hash] = parts
      return nil
    }
    partialInputs[hash] = nil
    partialOrder.removeAll { $0 == hash }
    let encoding = (0..<partCount).flatMap { parts[$0] ?? [] }
    // An encoding that does not hash to its name is damaged or forged: the next parts may
    // mend it.
    guard inputHash(encoding) == hash else { return .malformed }
    keepLongInput(encoding, hash: hash)
    return nil
  }
}
