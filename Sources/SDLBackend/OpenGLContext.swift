import CSDL2

/// An OpenGL 3.3 core profile context on a window, with its functions looked up; deleted when
/// this object goes away.
///
/// Not `Sendable`: the context is current on the thread that made it, and stays there.
final class OpenGLContext {
  /// The window drawn into, kept alive as long as the context.
  let window: Window
  private let context: SDL_GLContext
  /// The context's functions.
  let gl: OpenGLFunctions

  /// Makes a 3.3 core context on `window` (opened with `openGL`), current on this thread, with
  /// the swap interval off.
  ///
  /// - Throws: `SDLError` when the display offers no 3.3 core context or lacks a function.
  init(window: Window) throws(SDLError) {
    let context = try Self.makeCoreContext(on: window.pointer)
    guard SDL_GL_MakeCurrent(window.pointer, context) == 0 else {
      let error = SDLError(failedCall: "SDL_GL_MakeCurrent")
      SDL_GL_DeleteContext(context)
      throw error
    }
    do {
      gl = try OpenGLFunctions()
    } catch {
      SDL_GL_DeleteContext(context)
      throw error
    }
    // Frames are paced by the demo's own clock; a swap that waits for the display would hide
    // what a frame costs.
    _ = SDL_GL_SetSwapInterval(0)
    self.window = window
    self.context = context
  }

  deinit {
    SDL_GL_DeleteContext(context)
  }

  /// A 3.3 core profile context on `window`, asked for with the attributes set only for this
  /// call: SDL's own renderers make contexts of their own kind later.
  static func makeCoreContext(on window: OpaquePointer) throws(SDLError) -> SDL_GLContext {
    SDL_GL_ResetAttributes()
    defer { SDL_GL_ResetAttributes() }
    _ = SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3)
    _ = SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3)
    _ = SDL_GL_SetAttribute(
      SDL_GL_CONTEXT_PROFILE_MASK, Int32(SDL_GL_CONTEXT_PROFILE_CORE.rawValue))
    _ = SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1)
    guard let context = SDL_GL_CreateContext(window) else {
      throw SDLError(failedCall: "SDL_GL_CreateContext", context: "an OpenGL 3.3 core context")
    }
    return context
  }

  /// The drawable's size in pixels; follows window resizes and high pixel densities.
  var drawableSize: (width: Int, height: Int) {
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GL_GetDrawableSize(window.pointer, &width, &height)
    return (Int(width), Int(height))
  }

  /// Shows what was drawn since the last swap.
  func swap() {
    SDL_GL_SwapWindow(window.pointer)
  }

  /// The first error OpenGL has recorded since the last call, as an `SDLError` naming `step`,
  /// or `nil`; the rest are cleared.
  func error(during step: String) -> SDLError? {
    let first = gl.getError()
    guard first != GL.noError else { return nil }
    var more = 0
    while gl.getError() != GL.noError, more < 32 { more += 1 }
    return SDLError(
      function: "OpenGL", message: "\(step) failed with error 0x\(String(first, radix: 16))")
  }
}
