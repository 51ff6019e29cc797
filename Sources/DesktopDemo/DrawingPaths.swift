import SDLBackend

/// One way the demo's window draws: a renderer, what to call it, and how to set it to draw
/// that way (two ways may share a renderer).
final class DrawingPath {
  /// How the demo names it: `gpu (OpenGL 3.3, instanced, on <GPU>)`, say.
  let name: String
  /// What draws.
  let renderer: any WindowRenderer
  /// Whether this way draws the world on the GPU.
  let isGPU: Bool
  /// Sets `renderer` to draw this way.
  let activate: () -> Void

  init(
    name: String, renderer: any WindowRenderer, isGPU: Bool, activate: @escaping () -> Void = {}
  ) {
    self.name = name
    self.renderer = renderer
    self.isGPU = isGPU
    self.activate = activate
  }
}

/// The demo window and the ways it may draw, made as the renderer choice decides: one way, or
/// two to time against each other (`RendererTrial`).
struct DrawingPaths {
  /// The ways, the one to start with first.
  let paths: [DrawingPath]
  /// Whether the ways are timed against each other before one is kept.
  let isTimed: Bool

  /// Probes the display's OpenGL, decides, opens the window and makes its renderers,
  /// announcing the decision as the demo's first line; falls back when a setup cannot be made
  /// (no OpenGL 3.3 context after all, no accelerated renderer), saying why.
  ///
  /// - Throws: `DemoError` when `--renderer gpu` was asked for and the machine has no GPU
  ///   renderer, or `SDLError` when not even a window or software renderer can be made.
  static func make(session: SDLSession, configuration: DemoConfiguration) throws -> DrawingPaths {
    let choice = configuration.renderer
    let announce = configuration.announce
    var openGL: OpenGLProbe.Implementation?
    var openGLFailure: String?
    if choice != .software {
      do {
        openGL = try OpenGLProbe.implementation(session: session)
      } catch {
        openGLFailure = error.description
      }
    }
    let decision = choice.decision(openGL: openGL, openGLFailure: openGLFailure)
    func window(openGL: Bool) throws -> Window {
      try Window(
        session: session, title: "TraitSandbox: MonsterWars", width: configuration.width,
        height: configuration.height, resizable: true, hidden: false, highDensity: true,
        openGL: openGL)
    }
    let reason = decision.reason
    if case .openGL(let timed) = decision.setup {
      let opened = try window(openGL: true)
      do {
        let backend = try OpenGLBackend(window: opened, sprites: configuration.sprites)
        let gpu = DrawingPath(
          name: "gpu (OpenGL 3.3, instanced, on \(backend.rendererName))", renderer: backend,
          isGPU: true
        ) { backend.drawsWorldOnCPU = false }
        guard timed else {
          announce("Renderer: \(gpu.name), \(reason)")
          return DrawingPaths(paths: [gpu], isTimed: false)
        }
        let software = DrawingPath(
          name: "software (rasterized on \(backend.rasterizerThreads) threads, shown through "
            + "OpenGL)", renderer: backend, isGPU: false
        ) { backend.drawsWorldOnCPU = true }
        announce("Renderer: auto, \(reason)")
        return DrawingPaths(paths: [gpu, software], isTimed: true)
      } catch {
        return try accelerated(
          on: opened, timed: timed,
          reason: "because the OpenGL 3.3 core renderer failed here (\(error))", choice: choice,
          configuration: configuration)
      }
    }
    let opened = try window(openGL: false)
    if case .accelerated(let timed) = decision.setup {
      return try accelerated(
        on: opened, timed: timed, reason: reason, choice: choice, configuration: configuration)
    }
    return try software(on: opened, reason: reason, configuration: configuration)
  }

  /// SDL's accelerated renderer on `window`, with the software path through it when timed;
  /// the software path alone when `auto` finds no accelerated renderer.
  private static func accelerated(
    on window: Window, timed: Bool, reason: String, choice: RendererChoice,
    configuration: DemoConfiguration
  ) throws -> DrawingPaths {
    let renderer: Renderer
    do {
      renderer = try Renderer(window: window, software: false, vsync: false)
    } catch {
      guard choice == .auto else {
        throw DemoError(
          message: "--renderer gpu: SDL has no accelerated renderer here (\(error)); "
            + "--renderer software draws on the CPU", kind: .other)
      }
      return try software(
        on: window, reason: "because SDL has no accelerated renderer here (\(error))",
        configuration: configuration)
    }
    let backend = try SDLBackend(renderer: renderer, sprites: configuration.sprites)
    let gpu = DrawingPath(
      name: "gpu (SDL's \(renderer.name) renderer)", renderer: backend, isGPU: true)
    guard timed else {
      configuration.announce("Renderer: \(gpu.name), \(reason)")
      return DrawingPaths(paths: [gpu], isTimed: false)
    }
    let rasterizing = try SDLBackend(
      renderer: renderer, sprites: configuration.sprites, rasterizesWorld: true)
    let software = DrawingPath(
      name: "software (shown through SDL's \(renderer.name) renderer)", renderer: rasterizing,
      isGPU: false)
    configuration.announce("Renderer: auto, \(reason)")
    return DrawingPaths(paths: [gpu, software], isTimed: true)
  }

  /// SDL's software renderer on `window`, showing the rasterizer's world.
  private static func software(
    on window: Window, reason: String, configuration: DemoConfiguration
  ) throws -> DrawingPaths {
    let renderer = try Renderer(window: window, software: true, vsync: false)
    // SDL's software renderer blits thousands of sprites one by one; the pure-Swift
    // rasterizer draws the same pixels several times faster and SDL shows them as one texture.
    let backend = try SDLBackend(
      renderer: renderer, sprites: configuration.sprites, rasterizesWorld: true)
    configuration.announce("Renderer: software, \(reason)")
    return DrawingPaths(
      paths: [DrawingPath(name: "software", renderer: backend, isGPU: false)], isTimed: false)
  }
}
