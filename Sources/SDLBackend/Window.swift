import CSDL2

/// An SDL window, destroyed when this object goes away.
public final class Window {
  /// The session SDL stays initialised for while the window exists.
  public let session: SDLSession
  let pointer: OpaquePointer

  /// Opens a window of `width` x `height` screen units, centred on the primary display.
  ///
  /// - Parameters:
  ///   - resizable: Whether the user may resize the window; renderers follow the new size.
  ///   - hidden: Whether the window starts hidden, e.g. for tests and screenshots.
  ///   - highDensity: Whether to ask for a drawable at the screen's full pixel density, which
  ///     on a high-DPI display is larger than the window's size in screen units (see
  ///     `pixelSize`).
  ///   - openGL: Whether the window is for OpenGL drawing (`OpenGLBackend`); SDL's renderers
  ///     draw into either kind.
  /// - Throws: `SDLError` from `SDL_CreateWindow`.
  public init(
    session: SDLSession, title: String, width: Int, height: Int, resizable: Bool = true,
    hidden: Bool = false, highDensity: Bool = false, openGL: Bool = false
  ) throws(SDLError) {
    var flags = hidden ? SDL_WINDOW_HIDDEN.rawValue : SDL_WINDOW_SHOWN.rawValue
    if resizable { flags |= SDL_WINDOW_RESIZABLE.rawValue }
    if highDensity { flags |= SDL_WINDOW_ALLOW_HIGHDPI.rawValue }
    if openGL { flags |= SDL_WINDOW_OPENGL.rawValue }
    guard
      let pointer = SDL_CreateWindow(
        title, CSDL2_WINDOWPOS_CENTERED, CSDL2_WINDOWPOS_CENTERED, Int32(clamping: width),
        Int32(clamping: height), flags)
    else {
      throw SDLError(failedCall: "SDL_CreateWindow")
    }
    self.session = session
    self.pointer = pointer
  }

  deinit {
    SDL_DestroyWindow(pointer)
  }

  /// The drawable size in pixels, which differs from the size in screen units on high-DPI
  /// displays.
  public var pixelSize: (width: Int, height: Int) {
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetWindowSizeInPixels(pointer, &width, &height)
    return (Int(width), Int(height))
  }

  /// The window's size in screen units, the units mouse positions come in.
  public var size: (width: Int, height: Int) {
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetWindowSize(pointer, &width, &height)
    return (Int(width), Int(height))
  }

  /// Asks for a new size in screen units; renderers pick it up with the resize event.
  public func resize(width: Int, height: Int) {
    SDL_SetWindowSize(pointer, Int32(clamping: width), Int32(clamping: height))
  }

  /// The title bar text.
  public var title: String {
    get { String(cString: SDL_GetWindowTitle(pointer)) }
    set { SDL_SetWindowTitle(pointer, newValue) }
  }
}
