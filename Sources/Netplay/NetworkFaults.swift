import TraitSandbox

/// A bad network to play over on purpose: what `--simulate` asks the transport to do to every
/// datagram a peer sends (`loss=5%,delay=50ms,jitter=20ms,duplicate=1%,reorder=2%`).
public struct NetworkFaults: Sendable, Equatable, CustomStringConvertible {
  /// The share of datagrams lost, 0 to 1.
  public var loss: Double = 0
  /// Seconds each datagram is held before it goes.
  public var delay: Double = 0
  /// Up to this many seconds more or less, at random, for each datagram.
  public var jitter: Double = 0
  /// The share of datagrams sent twice.
  public var duplicate: Double = 0
  /// The share of datagrams held back an extra `delay + jitter` (at least 10 ms), so that
  /// later ones overtake them.
  public var reorder: Double = 0

  /// The longest delay or jitter taken, in seconds.
  public static let maximumSeconds = 10.0

  /// No faults.
  public init() {}

  /// The faults `items` name, each `name=value`: `loss`, `duplicate` and `reorder` as
  /// percentages (`5%`), `delay` and `jitter` as times (`50ms`, `0.2s`).
  ///
  /// - Throws: `NetworkFaultsError` naming the item that does not read.
  public init(items: [String]) throws(NetworkFaultsError) {
    var seen: Set<String> = []
    for item in items {
      let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2 else { throw NetworkFaultsError(item: item, problem: .notNameValue) }
      let name = String(parts[0])
      let value = String(parts[1])
      guard seen.insert(name).inserted else {
        throw NetworkFaultsError(item: item, problem: .repeated)
      }
      switch name {
      case "loss": loss = try Self.share(value, item)
      case "duplicate": duplicate = try Self.share(value, item)
      case "reorder": reorder = try Self.share(value, item)
      case "delay": delay = try Self.seconds(value, item)
      case "jitter": jitter = try Self.seconds(value, item)
      default: throw NetworkFaultsError(item: item, problem: .unknownName)
      }
    }
  }

  private static func share(_ value: String, _ item: String) throws(NetworkFaultsError) -> Double {
    guard value.hasSuffix("%"), let percent = Double(value.dropLast()), percent.isFinite,
      (0...100).contains(percent)
    else { throw NetworkFaultsError(item: item, problem: .notAPercentage) }
    return percent / 100
  }

  private static func seconds(_ value: String, _ item: String) throws(NetworkFaultsError)
    -> Double
  {
    let seconds: Double?
    if value.hasSuffix("ms") {
      seconds = Double(value.dropLast(2)).map { $0 / 1000 }
    } else if value.hasSuffix("s") {
      seconds = Double(value.dropLast())
    } else {
      seconds = nil
    }
    guard let seconds, seconds.isFinite, (0...maximumSeconds).contains(seconds) else {
      throw NetworkFaultsError(item: item, problem: .notATime)
    }
    return seconds
  }

  /// Whether any fault is asked for.
  public var isNone: Bool { self == NetworkFaults() }

  /// `loss=5%,delay=50ms,...`, the faults asked for, or `none`.
  public var description: String {
    func percent(_ share: Double) -> String {
      let value = share * 100
      return value == value.rounded() ? "\(Int(value))%" : "\(value)%"
    }
    func milliseconds(_ seconds: Double) -> String {
      let value = seconds * 1000
      return value == value.rounded() ? "\(Int(value))ms" : "\(value)ms"
    }
    var parts: [String] = []
    if loss > 0 { parts.append("loss=\(percent(loss))") }
    if delay > 0 { parts.append("delay=\(milliseconds(delay))") }
    if jitter > 0 { parts.append("jitter=\(milliseconds(jitter))") }
    if duplicate > 0 { parts.append("duplicate=\(percent(duplicate))") }
    if reorder > 0 { parts.append("reorder=\(percent(reorder))") }
    return parts.isEmpty ? "none" : parts.joined(separator: ",")
  }
}

/// Why a `--simulate` item does not read.
public struct NetworkFaultsError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The item as given.
  public var item: String
  /// What is wrong with it.
  public var problem: Problem

  /// What can be wrong with an item.
  public enum Problem: Equatable, Sendable {
    /// Not `name=value`.
    case notNameValue
    /// A name no fault has.
    case unknownName
    /// A name given twice.
    case repeated
    /// A share that is not a percentage from 0% to 100%.
    case notAPercentage
    /// A time that is not one from 0 to 10 s.
    case notATime
  }

  /// Why, in words, with the item shortened if long.
  public var description: String {
    let shown = item.count > 40 ? String(item.prefix(40)) + "..." : item
    switch problem {
    case .notNameValue:
      return "\"\(shown)\" is not name=value, e.g. loss=5%"
    case .unknownName:
      return "\"\(shown)\" names no fault: expected loss, delay, jitter, duplicate or reorder"
    case .repeated:
      return "\"\(shown)\" gives a fault a second time"
    case .notAPercentage:
      return "\"\(shown)\" needs a percentage from 0% to 100%, e.g. 5%"
    case .notATime:
      return "\"\(shown)\" needs a time from 0 to 10 s, e.g. 50ms or 0.2s"
    }
  }
}

/// Holds datagrams on their way out and lets them go as `NetworkFaults` says: lost, late,
/// twice, out of order. Bounded: beyond `capacity` waiting datagrams, new ones are lost.
public struct FaultyLink {
  /// The faults applied.
  public let faults: NetworkFaults
  /// The most datagrams held at once.
  public let capacity: Int
  private var random: SeededRandom
  private var waiting: [(due: Double, order: Int, bytes: [UInt8])] = []
  private var sent = 0

  /// A link applying `faults`, its randomness from `seed`.
  public init(faults: NetworkFaults, seed: UInt64, capacity: Int = 4096) {
    self.faults = faults
    self.capacity = capacity
    random = SeededRandom(seed: seed)
  }

  /// Takes `bytes` to send at `now` (seconds).
  public mutating func send(_ bytes: [UInt8], now: Double) {
    guard random.nextUnit() >= faults.loss else { return }
    let copies = random.nextUnit() < faults.duplicate ? 2 : 1
    for _ in 0..<copies where waiting.count < capacity {
      var delay = faults.delay + faults.jitter * (2 * random.nextUnit() - 1)
      if random.nextUnit() < faults.reorder { delay += max(faults.delay + faults.jitter, 0.01) }
      sent += 1
      waiting.append((now + max(delay, 0), sent, bytes))
    }
  }

  /// The datagrams due by `now`, in the order they come out.
  public mutating func due(now: Double) -> [[UInt8]] {
    let ready = waiting.filter { $0.due <= now }.sorted { ($0.due, $0.order) < ($1.due, $1.order) }
    waiting.removeAll { $0.due <= now }
    return ready.map { $0.bytes }
  }

  /// When the next held datagram is due, if one is held.
  public var nextDue: Double? { waiting.map { $0.due }.min() }
}

extension SeededRandom {
  /// A uniform double in 0..<1.
  fileprivate mutating func nextUnit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }
}
