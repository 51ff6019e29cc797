import Foundation
import Frames
import MonsterWars
import TraitSandbox

extension DemoState {
  /// Applies a player action at demo time `now` (seconds).
  public mutating func handle(_ action: DemoAction, at now: Double = 0, frame: Frame? = nil) {
    if handleTimeline(action, at: now) { return }
    if netplaySide != nil && handleNetplay(action, at: now) { return }
    switch action {
    case .buy, .cancelOrder:
      handleOrder(action, at: now)
    case .togglePause:
      // A match that is over runs no more ticks: there is nothing to pause.
      guard !match.isOver || isPaused else {
        notice = ("the match is over: R restarts, T looks back, Esc quits", now + 2)
        return
      }
      isPaused.toggle()
    case .stepOnce:
      if isPaused { pendingSteps += 1 }
    case .faster:
      speedIndex = min(speedIndex + 1, Self.speeds.count - 1)
    case .slower:
      speedIndex = max(speedIndex - 1, 0)
    case .restart:
      if let recording = replay?.recording {
        restartReplay(recording)
      } else {
        session.apply(.restart)
      }
      selection = nil
      pendingSteps = 0
      notice = (replay == nil ? "restarted" : "playing the recording again", now + 1.5)
    case .toggleDebugOverlay:
      showsDebugOverlay.toggle()
    case .toggleHelp:
      showsHelp.toggle()
    case .select, .scrollInspector, .zoom, .zoomToward, .lookAt, .pan, .fitArena, .toggleFollow:
      handleView(action, at: now, frame: frame)
    case .seekReplay(let fraction):
      seekReplay(to: fraction, at: now)
    case .quit:
      wantsToQuit = true
    case .toggleTimeline, .scrub, .toggleWatching, .playFromHere, .seekTimeline:
      break
    }
  }

  /// Applies an action on what the window shows: the selection, the inspector's rows, the
  /// camera and what it follows; `frame` is where the entities are drawn.
  private mutating func handleView(_ action: DemoAction, at now: Double, frame: Frame?) {
    switch action {
    case .select(let x, let y):
      let picked = frame.flatMap { Self.entity(in: $0, atX: x, y: y) }
      if picked != selection { inspectorScroll = 0 }
      selection = picked
    case .scrollInspector(let rows, let limit):
      inspectorScroll = max(min(inspectorScroll + rows, limit), 0)
    case .toggleFollow:
      guard selection != nil else {
        isFollowing = false
        notice = ("nothing to follow: click a monster or a castle first", now + 2)
        return
      }
      isFollowing.toggle()
      if isFollowing, camera == nil {
        camera = clamped(Camera(centreX: fitCamera.centreX, centreY: fitCamera.centreY, zoom: 4))
      }
      if isFollowing, let selection {
        followedName = shownMatch.world.inspect(selection)?.typeName
        if let place = frame?.place(of: selection) {
          camera = clamped(Camera(centreX: place.x, centreY: place.y, zoom: camera?.zoom ?? 4))
        }
      }
      notice = (
        isFollowing ? "following the \(followedName ?? "selection")" : "camera free", now + 1.5
      )
    default:
      if !action.keepsFollowing { isFollowing = false }
      let focus = selection.flatMap { frame?.place(of: $0) }.map { ($0.x, $0.y) }
      if let moved = Self.camera(camera, after: action, arena: match.world.arenaSize, focus: focus)
      {
        camera = moved
      }
    }
  }

  /// Places or cancels the player's order, saying why not when it cannot.
  private mutating func handleOrder(_ action: DemoAction, at now: Double) {
    switch action {
    case .buy(let kind):
      guard replay == nil else {
        notice = ("watching a recording: R plays it again, Esc quits", now + 1.5)
        return
      }
      guard !isAutoplay, !match.isOver else { return }
      guard session.apply(.order(kind, side: playerSide)) else {
        notice = (
          "\(Castle.maximumOrders) orders are waiting: Backspace or right-click cancels the last",
          now + 2.5
        )
        return
      }
      notice = (Self.orderNotice(kind, side: playerSide, match: match), now + 2)
    case .cancelOrder:
      guard replay == nil, !isAutoplay, !match.isOver else { return }
      let newest = match.castle(of: playerSide)?.orders.last
      guard session.apply(.cancelOrder(side: playerSide)), let newest else {
        notice = ("no order to cancel", now + 1.5)
        return
      }
      notice = ("cancelled \(newest.displayName)", now + 1.5)
    default:
      return
    }
  }

  /// What the demo says when an order is queued: whether the castle can pay for everything
  /// waiting, or how many coins it still needs.
  static func orderNotice(_ kind: UnitKind, side: Side, match: Match) -> String {
    guard let castle = match.castle(of: side) else { return "ordered \(kind.displayName)" }
    let waiting = castle.orders.reduce(Float(0)) { $0 + (castle.armory.cost(of: $1) ?? 0) }
    let short = waiting - castle.spawner.budget
    guard short > 0 else { return "ordered \(kind.displayName)" }
    return "ordered \(kind.displayName): paid when the castle has $\(Int(short.rounded(.up))) more"
  }
}

extension DemoState {
  /// Keeps the camera on the entity it follows, where `frame` draws it, so that it stays there
  /// when the following stops; when the entity is gone (it died, or a shot landed), stops
  /// following, closes the inspector and says so at demo time `now`: the camera stays where
  /// it was.
  ///
  /// - Complexity: O(instances + world commands) while following, to find the entity.
  public mutating func followSelection(in frame: Frame, at now: Double) {
    guard isFollowing, let selection else { return }
    if let place = frame.place(of: selection), let current = camera {
      camera = clamped(Camera(centreX: place.x, centreY: place.y, zoom: current.zoom))
      return
    }
    guard !shownMatch.world.contains(selection) else { return }
    isFollowing = false
    self.selection = nil
    notice = (
      "the \(followedName ?? "entity") you followed is gone: the camera stays where it was",
      now + 4
    )
  }
}
