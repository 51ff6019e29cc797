import MonsterWars
import Netplay
import TraitSandbox

extension DemoState {
  /// A window for one side of a match over the network, showing the scenario's first tick
  /// until both players are in.
  public init(netplay scenario: Scenario, side: Side, swarmCount: Int?) {
    initialScenario = scenario
    session = Self.prepared(
      MatchSession(
        scenario: scenario, seed: 0, playerSides: [.left, .right], swarmCount: swarmCount))
    netplaySide = side
  }

  /// Handles what differs when playing over the network: orders go to the network match as
  /// inputs, only the host restarts, and the clock is both players' (no pause or speed).
  ///
  /// - Returns: Whether `action` was handled here.
  mutating func handleNetplay(_ action: DemoAction, at now: Double) -> Bool {
    if isSpectating {
      switch action {
      case .buy, .cancelOrder, .restart:
        notice = ("a spectator watches: the players give the orders", now + 2)
        return true
      default: break
      }
    }
    switch action {
    case .buy(let kind):
      guard !match.isOver else { return true }
      guard scenario.roster.kinds.contains(kind) else { return true }
      let waiting =
        (match.castle(of: playerSide)?.orders.count ?? 0)
        + outbox.count { if case .order(.buy) = $0 { true } else { false } }
      guard waiting < Castle.maximumOrders else {
        notice = (
          "\(Castle.maximumOrders) orders are waiting: Backspace cancels the last", now + 2.5
        )
        return true
      }
      guard outbox.count < PacketCodec.maximumInputsPerTick else {
        notice = ("at most \(PacketCodec.maximumInputsPerTick) orders a tick", now + 1.5)
        return true
      }
      outbox.append(.order(.buy(kind)))
      notice = (Self.orderNotice(kind, side: playerSide, match: match), now + 2)
    case .cancelOrder:
      guard !match.isOver, outbox.count < PacketCodec.maximumInputsPerTick else { return true }
      outbox.append(.order(.cancel))
    case .restart:
      guard playerSide == .left else {
        notice = ("only the host restarts the match", now + 2)
        return true
      }
      outbox.append(.restart)
      notice = ("restarted", now + 1.5)
    case .togglePause, .stepOnce, .faster, .slower:
      notice = ("a match over the network runs at one speed for both players", now + 2)
    default:
      return false
    }
    return true
  }

  /// Takes the inputs the player gave since the last call.
  mutating func takeOutbox() -> [SessionInput] {
    defer { outbox = [] }
    return outbox
  }

  /// Puts back inputs no tick took, ahead of newer ones.
  mutating func returnToOutbox(_ inputs: [SessionInput]) {
    outbox = Array((inputs + outbox).prefix(PacketCodec.maximumInputsPerTick))
  }

  /// Takes a scenario the host reloaded: it goes to both players' matches as an input.
  mutating func netplayReloaded(_ reloaded: Scenario, at now: Double) {
    guard netplaySide == .left else { return }
    guard reloaded.arenaSize(swarmCount: swarmCount) != nil else {
      reloadError =
        "\(swarmCount ?? 0) monsters (--entities) do not fit this swarm's arena; at most "
        + "\(reloaded.maximumSwarmCount ?? 0) do"
      return
    }
    reloadError = nil
    retuneOutbox = reloaded.jsonText
    let changes = ScenarioChanges(from: scenario, to: reloaded)
    notice = ("reloaded \(reloaded.name).json for both players: \(changes.summary)", now + 4)
  }

  /// Takes the reloaded scenario not yet sent, if any.
  mutating func takeRetune() -> String? {
    defer { retuneOutbox = nil }
    return retuneOutbox
  }

  /// Shows the network match's state as it stands.
  mutating func show(_ rollback: RollbackSession<MatchSession>) {
    session = rollback.game
  }

  /// Shows the watched match as the spectator has it.
  mutating func show(watched game: MatchSession) {
    session = game
  }
}
