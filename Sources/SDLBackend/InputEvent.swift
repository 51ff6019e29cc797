/// Something the user did, in terms that need no knowledge of SDL or of any game.
public enum InputEvent: Equatable, Sendable {
  /// The window was closed or the application asked to quit.
  case quit
  /// A key was pressed; holding it down does not repeat the event.
  case keyDown(Key)
  /// The left mouse button was pressed at this point, from the window's top left corner.
  ///
  /// Windows are not created high-DPI, so these are also the renderer's output pixels.
  case mouseDown(x: Int, y: Int)
  /// The mouse moved to this point with the left button held down.
  case mouseDragged(x: Int, y: Int)
  /// The right mouse button was pressed at this point, from the window's top left corner.
  case rightMouseDown(x: Int, y: Int)
  /// The mouse wheel turned, the pointer at this point from the window's top left corner:
  /// positive away from the user (scroll up), negative toward.
  case wheel(steps: Int, x: Int, y: Int)
  /// The window's size changed; the renderer's output follows it.
  case resized(width: Int, height: Int)
}

/// A pressed key, reduced to what a game's key bindings need.
public enum Key: Equatable, Sendable {
  /// A printable key: digits, lowercase letters, punctuation such as `.`, `+`, `-` and `=`.
  ///
  /// Keypad digits, `+`, `-` and `.` read as their main-keyboard characters, and shift with
  /// `=` reads as `+`, as printed on most keyboards.
  case character(Character)
  /// The space bar.
  case space
  /// The escape key.
  case escape
  /// The F1 function key.
  case f1
  /// Return or the keypad's enter key.
  case enter
  /// The backspace key.
  case backspace
  /// An arrow key.
  case left, right, up, down
  /// The Home key.
  case home
  /// Any other key.
  case other
}
