/// The help's lines and the status line: what the window tells the player in words.
extension GameView {
  /// The keys, a line each, as the help lists them.
  var helpLines: [String] {
    func line(_ keys: String, _ help: String) -> String {
      keys.padding(toLength: 13, withPad: " ", startingAt: 0) + help
    }
    var lines = [
      line("Click", clickHelp), line("Right-click", "inspect what is there"),
      line("Minimap", "click or drag to look there"),
    ]
    for key in keys { lines.append(line(String(key.key).uppercased(), key.help)) }
    if let restartHelp { lines.append(line("R", restartHelp)) }
    if let settingsFile {
      lines.append(
        line("Settings", "edit and save \(settingsFile): the game takes them, or starts again"))
    }
    if controlsTime {
      lines += [
        line("Space", "pause or go on"), line(".", "one tick, while paused"),
        line("+ / -", "faster / slower (x1/8 to x8)"),
        line("T", "look back at the past (click its bar: seek)"),
      ]
    }
    return lines + [
      line("F", "follow the selection"),
      line("Wheel", "zoom in / out toward the pointer (over the inspector: scroll it)"),
      line("] [", "zoom in / out toward the selection"), line("Arrows", "move the view, zoomed in"),
      line("Home", "the whole world"), line("F1", "what ticks and frames cost"),
      line("H  ?", "this help"), line("Esc", "quit"),
    ]
  }

  /// The status line: paused, the speed, the zoom, and the key for help.
  var statusLine: String {
    var status: [String] = []
    if isPaused { status.append("paused") }
    if isFollowing { status.append("following") }
    if let behindSpeed, !isPaused {
      status.append(
        "\(Self.multiple(speed)) asked, \(Self.multiple(behindSpeed)): the game is behind")
    } else if speed != 1 {
      status.append(Self.multiple(speed))
    }
    if let camera { status.append("zoom x\(Int(camera.zoom))") }
    status.append(showsHelp ? "H: close the help" : "H: keys")
    return status.joined(separator: "  ")
  }

  /// "x1/8", "x2", "x0.4": a speed as the status line says it.
  static func multiple(_ speed: Double) -> String {
    if speed < 1, (1 / speed).rounded() == 1 / speed, speed <= 0.5 { return "x1/\(Int(1 / speed))" }
    let tenths = Int((speed * 10).rounded())
    return tenths % 10 == 0 ? "x\(tenths / 10)" : "x\(tenths / 10).\(tenths % 10)"
  }
}
