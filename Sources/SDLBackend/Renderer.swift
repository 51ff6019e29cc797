import CSDL2

/// An SDL renderer drawing into a window, destroyed when this object goes away.
public final class Renderer {
  /// The window drawn into, kept alive as long as the renderer.
  public let window: Window
  let pointer: OpaquePointer
  /// Whether this is SDL's CPU renderer, whose rasterization rules differ from a GPU's.
  public let isSoftware: Bool

  /// Creates a renderer for `window`.
  ///
  /// - Parameters:
  ///   - software: Asks for SDL's software renderer; otherwise for an accelerated one (SDL
  ///     picks the best the platform has, e.g. OpenGL, Direct3D or Metal).
  ///   - vsync: Whether `present` waits for the display's vertical blank.
  /// - Throws: `SDLError` from `SDL_CreateRenderer`, e.g. when the window already has one.
  public init(window: Window, software: Bool = false, vsync: Bool = false) throws(SDLError) {
    if software {
      // The software renderer draws into the window's framebuffer. Unless told otherwise (the
      // environment still wins), SDL 2.26 on Linux shows that framebuffer through an OpenGL
      // texture, which with Mesa's software OpenGL (Xvfb, no GPU) cost 9 ms a frame more
      // than X11's own shared-memory images.
      SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
    }
    var flags = software ? SDL_RENDERER_SOFTWARE.rawValue : SDL_RENDERER_ACCELERATED.rawValue
    if vsync { flags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
    guard let pointer = SDL_CreateRenderer(window.pointer, -1, flags) else {
      throw SDLError(failedCall: "SDL_CreateRenderer")
    }
    var info = SDL_RendererInfo()
    let isSoftware =
      SDL_GetRendererInfo(pointer, &info) == 0
      && info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
    self.window = window
    self.pointer = pointer
    self.isSoftware = isSoftware
  }

  deinit {
    SDL_DestroyRenderer(pointer)
  }

  /// The driver's name, e.g. `software` or `opengl`.
  public var name: String {
    var info = SDL_RendererInfo()
    guard SDL_GetRendererInfo(pointer, &info) == 0, let name = info.name else { return "" }
    return String(cString: name)
  }

  /// The size of what the renderer draws into, in pixels; follows window resizes.
  public var outputSize: (width: Int, height: Int) {
    var width: Int32 = 0
    var height: Int32 = 0
    guard SDL_GetRendererOutputSize(pointer, &width, &height) == 0 else { return (0, 0) }
    return (Int(width), Int(height))
  }
}
