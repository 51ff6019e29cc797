/// Which way a window draws: on the GPU, or on the CPU; `auto` decides from what the machine
/// shows.
public enum RendererChoice: String, CaseIterable, Sendable {
  /// The software path where the only OpenGL is a software rasterizer; elsewhere both paths,
  /// each timed for its first frames, keeping the faster.
  case auto
  /// The GPU: the instanced OpenGL 3.3 renderer, or where OpenGL 3.3 core is missing, SDL's
  /// accelerated renderer (Direct3D, Metal, OpenGL ES) with batched geometry; taken even when
  /// the only OpenGL is a software one.
  case gpu
  /// The CPU: the world drawn by the pure-Swift rasterizer on every core, shown through SDL's
  /// software renderer.
  case software

  /// The environment variable that chooses when `--renderer` does not.
  public static let environmentKey = "SANDBOX_RENDERER"

  /// How the window is set up to draw.
  public enum Setup: Equatable, Sendable {
    /// An OpenGL 3.3 core context and the instanced renderer; `timed`: the software path in
    /// the same context is timed against it and the faster kept.
    case openGL(timed: Bool)
    /// SDL's accelerated renderer with batched geometry; `timed`: the software path streamed
    /// through it is timed against it and the faster kept.
    case accelerated(timed: Bool)
    /// SDL's software renderer showing the rasterizer's world.
    case software
  }

  /// A setup a window takes and why, as the window says it at start.
  public struct Decision: Equatable, Sendable {
    /// How the window draws.
    public var setup: Setup
    /// Why, in a few words, e.g. "because OpenGL here is llvmpipe (...), a software
    /// rasterizer, ...".
    public var reason: String

    /// Whether it draws on the GPU (or times the GPU path first).
    public var usesGPU: Bool { setup != .software }
  }

  /// The setup `self` takes on a display whose OpenGL is `openGL`, or fails with
  /// `openGLFailure` when there is none.
  ///
  /// `auto` never commits to the slower path on a machine it has not seen: a software OpenGL
  /// (Mesa's llvmpipe, say) is known to lose to the software path, so that is taken at once;
  /// with a hardware GPU both paths draw the first frames and the faster one stays (see
  /// `RendererTrial`). Where the probe finds no OpenGL 3.3 core, the platform's accelerated
  /// renderer may still be another API (Direct3D, Metal), so the window tries it and falls
  /// back if SDL has none.
  public func decision(
    openGL: OpenGLProbe.Implementation?, openGLFailure: String?
  ) -> Decision {
    let found = openGL.map {
      "; OpenGL here is \($0.renderer)" + ($0.isSoftware ? ", a software rasterizer" : "")
    }
    let missingCore =
      openGL?.coreProfileProblem.map { "OpenGL 3.3 core is missing here (\($0))" }
      ?? openGLFailure.map { "OpenGL is missing here (\($0))" } ?? "OpenGL is missing here"
    switch self {
    case .gpu:
      if let openGL, openGL.hasCoreProfile {
        return Decision(setup: .openGL(timed: false), reason: "as asked" + (found ?? ""))
      }
      return Decision(
        setup: .accelerated(timed: false), reason: "as asked, because \(missingCore)")
    case .software:
      return Decision(setup: .software, reason: "as asked")
    case .auto:
      if let openGL, openGL.isSoftware {
        return Decision(
          setup: .software,
          reason: "because OpenGL here is \(openGL.renderer), a software rasterizer, slower "
            + "than the software path (--renderer gpu takes it anyway)")
      }
      if let openGL, openGL.hasCoreProfile {
        return Decision(
          setup: .openGL(timed: true),
          reason: "timing the GPU path on \(openGL.renderer) and the software path for "
            + "\(RendererTrial.framesTimed) frames each, to keep the faster")
      }
      return Decision(
        setup: .accelerated(timed: true),
        reason: "timing SDL's accelerated renderer and the software path for "
          + "\(RendererTrial.framesTimed) frames each, to keep the faster, because "
          + missingCore)
    }
  }
}
