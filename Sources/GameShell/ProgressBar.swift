/// A one-line progress bar on standard error, drawn only when it is a terminal and only once a
/// run has lasted a second, so short and piped runs print nothing there.
package struct ProgressBar {
  /// The ticks the run steps at most.
  let total: Int
  /// Where the bar is drawn.
  let console: Console
  private var isVisible = false
  private var lastDrawn: Double = -1

  /// A bar of `total` ticks, drawn on `console`'s standard error.
  package init(total: Int, console: Console) {
    self.total = max(total, 1)
    self.console = console
  }

  /// Redraws the bar for `done` units after `elapsed` seconds, at most ten times a second.
  package mutating func update(_ done: Int, now elapsed: Double) {
    guard console.errorIsTerminal, elapsed >= 1, elapsed - lastDrawn >= 0.1 else { return }
    lastDrawn = elapsed
    isVisible = true
    let width = 30
    let fraction = min(Double(done) / Double(total), 1)
    let filled = Int(fraction * Double(width))
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    let percent = Int(fraction * 100)
    console.writeError("\r[\(bar)] \(percent)% \(done)/\(total) ticks")
  }

  /// Clears the bar if it was drawn.
  package mutating func finish() {
    guard isVisible else { return }
    console.writeError("\r" + String(repeating: " ", count: 72) + "\r")
    isVisible = false
  }
}
