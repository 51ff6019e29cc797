import CSDL2
import Testing

@testable import SDLBackend

extension SDLBackendTests {
  @Test func displayProblemExplainsWhyThereIsNoDisplay() {
    #if os(Linux)
      let problem = SDLSession.displayProblem(environment: ["HOME": "/root"])
      #expect(problem?.contains("DISPLAY") == true)
    #endif
    #expect(SDLSession.displayProblem(environment: ["DISPLAY": ":99"]) == nil)
    #expect(SDLSession.displayProblem(environment: ["WAYLAND_DISPLAY": "wayland-0"]) == nil)
    #expect(SDLSession.displayProblem(environment: ["SDL_VIDEODRIVER": "dummy"]) == nil)
  }

  @Test func theForcedDriverBeatsTheEnvironment() throws {
    // Tests run with whatever SDL_VIDEODRIVER the environment has; the override must win.
    let session = try SDLSession(videoDriver: "dummy")
    #expect(session.videoDriver == "dummy")
  }

  @Test func leftAndRightClicksAreTheirOwnEvents() {
    var event = SDL_Event()
    event.type = SDL_MOUSEBUTTONDOWN.rawValue
    event.button.x = 30
    event.button.y = 40
    event.button.button = UInt8(SDL_BUTTON_LEFT)
    #expect(SDLSession.inputEvent(from: event) == .mouseDown(x: 30, y: 40))
    event.button.button = UInt8(SDL_BUTTON_RIGHT)
    #expect(SDLSession.inputEvent(from: event) == .rightMouseDown(x: 30, y: 40))
    event.button.button = UInt8(SDL_BUTTON_MIDDLE)
    #expect(SDLSession.inputEvent(from: event) == nil)
    var motion = SDL_Event()
    motion.type = SDL_MOUSEMOTION.rawValue
    motion.motion.x = 40
    motion.motion.y = 50
    #expect(SDLSession.inputEvent(from: motion) == nil, "a move with no button held")
    motion.motion.state = 1
    #expect(SDLSession.inputEvent(from: motion) == .mouseDragged(x: 40, y: 50))
    var wheel = SDL_Event()
    wheel.type = SDL_MOUSEWHEEL.rawValue
    wheel.wheel.y = 2
    wheel.wheel.mouseX = 300
    wheel.wheel.mouseY = 200
    #expect(SDLSession.inputEvent(from: wheel) == .wheel(steps: 2, x: 300, y: 200))
    wheel.wheel.direction = UInt32(SDL_MOUSEWHEEL_FLIPPED.rawValue)
    #expect(SDLSession.inputEvent(from: wheel) == .wheel(steps: -2, x: 300, y: 200))
  }

  @Test func anErrorNamesTheCallThatFailed() {
    let error = SDLError(function: "SDL_CreateRenderer", message: "Invalid window")
    #expect(error.description == "SDL_CreateRenderer: Invalid window")
  }

  @Test func keysMapToCharactersAndNamedKeys() {
    let noModifiers: UInt16 = 0
    let shift: UInt16 = 0x0001
    let keypadMask: Int32 = 1 << 30
    #expect(SDLSession.key(code: 97, modifiers: noModifiers) == .character("a"))
    #expect(SDLSession.key(code: 97, modifiers: shift) == .character("a"))
    #expect(SDLSession.key(code: 55, modifiers: noModifiers) == .character("7"))
    #expect(SDLSession.key(code: 46, modifiers: noModifiers) == .character("."))
    #expect(SDLSession.key(code: 45, modifiers: noModifiers) == .character("-"))
    #expect(SDLSession.key(code: 61, modifiers: noModifiers) == .character("="))
    #expect(SDLSession.key(code: 61, modifiers: shift) == .character("+"))
    #expect(SDLSession.key(code: 47, modifiers: noModifiers) == .character("/"))
    #expect(SDLSession.key(code: 47, modifiers: shift) == .character("?"))
    #expect(SDLSession.key(code: 32, modifiers: noModifiers) == .space)
    #expect(SDLSession.key(code: 27, modifiers: noModifiers) == .escape)
    #expect(SDLSession.key(code: 13, modifiers: noModifiers) == .enter)
    #expect(SDLSession.key(code: 8, modifiers: noModifiers) == .backspace)
    #expect(SDLSession.key(code: keypadMask | 80, modifiers: noModifiers) == .left)
    #expect(SDLSession.key(code: keypadMask | 79, modifiers: noModifiers) == .right)
    #expect(SDLSession.key(code: keypadMask | 82, modifiers: noModifiers) == .up)
    #expect(SDLSession.key(code: keypadMask | 81, modifiers: noModifiers) == .down)
    #expect(SDLSession.key(code: keypadMask | 74, modifiers: noModifiers) == .home)
    // Keypad and function keys carry bit 30: SDLK_SCANCODE_MASK | scancode.
    let keypad: Int32 = 1 << 30
    #expect(SDLSession.key(code: keypad | 58, modifiers: noModifiers) == .f1)
    #expect(SDLSession.key(code: keypad | 87, modifiers: noModifiers) == .character("+"))
    #expect(SDLSession.key(code: keypad | 86, modifiers: noModifiers) == .character("-"))
    #expect(SDLSession.key(code: keypad | 99, modifiers: noModifiers) == .character("."))
    #expect(SDLSession.key(code: keypad | 88, modifiers: noModifiers) == .enter)
    #expect(SDLSession.key(code: keypad | 89, modifiers: noModifiers) == .character("1"))
    #expect(SDLSession.key(code: keypad | 97, modifiers: noModifiers) == .character("9"))
    #expect(SDLSession.key(code: keypad | 98, modifiers: noModifiers) == .character("0"))
    #expect(SDLSession.key(code: keypad | 83, modifiers: noModifiers) == .other)
  }
}
