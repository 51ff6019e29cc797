import Dispatch
import Foundation
import Frames
import MonsterWars
import Netplay
import TraitSandbox

/// The demo's state and the last two frames of its match, stepped on a thread of its own so
/// that the main thread can draw the frames made before while the next ones are made.
///
/// One thread at a time touches it: the simulation thread from `step(_:speed:)` until the
/// main thread's `wait()` returns (or `isStepping` turns false), the main thread at all other
/// times. That handover is what makes the unchecked `Sendable` sound.
final class SteppedMatch: @unchecked Sendable {
  /// The demo's state, match included.
  var state: DemoState
  /// The frame of the tick before `current`, for interpolation.
  private(set) var previous: Frame
  /// The frame of the match's latest tick.
  private(set) var current: Frame
  /// `current`'s instances paired with `previous`'s, when `previous` is the frame of the tick
  /// before: what drawing between them needs, found once on the simulation thread.
  private(set) var pairing: InstancePairing?
  /// Ticks the last step ran.
  private(set) var lastTicks = 0
  /// Seconds those ticks took.
  private(set) var lastTickSeconds = 0.0
  /// Seconds the last step took, ticks and frames.
  private(set) var lastStepSeconds = 0.0

  /// The canvas the frames' HUD is laid out on: the window's, which the main thread sets
  /// while it owns the match.
  var canvas = OverlayCanvas.standard

  /// The match over the network this window plays, if it does.
  let netplay: NetplayWindow?
  /// When the network match began to wait for the other player, while it does.
  private var waitingSince: Double?
  /// When the window opened, for the join timeout.
  private let opened = MonotonicClock().now()

  private let queue = DispatchQueue(label: "TraitSandbox.simulation", qos: .userInteractive)
  private let group = DispatchGroup()

  /// The match over the network this window watches, if it does.
  let spectating: SpectatorWindow?

  init(state: DemoState, netplay: NetplayWindow? = nil, spectating: SpectatorWindow? = nil) {
    self.state = state
    self.netplay = netplay
    self.spectating = spectating
    netplay?.match.prepare = { $0.keepsTimeline = true }
    previous = state.shownMatch.makeFrame()
    current = previous
  }

  /// Starts running `granted` ticks (the clock's, or the player's single steps while paused)
  /// on the simulation thread and making their frames; returns at once.
  ///
  /// `speed` and `isFallingBehind` are what the frames' HUD shows as the clock's rate.
  func step(_ granted: Int, speed: Double, isFallingBehind: Bool = false) {
    queue.async(group: group) { [self] in
      run(granted, speed: speed, isFallingBehind: isFallingBehind)
    }
  }

  /// Waits until the step started last has finished.
  func wait() {
    group.wait()
  }

  /// Waits until the step started last has finished or the monotonic clock reads `deadline`
  /// (seconds), whichever is first.
  func wait(until deadline: Double) {
    let remaining = deadline - MonotonicClock().now()
    guard remaining > 0 else { return }
    _ = group.wait(timeout: .now() + .nanoseconds(Int(remaining * 1e9)))
  }

  /// Whether the step started last is still running, so that the simulation thread owns the
  /// state and frames; once it reads false, they are the main thread's again.
  var isStepping: Bool {
    group.wait(timeout: .now()) == .timedOut
  }

  /// Runs the ticks and makes the frames on the calling thread.
  func run(_ granted: Int, speed: Double, isFallingBehind: Bool = false) {
    let clock = MonotonicClock()
    let start = clock.now()
    lastTicks = 0
    lastTickSeconds = 0
    if let netplay {
      runNetplay(netplay, now: start, speed: speed)
    } else if let spectating {
      runSpectator(spectating, now: start)
    } else if granted > 0 {
      let ticks = state.advance(steps: granted)
      lastTickSeconds = clock.now() - start
      lastTicks = ticks
      // Interpolation needs the frame of the tick just before the last. After one tick that is
      // the frame made last time; after a catch-up burst the loop is behind anyway, and making
      // a second frame (as costly as a tick, for a big battle) would only put it further
      // behind, so the new frame is shown as it is.
      let made = state.shownMatch.makeFrame(
        speed: speed, isPaused: state.isPaused, isFallingBehind: isFallingBehind,
        askedSpeed: state.speed, canvas: canvas)
      previous = granted == 1 ? current : made
      current = made
      pairing =
        granted == 1
        ? InstancePairing(
          from: previous.instances, to: made.instances, threads: state.match.threadCount)
        : nil
    } else if state.isPaused {
      current = state.shownMatch.makeFrame(speed: speed, isPaused: true, canvas: canvas)
      previous = current
      pairing = nil
    }
    lastStepSeconds = clock.now() - start
  }

  /// Pumps the network match: its packets, the ticks due with the player's inputs, and the
  /// frame and banner of where it stands.
  private func runNetplay(_ netplay: NetplayWindow, now: Double, speed: Double) {
    let match = netplay.match
    if let json = state.takeRetune(), !match.queue(.retune(scenarioJSON: json)) {
      state.retuneOutbox = json
    }
    var inputs = state.takeOutbox()
    let ran = match.pump(now: now) { _ in
      defer { inputs = [] }
      return inputs
    }
    // Inputs given while no tick ran go with the next one.
    if !inputs.isEmpty { state.returnToOutbox(inputs) }
    lastTicks = ran
    lastTickSeconds = MonotonicClock().now() - now
    if let rollback = match.rollback {
      state.show(rollback)
      let isWaiting = !rollback.canAdvance && !rollback.isFinished && !match.hasEnded
      waitingSince = isWaiting ? waitingSince ?? now : nil
    }
    state.advancePreview(steps: ran)
    state.netplayBanner = banner(netplay, now: now)
    state.networkFigures = match.figures
    previous = current
    current = state.shownMatch.makeFrame(speed: 1, isPaused: false, canvas: canvas)
    // A match over the network is drawn as it stands, not between ticks.
    pairing = nil
  }

  /// Pumps the spectator: the host's stream, the ticks due, and the frame and banner of where
  /// it stands.
  private func runSpectator(_ spectating: SpectatorWindow, now: Double) {
    let spectator = spectating.spectator
    let ran = spectator.pump(now: now)
    lastTicks = ran
    lastTickSeconds = MonotonicClock().now() - now
    if let game = spectator.game { state.show(watched: game) }
    state.advancePreview(steps: ran)
    let behind = spectator.ticksBehind
    state.netplayBanner =
      switch spectator.phase {
      case .joining:
        now - opened > spectating.waitSeconds
          ? ["The host has let nothing be watched yet:", "is it playing, with this scenario?"]
          : ["Asking the host to watch..."]
      case .watching: behind > 30 ? ["Watching: catching up, \(behind) ticks behind"] : []
      case .ended(let ending): [ending.description, "Esc quits"]
      }
    previous = current
    current = state.shownMatch.makeFrame(speed: 1, isPaused: false, canvas: canvas)
    pairing = nil
  }

  /// What the window says of the network match in the middle of the view, if anything.
  private func banner(_ netplay: NetplayWindow, now: Double) -> [String] {
    switch netplay.match.phase {
    case .waitingForGuest:
      return ["Waiting for the other player to join:", netplay.joinLine ?? ""]
    case .joining:
      return now - opened > netplay.waitSeconds
        ? [
          "No answer from the host yet:",
          "is 'sandbox host' running there, and is the code the one it printed?",
        ] : ["Joining the host..."]
    case .playing:
      if let notice = netplay.match.notice { return [notice] }
      guard let since = waitingSince, now - since > 0.25 else { return [] }
      return ["Waiting for the other player..."]
    case .ended(let ending):
      return [ending.description, "Esc quits"]
    }
  }
}
