/// One player's inputs tick by tick, from a tick on: older ticks are dropped once no one needs
/// them, so a session of any length keeps a bounded log.
struct TickLog<Input> {
  /// The first tick held.
  private(set) var base: UInt32 = 0
  private var entries: [[Input]] = []

  /// A log of `count` empty ticks from tick 0.
  init(emptyTicks count: Int = 0) {
    entries = Array(repeating: [], count: count)
  }

  /// A log that holds nothing before `base`, then `ticks`.
  init(from base: UInt32, ticks: [[Input]]) {
    self.base = base
    entries = ticks
  }

  /// Whether `tick` is held.
  func holds(_ tick: UInt32) -> Bool { tick >= base && tick < end }

  /// The tick after the last one held.
  var end: UInt32 { base + UInt32(entries.count) }

  /// The inputs of `tick`, which must be held.
  subscript(tick: UInt32) -> [Input] {
    entries[Int(tick - base)]
  }

  /// Adds the inputs of tick `end`.
  mutating func append(_ inputs: [Input]) {
    entries.append(inputs)
  }

  /// Forgets the ticks before `tick`.
  mutating func dropBefore(_ tick: UInt32) {
    let count = Int(min(tick, end) - min(tick, base))
    guard count > 0 else { return }
    entries.removeFirst(count)
    base += UInt32(count)
  }
}
