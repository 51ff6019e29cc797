import CSDL2

/// SDL's video subsystem, initialised for as long as this object lives.
///
/// Windows, renderers and textures keep their session alive, so SDL is never shut down under
/// them. SDL's global state is not thread-safe: use a session and everything made from it on
/// one thread (the main thread, for real displays). That is why none of these classes is
/// `Sendable`, and why `@unchecked Sendable` would be a lie rather than a shortcut.
public final class SDLSession {
  /// Initialises SDL's video subsystem, forcing `videoDriver` (e.g. `"dummy"`) if given.
  ///
  /// A forced driver takes effect only if video is not yet initialised by another session.
  /// - Throws: `SDLError` from `SDL_Init`, e.g. when no display can be opened.
  public init(videoDriver: String? = nil) throws(SDLError) {
    if let videoDriver {
      // An SDL_VIDEODRIVER environment variable beats an ordinary hint; an override beats it.
      SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, videoDriver, SDL_HINT_OVERRIDE)
    }
    guard SDL_Init(SDL_INIT_VIDEO) == 0 else {
      throw SDLError(failedCall: "SDL_Init")
    }
  }

  deinit {
    // Reference-counted, so one session ending does not pull video out from under another.
    SDL_QuitSubSystem(SDL_INIT_VIDEO)
    if SDL_WasInit(0) == 0 {
      SDL_Quit()
    }
  }

  /// The name of the video driver in use, e.g. `x11` or `dummy`.
  public var videoDriver: String {
    SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
  }

  /// Why SDL would find no display in `environment`, or `nil` if one may be available.
  ///
  /// Lets callers fail fast with a clear message instead of waiting for `SDL_Init` to fail.
  public static func displayProblem(environment: [String: String]) -> String? {
    #if os(macOS) || os(Windows)
      // These platforms always have their native display; the variables mean nothing there.
      return nil
    #endif
    let names = ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"]
    if names.contains(where: { !(environment[$0] ?? "").isEmpty }) { return nil }
    return "no display available: none of DISPLAY, WAYLAND_DISPLAY or SDL_VIDEODRIVER is set "
      + "(run under a desktop session, or use xvfb-run for a virtual one)"
  }
}
