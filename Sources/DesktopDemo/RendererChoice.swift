import SDLBackend

/// Which way the demo draws: on the GPU through SDL's accelerated renderer, or on the CPU.
public enum RendererChoice: String, CaseIterable, Sendable {
  /// The GPU when a hardware one backs OpenGL (or the platform's own accelerated renderer),
  /// the software path otherwise.
  case auto
  /// SDL's accelerated renderer, with the whole frame sent as batched geometry from one atlas
  /// texture; taken even when the only OpenGL is a software one.
  case gpu
  /// SDL's software renderer, with the world drawn by the pure-Swift rasterizer.
  case software

  /// The environment variable that chooses when `--renderer` does not.
  public static let environmentKey = "SANDBOX_RENDERER"

  /// A path the demo takes and why, as the demo says it at start.
  public struct Decision: Equatable, Sendable {
    /// Whether to draw with SDL's accelerated renderer.
    public var usesGPU: Bool
    /// Why, in a few words, e.g. "because OpenGL here is llvmpipe (...), a software
    /// rasterizer, ...".
    public var reason: String
  }

  /// The path `self` takes on a display whose OpenGL is `openGL`, or fails with
  /// `openGLFailure` when there is none.
  ///
  /// `auto` takes the software path only when OpenGL exists and is a software rasterizer;
  /// where the probe finds no OpenGL, the platform's accelerated renderer may still be another
  /// API (Direct3D, Metal), so the demo tries it and falls back if SDL has none.
  public func decision(
    openGL: OpenGLProbe.Implementation?, openGLFailure: String?
  ) -> Decision {
    let found = openGL.map {
      "; OpenGL here is \($0.renderer)" + ($0.isSoftware ? ", a software rasterizer" : "")
    }
    switch self {
    case .gpu:
      return Decision(usesGPU: true, reason: "as asked" + (found ?? ""))
    case .software:
      return Decision(usesGPU: false, reason: "as asked")
    case .auto:
      if let openGL, openGL.isSoftware {
        return Decision(
          usesGPU: false,
          reason: "because OpenGL here is \(openGL.renderer), a software rasterizer, slower "
            + "than the software path (--renderer gpu takes it anyway)")
      }
      if let openGL {
        return Decision(usesGPU: true, reason: "because OpenGL here is \(openGL.renderer)")
      }
      return Decision(
        usesGPU: true,
        reason: "because the platform's accelerated renderer may need no OpenGL, which "
          + "is missing here (\(openGLFailure ?? "unknown"))")
    }
  }
}
