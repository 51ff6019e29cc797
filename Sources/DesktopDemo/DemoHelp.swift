import Frames
import MonsterWars
import SDLBackend

/// The help H or ? shows: every key and mouse action of the mode the demo is in (playing,
/// watching the AI, a recording, the timeline, a match over the network, spectating), a line
/// each, drawn in the middle of the view, clear of both castles.
struct DemoHelp {
  /// One line of the help: the keys (none for a mouse action), how the line names them, and
  /// what they do.
  struct Entry: Equatable {
    var keys: [Key]
    var label: String
    var help: String
  }

  /// The mode the lines are for, as the panel's title says it.
  let title: String
  /// The lines, in the order shown.
  let entries: [Entry]

  /// The help for the demo as `state` stands.
  init(_ state: DemoState) {
    var entries: [Entry] = []
    func add(_ keys: [Key], _ label: String, _ help: String) {
      entries.append(Entry(keys: keys, label: label, help: help))
    }
    let isNetplay = state.netplaySide != nil
    let ordersAllowed =
      !state.isAutoplay && state.replay == nil && !state.isSpectating
      && state.timelineView == nil
    if let timeline = state.timelineView {
      title = "Help: the timeline (the match waits at its live tick)"
      add([.left, .right], "Left Right", "1 second back / forward")
      add([.up, .down], "Up Down", "10 seconds back / forward")
      add(
        [.space, .character("p")], "Space P",
        timeline.isWatching ? "stop playing the past" : "play the past from here")
      if state.canBranch { add([.enter], "Enter", "play on from here: a new branch") }
      add([.character("t"), .escape], "T Esc", "back to now")
    } else if state.isSpectating {
      title = "Help: watching a match over the network"
    } else if state.replay != nil {
      title = "Help: playing a recording"
    } else if isNetplay {
      title = "Help: a match over the network (\(state.playerSide.name), one clock for both)"
    } else if state.isAutoplay {
      title = "Help: watching the computer play both castles"
    } else {
      title = "Help: playing \(state.playerSide.name) (\(state.playerSide.colorName))"
    }
    if ordersAllowed {
      let roster = state.scenario.roster
      let digits = (1...max(roster.kinds.count, 1)).compactMap { digit -> Key? in
        roster.kinds.indices.contains(digit - 1)
          ? .character(Character(String(digit))) : nil
      }
      add(digits, digits.count > 1 ? "1-\(digits.count)" : "1", BuyKeys.help(for: state.scenario))
      add([.backspace], "Backspace", "cancel the newest order not yet paid")
    }
    if !isNetplay {
      add(
        [.character("+"), .character("="), .character("-")], "+ -",
        "faster / slower (x1/4 to x8)")
    }
    if state.timelineView == nil {
      if !isNetplay {
        add([.space, .character("p")], "Space P", "pause or go on")
        add([.character(".")], ".", "one tick, while paused")
      }
      if state.replay != nil {
        add([.character("r")], "R", "play the recording again")
      } else if !state.isSpectating && (!isNetplay || state.playerSide == .left) {
        add([.character("r")], "R", "restart the match")
      }
      add([.character("t")], "T", "the timeline: look back at the past")
    }
    add([], "Click", "inspect a monster or a castle (click ground: close)")
    if ordersAllowed { add([], "Right-click", "cancel the newest order") }
    add([.character("f")], "F", "follow the one inspected")
    add([], "Wheel", "zoom in / out toward the pointer")
    add(
      [.character("]"), .character("[")], "] [", "zoom in / out toward the one inspected")
    if state.timelineView == nil {
      add([.left, .right, .up, .down], "Arrows", "move the view, zoomed in")
    }
    add([], "Minimap", "click or drag: look there (zoomed in)")
    add([.home], "Home", "the whole arena")
    add([.f1], "F1", "what frames and ticks cost")
    add([.character("h"), .character("?")], "H ?", "this help")
    if state.timelineView == nil { add([.escape], "Esc", "quit") }
    self.entries = entries
  }

  /// Whether a line names `key`.
  func lists(_ key: Key) -> Bool {
    entries.contains { $0.keys.contains(key) }
  }

  /// Draws the panel in the middle of the overlay: a band, the title, then a line for each
  /// entry, its label in a column of its own.
  func draw(into builder: inout FrameBuilder) {
    let size: Float = 14
    let lineHeight: Float = 20
    let labelWidth = Float((entries.map(\.label.count).max() ?? 0) + 2) * size
    let widest = entries.map { labelWidth + Float($0.help.count) * size }.max() ?? 0
    let width = min(max(widest, Float(title.count) * size) + 32, Frame.overlayWidth - 24)
    let height = Float(entries.count + 2) * lineHeight + 24
    let left = (Frame.overlayWidth - width) / 2
    let top = max((Frame.overlayHeight - height) / 2, 8)
    builder.drawOverlay(
      .rect(
        RectDraw(
          x: left, y: top, width: width, height: height,
          color: Color(red: 16, green: 18, blue: 24, alpha: 230))), layer: 110)
    DemoMessage(text: title, color: Color(red: 255, green: 215, blue: 90), size: size)
      .draw(into: &builder, x: left + 16, y: top + 12, layer: 111)
    for (index, entry) in entries.enumerated() {
      let y = top + 12 + Float(index + 2) * lineHeight
      DemoMessage(text: entry.label, color: Color(red: 255, green: 215, blue: 90), size: size)
        .draw(into: &builder, x: left + 16, y: y, layer: 111)
      DemoMessage(text: entry.help, color: .white, size: size)
        .draw(into: &builder, x: left + 16 + labelWidth, y: y, layer: 111)
    }
  }
}
