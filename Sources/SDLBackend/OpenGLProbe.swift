import CSDL2

/// What OpenGL a display offers, asked through a hidden window of its own, so the window the
/// player sees is not touched.
public enum OpenGLProbe {
  /// The OpenGL implementation a window on this display would draw with.
  public struct Implementation: Equatable, Sendable {
    /// `GL_RENDERER`, e.g. `llvmpipe (LLVM 15.0.6, 256 bits)` or a GPU's name.
    public var renderer: String
    /// `GL_VENDOR`, e.g. `Mesa` or `NVIDIA Corporation`.
    public var vendor: String
    /// Why the display offers no OpenGL 3.3 core profile context, which the instanced GPU
    /// renderer needs; `nil` when it offers one.
    public var coreProfileProblem: String?

    /// Creates an implementation from its strings.
    public init(renderer: String, vendor: String, coreProfileProblem: String? = nil) {
      self.renderer = renderer
      self.vendor = vendor
      self.coreProfileProblem = coreProfileProblem
    }

    /// Whether the display offers an OpenGL 3.3 core profile context.
    public var hasCoreProfile: Bool { coreProfileProblem == nil }

    /// Whether it draws on the CPU: Mesa's llvmpipe, softpipe or swrast, or a platform's
    /// software fallback, none of which is faster than SDL's own software renderer.
    public var isSoftware: Bool {
      let name = renderer.lowercased()
      return Self.softwareNames.contains { name.contains($0) }
    }

    /// Words in `GL_RENDERER` that name a software rasterizer.
    static let softwareNames = [
      "llvmpipe", "softpipe", "swrast", "software rasterizer", "software renderer",
      "gdi generic",
    ]
  }

  /// Opens a hidden OpenGL window and context on `session`'s display and reads which OpenGL
  /// implementation answers: a 3.3 core profile context's, or, where there is none, the
  /// default context's.
  ///
  /// - Throws: `SDLError` when the display offers no OpenGL (no library, no visual, no
  ///   context).
  public static func implementation(session: SDLSession) throws(SDLError) -> Implementation {
    _ = session
    let flags = SDL_WINDOW_OPENGL.rawValue | SDL_WINDOW_HIDDEN.rawValue
    guard
      let window = SDL_CreateWindow(
        "OpenGL probe", CSDL2_WINDOWPOS_UNDEFINED, CSDL2_WINDOWPOS_UNDEFINED, 1, 1, flags)
    else {
      throw SDLError(failedCall: "SDL_CreateWindow", context: "an OpenGL window")
    }
    defer { SDL_DestroyWindow(window) }
    var coreProfileProblem: String?
    let context: SDL_GLContext
    do {
      context = try OpenGLContext.makeCoreContext(on: window)
    } catch {
      coreProfileProblem = error.description
      guard let fallback = SDL_GL_CreateContext(window) else {
        throw SDLError(failedCall: "SDL_GL_CreateContext")
      }
      context = fallback
    }
    defer { SDL_GL_DeleteContext(context) }
    guard SDL_GL_MakeCurrent(window, context) == 0 else {
      throw SDLError(failedCall: "SDL_GL_MakeCurrent")
    }
    typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
    guard let address = SDL_GL_GetProcAddress("glGetString") else {
      throw SDLError(failedCall: "SDL_GL_GetProcAddress", context: "glGetString")
    }
    let getString = unsafeBitCast(address, to: GetString.self)
    func string(_ name: UInt32) -> String {
      getString(name).map { String(cString: $0) } ?? ""
    }
    // GL_RENDERER and GL_VENDOR.
    let renderer = string(0x1F01)
    guard !renderer.isEmpty else {
      throw SDLError(function: "glGetString", message: "OpenGL names no renderer")
    }
    return Implementation(
      renderer: renderer, vendor: string(0x1F00), coreProfileProblem: coreProfileProblem)
  }
}
