import CSDL2

extension SDLSession {
  /// Takes every event SDL has queued and returns the ones a game cares about, in order.
  ///
  /// Closing the last window produces both SDL's window-close and quit events; they are
  /// reported as one `.quit`.
  /// - Complexity: O(queued events).
  public func pollEvents() -> [InputEvent] {
    var events: [InputEvent] = []
    var event = SDL_Event()
    while SDL_PollEvent(&event) != 0 {
      guard let input = Self.inputEvent(from: event) else { continue }
      if input == .quit && events.contains(.quit) { continue }
      events.append(input)
    }
    return events
  }

  /// The input event an SDL event stands for, if it is one a game cares about.
  static func inputEvent(from event: SDL_Event) -> InputEvent? {
    switch event.type {
    case SDL_QUIT.rawValue:
      return .quit
    case SDL_KEYDOWN.rawValue:
      // Auto-repeat would flip toggles such as pause back and forth while a key is held.
      guard event.key.`repeat` == 0 else { return nil }
      return .keyDown(key(code: event.key.keysym.sym, modifiers: event.key.keysym.mod))
    case SDL_MOUSEBUTTONDOWN.rawValue:
      switch event.button.button {
      case UInt8(SDL_BUTTON_LEFT): return .mouseDown(x: Int(event.button.x), y: Int(event.button.y))
      case UInt8(SDL_BUTTON_RIGHT):
        return .rightMouseDown(x: Int(event.button.x), y: Int(event.button.y))
      default: return nil
      }
    case SDL_MOUSEMOTION.rawValue:
      // Only a drag: a move with no button held changes nothing in a game's window.
      guard event.motion.state & 1 != 0 else { return nil }
      return .mouseDragged(x: Int(event.motion.x), y: Int(event.motion.y))
    case SDL_MOUSEWHEEL.rawValue:
      let steps = Int(event.wheel.y)
      guard steps != 0 else { return nil }
      return .wheel(
        steps: event.wheel.direction == UInt32(SDL_MOUSEWHEEL_FLIPPED.rawValue) ? -steps : steps,
        x: Int(event.wheel.mouseX), y: Int(event.wheel.mouseY))
    case SDL_WINDOWEVENT.rawValue:
      switch UInt32(event.window.event) {
      case SDL_WINDOWEVENT_CLOSE.rawValue:
        return .quit
      case SDL_WINDOWEVENT_SIZE_CHANGED.rawValue:
        return .resized(width: Int(event.window.data1), height: Int(event.window.data2))
      default:
        return nil
      }
    default:
      return nil
    }
  }

  /// Maps SDL's key code, which names the key's unshifted character on the user's layout, and
  /// the modifier keys held.
  static func key(code: Int32, modifiers: UInt16) -> Key {
    let code = Int64(code)
    func matches(_ keyCode: SDL_KeyCode) -> Bool { code == Int64(keyCode.rawValue) }
    if matches(SDLK_SPACE) { return .space }
    if matches(SDLK_ESCAPE) { return .escape }
    if matches(SDLK_F1) { return .f1 }
    if matches(SDLK_BACKSPACE) { return .backspace }
    if matches(SDLK_LEFT) { return .left }
    if matches(SDLK_RIGHT) { return .right }
    if matches(SDLK_UP) { return .up }
    if matches(SDLK_DOWN) { return .down }
    if matches(SDLK_HOME) { return .home }
    if matches(SDLK_RETURN) || matches(SDLK_RETURN2) || matches(SDLK_KP_ENTER) { return .enter }
    if matches(SDLK_KP_PLUS) { return .character("+") }
    if matches(SDLK_KP_MINUS) { return .character("-") }
    if matches(SDLK_KP_PERIOD) { return .character(".") }
    if matches(SDLK_KP_0) { return .character("0") }
    // SDLK_KP_1 ... SDLK_KP_9 are consecutive.
    let keypadOne = Int64(SDLK_KP_1.rawValue)
    if (keypadOne...keypadOne + 8).contains(code) {
      return .character(Character(Unicode.Scalar(UInt8(code - keypadOne) + UInt8(ascii: "1"))))
    }
    let isShifted = UInt32(modifiers) & KMOD_SHIFT.rawValue != 0
    if matches(SDLK_EQUALS) && isShifted { return .character("+") }
    if matches(SDLK_SLASH) && isShifted { return .character("?") }
    // Letter keys already report lowercase; anything else printable is taken as it is.
    guard (33...126).contains(code) else { return .other }
    return .character(Character(Unicode.Scalar(UInt8(code))))
  }
}
