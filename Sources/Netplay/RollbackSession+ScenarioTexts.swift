/// Live tuning over the network: a host's reloaded scenario travels as an input naming its
/// JSON text, and the text in parts of a packet each.
extension RollbackSession {
  /// Queues a reloaded scenario from the host, as scenario JSON: it applies on both sides
  /// `inputDelay` ticks after the next tick runs, once the other side holds the text.
  ///
  /// - Returns: Whether it was queued: not on the side that does not host, nor a text over
  ///   `PacketCodec.maximumTextParts` parts, nor more than a tick's inputs.
  @discardableResult
  public mutating func queueRetune(scenarioJSON: String) -> Bool {
    let size = scenarioJSON.utf8.count
    guard localSide == .left,
      size <= PacketCodec.maximumTextPart * PacketCodec.maximumTextParts
    else { return false }
    let hash = scenarioTextHash(scenarioJSON)
    guard queue(.retune(scenarioHash: hash)) else { return false }
    keepText(scenarioJSON, hash: hash)
    unsentTexts.append((localInputs.end, hash))
    return true
  }

  /// Keeps a scenario text, forgetting the oldest beyond `maximumTexts`: a tick that needs
  /// one is at most a rollback old, and a host reloads far less often.
  private mutating func keepText(_ text: String, hash: UInt64) {
    guard scenarioTexts[hash] == nil else { return }
    if textOrder.count >= Self.maximumTexts {
      scenarioTexts[textOrder.removeFirst()] = nil
    }
    scenarioTexts[hash] = text
    textOrder.append(hash)
  }

  /// The parts of this side's scenario texts the other side may not hold yet: what to send
  /// again until it acknowledges the ticks that need them.
  public var scenarioTextMessages: [Packet.Message] {
    var messages: [Packet.Message] = []
    for (_, hash) in unsentTexts {
      guard let text = scenarioTexts[hash] else { continue }
      let bytes = Array(text.utf8)
      let parts = max(
        1, (bytes.count + PacketCodec.maximumTextPart - 1) / PacketCodec.maximumTextPart)
      for part in 0..<parts {
        let start = part * PacketCodec.maximumTextPart
        let end = min(bytes.count, start + PacketCodec.maximumTextPart)
        let range = start..<end
        messages.append(
          .scenarioText(
            hash: hash, part: UInt8(part), partCount: UInt8(parts), bytes: Array(bytes[range])))
      }
    }
    return messages
  }

  /// Keeps a part of the other side's scenario text, and the text once every part is in and
  /// its hash is the one named.
  mutating func receiveText(hash: UInt64, part: UInt8, partCount: UInt8, bytes: [UInt8]) {
    guard scenarioTexts[hash] == nil else { return }
    guard partialTexts[hash] != nil || partialTexts.count < 4 else { return }
    var parts = partialTexts[hash] ?? [:]
    parts[part] = bytes
    guard parts.count == Int(partCount), (0..<partCount).allSatisfy({ parts[$0] != nil }) else {
      partialTexts[hash] = parts
      return
    }
    partialTexts[hash] = nil
    let text = String(decoding: (0..<partCount).flatMap { parts[$0] ?? [] }, as: UTF8.self)
    // A text that does not hash to its name is damaged or forged: the next parts may mend it.
    guard scenarioTextHash(text) == hash else { return }
    keepText(text, hash: hash)
  }
}
