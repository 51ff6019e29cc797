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
    title = Self.title(of: state)
    entries =
      Self.timelineEntries(state) + Self.orderEntries(state) + Self.clockEntries(state)
      + Self.viewEntries(state)
  }

  /// What the panel's title says the mode is.
  private static func title(of state: DemoState) -> String {
    if state.timelineView != nil { return "Help: the timeline (the match waits at its live tick)" }
    if state.isSpectating { return "Help: watching a match over the network" }
    if state.replay != nil { return "Help: playing a recording" }
    if state.netplaySide != nil {
      return "Help: over the network (\(state.playerSide.name), one clock for both)"
    }
    if state.isAutoplay { return "Help: watching the computer play both castles" }
    return "Help: playing \(state.playerSide.name) (\(state.playerSide.colorName))"
  }

  /// The keys that move through the timeline, while it is open.
  private static func timelineEntries(_ state: DemoState) -> [Entry] {
    guard let timeline = state.timelineView else { return [] }
    return [
      Entry(keys: [.left, .right], label: "Left Right", help: "1 second back / forward"),
      Entry(keys: [.up, .down], label: "Up Down", help: "10 seconds back / forward"),
      Entry(
        keys: [.space, .character("p")], label: "Space P",
        help: timeline.isWatching ? "stop playing the past" : "play the past from here"),
    ]
      + (state.canBranch
        ? [Entry(keys: [.enter], label: "Enter", help: "play on from here: a new branch")] : [])
      + [Entry(keys: [.character("t"), .escape], label: "T Esc", help: "back to now")]
  }

  /// Whether the player gives orders in this mode.
  private static func ordersAllowed(_ state: DemoState) -> Bool {
    !state.isAutoplay && state.replay == nil && !state.isSpectating && state.timelineView == nil
  }

  /// The keys that buy and cancel, where the player gives orders.
  private static func orderEntries(_ state: DemoState) -> [Entry] {
    guard ordersAllowed(state) else { return [] }
    let count = state.scenario.roster.kinds.count
    let digits = (1...max(count, 1)).filter { $0 <= count }.map {
      Key.character(Character(String($0)))
    }
    return [
      Entry(
        keys: digits, label: digits.count > 1 ? "1-\(digits.count)" : "1",
        help: "order "
          + BuyKeys.help(for: state.scenario).replacingOccurrences(of: "  ", with: ", ")),
      Entry(keys: [.backspace], label: "Backspace", help: "cancel the newest order not yet paid"),
    ]
  }

  /// The keys of the clock, the restart and the timeline, as the mode allows them.
  private static func clockEntries(_ state: DemoState) -> [Entry] {
    let isNetplay = state.netplaySide != nil
    var entries: [Entry] = []
    if !isNetplay {
      entries.append(
        Entry(
          keys: [.character("+"), .character("="), .character("-")], label: "+ -",
          help: "faster / slower (x1/4 to x8)"))
    }
    guard state.timelineView == nil else { return entries }
    if !isNetplay {
      entries += [
        Entry(keys: [.space, .character("p")], label: "Space P", help: "pause or go on"),
        Entry(keys: [.character(".")], label: ".", help: "one tick, while paused"),
      ]
    }
    if state.replay != nil {
      entries.append(Entry(keys: [.character("r")], label: "R", help: "play the recording again"))
    } else if !state.isSpectating && (!isNetplay || state.playerSide == .left) {
      entries.append(Entry(keys: [.character("r")], label: "R", help: "restart the match"))
    }
    entries.append(
      Entry(keys: [.character("t")], label: "T", help: "the timeline: look back at the past"))
    return entries
  }

  /// The mouse and the keys that move the view, open panels and quit.
  private static func viewEntries(_ state: DemoState) -> [Entry] {
    var entries: [Entry] = []
    func add(_ keys: [Key], _ label: String, _ help: String) {
      entries.append(Entry(keys: keys, label: label, help: help))
    }
    if state.timelineView != nil || state.replay != nil {
      add([], "Bar", "click or drag the bar along the bottom: seek")
    }
    add([], "Click", "inspect a monster or a castle (click ground: close)")
    if ordersAllowed(state) { add([], "Right-click", "cancel the newest order") }
    add([.character("f")], "F", "follow the one inspected")
    add([], "Wheel", "zoom in / out toward the pointer (over the inspector: scroll it)")
    add([.character("]"), .character("[")], "] [", "zoom in / out toward the one inspected")
    if state.timelineView == nil {
      add([.left, .right, .up, .down], "Arrows", "move the view, zoomed in")
    }
    add([], "Minimap", "click or drag: look there (zoomed in)")
    add([.home], "Home", "the whole arena")
    add([.f1], "F1", "what frames and ticks cost")
    add([.character("h"), .character("?")], "H ?", "this help")
    if state.timelineView == nil { add([.escape], "Esc", "quit") }
    return entries
  }

  /// Whether a line names `key`.
  func lists(_ key: Key) -> Bool {
    entries.contains { $0.keys.contains(key) }
  }

  /// Draws the panel where `layout` places it, in the middle first: the largest text that
  /// fits the canvas, each line's help broken where it would not. Where no spot is free of the
  /// other panels, the help goes over them (it is drawn above them, until H closes it), still
  /// clear of what the layout keeps in sight.
  /// Returns where it went.
  @discardableResult
  func draw(layout: inout HUDLayout, into builder: inout FrameBuilder) -> OverlayRect {
    let places: [HUDLayout.Place] = [.centre, .top, .bottom, .left, .right]
    let (canvas, margin) = (layout.canvas, layout.margin)
    // The whole width, else the room beside what is kept in sight.
    var rooms: [Float] = [canvas.width - 2 * margin]
    for kept in layout.keepClear {
      let right: Float = canvas.width - kept.right - 2 * margin
      let left: Float = kept.x - 2 * margin
      rooms += [right, left].filter { $0 > 200 }
    }
    var modal = HUDLayout(canvas: canvas, keepClear: layout.keepClear)
    for size: Float in [14, 12] {
      for room in rooms {
        for gap: Float in [6, 3] {
          let panel = Panel(self, size: size, room: room, gap: gap)
          guard panel.width <= room + 2 * margin else { continue }
          if let rect = layout.place(width: panel.width, height: panel.height, near: places)
            ?? modal.place(width: panel.width, height: panel.height, near: places)
          {
            panel.draw(at: rect, into: &builder)
            return rect
          }
        }
      }
    }
    // A canvas too small for it all (a window of 640 x 360): from the top, on the side away
    // from what the layout keeps in sight, over as little of it as can be.
    let panel = Panel(self, size: 12, room: canvas.width - 2 * margin, gap: 3)
    let keptLeft = layout.keepClear.contains { $0.x + $0.width / 2 < layout.canvas.width / 2 }
    let rect = OverlayRect(
      x: keptLeft ? layout.canvas.width - layout.margin - panel.width : layout.margin,
      y: layout.margin, width: panel.width, height: panel.height)
    panel.draw(at: rect, into: &builder)
    return rect
  }

  /// The help's lines at one text size: labels in a column, each help broken to the room.
  private struct Panel {
    var title: String
    var lines: [(label: String, help: String)]
    var size: Float
    /// The space between lines.
    var gap: Float
    var lineHeight: Float { size + gap }
    var labelWidth: Float

    init(_ help: DemoHelp, size: Float, room: Float, gap: Float) {
      title = help.title
      self.size = size
      self.gap = gap
      labelWidth = Float((help.entries.map(\.label.count).max() ?? 0) + 2) * size
      let helpRoom = max(Int((room - 32 - labelWidth) / size), 12)
      lines = help.entries.flatMap { entry in
        TextLines.wrapped(entry.help, width: helpRoom).enumerated().map {
          (label: $0.offset == 0 ? entry.label : "", help: $0.element)
        }
      }
    }

    var width: Float {
      let widest = lines.map { labelWidth + Float($0.help.count) * size }.max() ?? 0
      return max(widest, Float(title.count) * size) + 32
    }

    var height: Float { Float(lines.count + 2) * lineHeight + 24 }

    func draw(at rect: OverlayRect, into builder: inout FrameBuilder) {
      builder.drawOverlay(
        .rect(
          RectDraw(rect, color: Color(red: 16, green: 18, blue: 24, alpha: 245))), layer: 110)
      DemoMessage(text: title, color: Color(red: 255, green: 215, blue: 90), size: size)
        .draw(into: &builder, x: rect.x + 16, y: rect.y + 12, layer: 111)
      for (index, line) in lines.enumerated() {
        let y = rect.y + 12 + Float(index + 2) * lineHeight
        DemoMessage(text: line.label, color: Color(red: 255, green: 215, blue: 90), size: size)
          .draw(into: &builder, x: rect.x + 16, y: y, layer: 111)
        DemoMessage(text: line.help, color: .white, size: size)
          .draw(into: &builder, x: rect.x + 16 + labelWidth, y: y, layer: 111)
      }
    }
  }
}
