import Foundation
import HeadlessRenderer

/// One way a window draws: a renderer, what to call it, and how to set it to draw that way
/// (two ways may share a renderer).
package final class DrawingPath {
  /// How the window names it: `gpu (OpenGL 3.3, instanced, on <GPU>)`, say.
  package let name: String
  /// What draws.
  package let renderer: any WindowRenderer
  /// Whether this way draws the world on the GPU.
  package let isGPU: Bool
  /// Sets `renderer` to draw this way.
  package let activate: () -> Void

  init(
    name: String, renderer: any WindowRenderer, isGPU: Bool, activate: @escaping () -> Void = {}
  ) {
    self.name = name
    self.renderer = renderer
    self.isGPU = isGPU
    self.activate = activate
  }
}

/// A window and the ways it may draw, made as the renderer choice decides: one way, or two to
/// time against each other (`RendererTrial`).
package struct DrawingPaths {
  /// The ways, the one to start with first.
  package let paths: [DrawingPath]
  /// Whether the ways are timed against each other before one is kept.
  package let isTimed: Bool

  /// What a window is made with: its title and size, what it draws with, the choice of the
  /// way to draw, and where the choice is told.
  package struct Request {
    /// The window's title.
    package var title: String
    /// The window's size in units (a high-density screen gives it more pixels).
    package var width: Int
    package var height: Int
    /// The sprites the frames name.
    package var sprites: SpriteLibrary
    /// The way asked for.
    package var choice: RendererChoice
    /// Told which way the window took and why.
    package var announce: @Sendable (String) -> Void

    /// A request.
    package init(
      title: String, width: Int, height: Int, sprites: SpriteLibrary, choice: RendererChoice,
      announce: @escaping @Sendable (String) -> Void
    ) {
      self.title = title
      self.width = width
      self.height = height
      self.sprites = sprites
      self.choice = choice
      self.announce = announce
    }
  }

  /// Probes the display's OpenGL, decides, opens the window and makes its renderers,
  /// announcing the decision; falls back when a setup cannot be made (no OpenGL 3.3 context
  /// after all, no accelerated renderer), saying why.
  ///
  /// - Throws: `RendererUnavailable` when `gpu` was asked for and the machine has no GPU
  ///   renderer, or `SDLError` when not even a window or software renderer can be made.
  package static func make(session: SDLSession, request: Request) throws -> DrawingPaths {
    let choice = request.choice
    let announce = request.announce
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
        session: session, title: request.title, width: request.width, height: request.height,
        resizable: true, hidden: false, highDensity: true, openGL: openGL)
    }
    let reason = decision.reason
    if case .openGL(let timed) = decision.setup {
      let opened = try window(openGL: true)
      do {
        let backend = try OpenGLBackend(window: opened, sprites: request.sprites)
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
          request: request)
      }
    }
    let opened = try window(openGL: false)
    if case .accelerated(let timed) = decision.setup {
      return try accelerated(
        on: opened, timed: timed, reason: reason, choice: choice, request: request)
    }
    return try software(on: opened, reason: reason, request: request)
  }

  /// SDL's accelerated renderer on `window`, with the software path through it when timed;
  /// the software path alone when `auto` finds no accelerated renderer.
  private static func accelerated(
    on window: Window, timed: Bool, reason: String, choice: RendererChoice,
    request: Request
  ) throws -> DrawingPaths {
    let renderer: Renderer
    do {
      renderer = try Renderer(window: window, software: false, vsync: false)
    } catch {
      guard choice == .auto else {
        throw RendererUnavailable(
          description: "--renderer gpu: SDL has no accelerated renderer here (\(error)); "
            + "--renderer software draws on the CPU")
      }
      return try software(
        on: window, reason: "because SDL has no accelerated renderer here (\(error))",
        request: request)
    }
    let backend = try SDLBackend(renderer: renderer, sprites: request.sprites)
    let gpu = DrawingPath(
      name: "gpu (SDL's \(renderer.name) renderer)", renderer: backend, isGPU: true)
    guard timed else {
      request.announce("Renderer: \(gpu.name), \(reason)")
      return DrawingPaths(paths: [gpu], isTimed: false)
    }
    let rasterizing = try SDLBackend(
      renderer: renderer, sprites: request.sprites, rasterizesWorld: true)
    let software = DrawingPath(
      name: "software (shown through SDL's \(renderer.name) renderer)", renderer: rasterizing,
      isGPU: false)
    request.announce("Renderer: auto, \(reason)")
    return DrawingPaths(paths: [gpu, software], isTimed: true)
  }

  /// SDL's software renderer on `window`, showing the rasterizer's world.
  private static func software(
    on window: Window, reason: String, request: Request
  ) throws -> DrawingPaths {
    let renderer = try Renderer(window: window, software: true, vsync: false)
    // SDL's software renderer blits thousands of sprites one by one; the pure-Swift
    // rasterizer draws the same pixels several times faster and SDL shows them as one texture.
    let backend = try SDLBackend(
      renderer: renderer, sprites: request.sprites, rasterizesWorld: true)
    request.announce("Renderer: software, \(reason)")
    return DrawingPaths(
      paths: [DrawingPath(name: "software", renderer: backend, isGPU: false)], isTimed: false)
  }
}

/// Why a window cannot draw the way it was asked to: `--renderer gpu` on a machine without a
/// GPU renderer.
package struct RendererUnavailable: Error, CustomStringConvertible {
  /// What is missing, and what to ask for instead.
  package let description: String
}

/// The ways a window draws and the one drawing now: the trial between them, while it runs,
/// switches ways and keeps the faster.
package struct WindowDrawing {
  /// The ways.
  package let paths: DrawingPaths
  /// The way drawing now.
  package private(set) var current: DrawingPath
  private var trial: RendererTrial?

  /// Draws the first way of `paths`, set to draw that way, timing the ways against each other
  /// when they are timed.
  package init(_ paths: DrawingPaths) {
    self.paths = paths
    current = paths.paths[0]
    current.activate()
    trial = paths.isTimed ? RendererTrial(count: paths.paths.count) : nil
  }

  /// What draws now.
  package var renderer: any WindowRenderer { current.renderer }

  /// Whether the ways are still being timed.
  package var isTiming: Bool { trial != nil }

  /// Counts a frame the current way drew and presented in `seconds`, switching ways as the
  /// trial says; returns the line that tells which way was kept when the trial ends.
  package mutating func record(seconds: Double) -> String? {
    guard var trial else { return nil }
    let step = trial.record(seconds: seconds)
    self.trial = trial
    switch step {
    case .keep:
      return nil
    case .switchTo(let index):
      current = paths.paths[index]
      current.activate()
      return nil
    case .decided(let index):
      current = paths.paths[index]
      current.activate()
      self.trial = nil
      let others = paths.paths.indices.filter { $0 != index }.map {
        String(format: "%.2f ms", trial.medianCost(of: $0) * 1000) + " on the "
          + paths.paths[$0].name
      }
      return "Renderer: \(current.name), kept after timing: "
        + String(format: "%.2f ms a frame", trial.medianCost(of: index) * 1000)
        + " against " + others.joined(separator: ", ")
        + " (medians of \(RendererTrial.framesTimed) frames)"
    }
  }
}
