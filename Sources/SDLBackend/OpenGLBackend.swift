import CSDL2
import Foundation
import Frames
import HeadlessRenderer
import Imaging

/// Draws frames with OpenGL 3.3 core in the context SDL makes for a window: the frame's
/// instances as one instanced draw from the buffer their columns were uploaded to, moved
/// between ticks in the vertex shader, and everything else (background, commands, HUD) as
/// quads from one atlas.
///
/// A frame's instances go to the GPU once, when a frame with new instances is first drawn;
/// frames drawn between two ticks send only a few uniforms and the draw calls. The earlier
/// frame's instances stay on the GPU, where the vertex shader reads each instance's entity's
/// earlier position (`InstancePairing`), so interpolation costs the CPU nothing. Dots and
/// health bars are instances too, placed and coloured on the GPU (see `OpenGLShaders`).
///
/// With `drawsWorldOnCPU`, the world is drawn by the pure-Swift rasterizer instead (on every
/// core) and shown as one texture: the software path in the same window, which is what the
/// demo times against the GPU path before it picks one.
///
/// Not `Sendable`: OpenGL calls belong to the thread that made the context.
public final class OpenGLBackend: RenderBackend {
  /// What a frame fails with: the call that failed.
  public typealias Failure = SDLError

  let context: OpenGLContext
  var gl: OpenGLFunctions { context.gl }
  /// `GL_RENDERER`, e.g. `NVIDIA H200/PCIe/SSE2` or `llvmpipe (LLVM 15.0.6, 256 bits)`.
  public let rendererName: String

  /// Whether the world is drawn on the CPU and shown as a texture (the software path).
  public var drawsWorldOnCPU = false
  /// The threads the rasterizer draws on when `drawsWorldOnCPU`.
  public var rasterizerThreads = ProcessInfo.processInfo.activeProcessorCount {
    didSet { rasterizer?.threads = rasterizerThreads }
  }

  let regions: [SpriteID: SpriteRegions]
  private let library: SpriteLibrary
  let programs: Programs
  let resources: Resources
  /// The command quads since the last flush, drawn before the next instances or at the end.
  var quads: [CommandQuad] = []
  /// The output size for the frame being drawn.
  var outputWidth: Float = 0
  var outputHeight: Float = 0
  /// What the instance buffers hold, to upload only what is new.
  var uploaded = UploadedInstances()
  /// The bytes of storage each buffer has, by name.
  var bufferCapacities: [UInt32: Int] = [:]
  /// The threads a large upload is copied on.
  var copyThreads = ProcessInfo.processInfo.activeProcessorCount
  /// The rasterizer and its texture's size, for `drawsWorldOnCPU`.
  private var rasterizer: HeadlessBackend?
  private var worldTextureSize: (width: Int, height: Int) = (0, 0)
  // A frame mostly repeats a few sprites, so remembering the last lookup skips most hashing.
  var lastSprite: (id: SpriteID, regions: SpriteRegions?)?

  /// What the last `render` cost the calling thread (the GPU's own work runs after the calls
  /// return, and is not in it).
  public struct FrameCost: Sendable, Equatable {
    /// Bytes of instances, pairings and bars sent to the GPU: none for a frame drawn again.
    public var uploadedBytes = 0
    /// Bytes of command quads (background, commands, HUD) sent to the GPU.
    public var quadBytes = 0
    /// Seconds spent sending new instances, pairings and bars.
    public var uploadSeconds = 0.0
    /// Seconds spent in every other call `render` made.
    public var callSeconds = 0.0

    /// A frame's cost.
    package init(
      uploadedBytes: Int = 0, quadBytes: Int = 0, uploadSeconds: Double = 0, callSeconds: Double = 0
    ) {
      self.uploadedBytes = uploadedBytes
      self.quadBytes = quadBytes
      self.uploadSeconds = uploadSeconds
      self.callSeconds = callSeconds
    }
  }

  /// What the last `render` cost the calling thread.
  public private(set) var lastFrameCost = FrameCost()
  /// Bytes of instances and of quads sent to the GPU so far this frame.
  var uploadedBytes = 0
  var quadBytes = 0

  /// Makes an OpenGL 3.3 core context on `window` (which must have been opened with
  /// `openGL`), compiles the programs and uploads every sprite of `sprites` (loaded with
  /// `SpriteLibrary.load(from:sprites:)`, placeholders included) as one atlas.
  ///
  /// - Throws: `SDLError` when the display offers no 3.3 core context, lacks a function, or a
  ///   program fails to build.
  public init(window: Window, sprites: SpriteLibrary) throws(SDLError) {
    context = try OpenGLContext(window: window)
    let gl = context.gl
    rendererName = gl.string(GL.renderer)
    library = sprites
    let atlas = SpriteAtlas(sprites: sprites.images, mirrorImages: sprites.mirrorImages)
    regions = atlas.regions
    programs = try Programs(gl)
    resources = Resources(gl, atlas: atlas.image)
    if let error = context.error(during: "setting up the GPU renderer") { throw error }
  }

  deinit {
    resources.delete(gl)
    gl.deleteProgram(programs.instances.name)
    gl.deleteProgram(programs.bars.name)
    gl.deleteProgram(programs.quads.name)
  }

  /// The window drawn into.
  public var window: Window { context.window }

  /// The output's width in pixels; follows window resizes.
  public var width: Int { context.drawableSize.width }
  /// The output's height in pixels; follows window resizes.
  public var height: Int { context.drawableSize.height }

  // MARK: - Frames

  /// Draws one frame: letterbox, background, world (instances and commands in layer order),
  /// then the overlay.
  ///
  /// Call `present()` to show it, or `screenshot()` first to read it back.
  /// - Throws: `SDLError` when OpenGL reports an error.
  public func render(_ frame: Frame) throws(SDLError) {
    try render(frame, pairedWith: nil, alpha: 1)
  }

  /// Draws one frame as `render(_:)` does, each instance moved `alpha` of the way from its
  /// entity's instance in the pairing's earlier frame, on the GPU.
  ///
  /// - Throws: `SDLError` when OpenGL reports an error.
  /// - Complexity: O(1) calls for the instances (O(instances) to upload a frame's new
  ///   instances once), plus O(commands) quads.
  public func render(_ frame: Frame, pairedWith pairing: InstancePairing?, alpha: Float)
    throws(SDLError)
  {
    let start = DispatchTime.now().uptimeNanoseconds
    var uploading: UInt64 = 0
    uploadedBytes = 0
    quadBytes = 0
    let size = context.drawableSize
    beginFrame(clearingTo: Self.letterboxColor)
    var backend = self
    if drawsWorldOnCPU, try drawRasterizedWorld(frame, pairedWith: pairing, alpha: alpha) {
      // The world is in the texture.
    } else {
      backend.drawBackground(of: frame)
      let t = alpha.isNaN ? 1 : min(max(alpha, 0), 1)
      let instances = frame.instances
      let moving =
        t < 1 ? pairing.flatMap { $0.earlierSprites.count == instances.count ? $0 : nil } : nil
      if !instances.isEmpty {
        let uploadStart = DispatchTime.now().uptimeNanoseconds
        upload(instances, pairedWith: moving)
        uploading = DispatchTime.now().uptimeNanoseconds - uploadStart
      }
      let viewport = Viewport(world: frame, width: size.width, height: size.height)
      drawWorld(of: frame, viewport: viewport, moving: moving != nil ? t : nil)
    }
    backend.drawOverlay(of: frame)
    flushQuads()
    let end = DispatchTime.now().uptimeNanoseconds
    lastFrameCost = FrameCost(
      uploadedBytes: uploadedBytes, quadBytes: quadBytes, uploadSeconds: Double(uploading) / 1e9,
      callSeconds: Double(end - start - uploading) / 1e9)
    if let error = context.error(during: "drawing a frame") { throw error }
  }

  /// Draws the letterbox, background and world with the rasterizer into the world texture
  /// and puts that texture on the output; `false` when the output is a size the rasterizer
  /// cannot draw (the GPU then draws the frame).
  private func drawRasterizedWorld(
    _ frame: Frame, pairedWith pairing: InstancePairing?, alpha: Float
  ) throws(SDLError) -> Bool {
    let (width, height) = context.drawableSize
    let sizes = HeadlessBackend.outputSizes
    guard sizes.contains(width), sizes.contains(height) else { return false }
    if rasterizer?.width != width || rasterizer?.height != height {
      rasterizer = HeadlessBackend(width: width, height: height, sprites: library)
      rasterizer?.threads = rasterizerThreads
    }
    guard var rasterizer else { return false }
    var world = frame
    world.overlay = []
    // Moved out and back, so the canvas is never shared while drawn into.
    self.rasterizer = nil
    rasterizer.render(world, pairedWith: pairing, alpha: alpha)
    uploadWorld(from: rasterizer)
    self.rasterizer = rasterizer
    quads.append(
      CommandQuad(
        edges: (0, 0, Float(width), Float(height)), geometry: (0, 0, 0, 0), rotation: (1, 0),
        region: (0, 0, 0, 0), colour: .white, mode: CommandQuad.worldMode))
    return true
  }

  /// Copies what the rasterizer changed into the world texture, making the texture anew
  /// when the output's size changed.
  private func uploadWorld(from rasterizer: HeadlessBackend) {
    gl.activeTexture(GL.texture0 + Resources.worldUnit)
    gl.bindTexture(GL.texture2D, resources.worldTexture)
    gl.pixelStorei(GL.unpackAlignment, 1)
    rasterizer.withPixelBytes { bytes in
      guard let base = bytes.baseAddress else { return }
      if worldTextureSize != (rasterizer.width, rasterizer.height) {
        worldTextureSize = (rasterizer.width, rasterizer.height)
        gl.texImage2D(
          GL.texture2D, 0, Int32(GL.rgba8), Int32(rasterizer.width), Int32(rasterizer.height), 0,
          GL.rgba, GL.unsignedByte, base)
        return
      }
      gl.pixelStorei(GL.unpackRowLength, Int32(rasterizer.width))
      rasterizer.forEachChangedRectangle { x, y, width, height in
        gl.texSubImage2D(
          GL.texture2D, 0, Int32(x), Int32(y), Int32(width), Int32(height), GL.rgba,
          GL.unsignedByte, base + (y * rasterizer.width + x) * 4)
      }
      gl.pixelStorei(GL.unpackRowLength, 0)
    }
  }

  /// Shows the last rendered frame in the window.
  public func present() {
    context.swap()
  }

  /// The pixels drawn so far this frame; call before `present()`, which may discard them.
  ///
  /// - Throws: `SDLError` when the output is empty or OpenGL reports an error.
  /// - Complexity: O(output pixels).
  public func screenshot() throws(SDLError) -> Image {
    let (width, height) = context.drawableSize
    guard width > 0, height > 0 else {
      throw SDLError(function: "SDL_GL_GetDrawableSize", message: "the output is empty")
    }
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    gl.pixelStorei(GL.packAlignment, 1)
    pixels.withUnsafeMutableBytes { bytes in
      gl.readPixels(
        0, 0, Int32(width), Int32(height), GL.rgba, GL.unsignedByte, bytes.baseAddress)
    }
    if let error = context.error(during: "reading the frame back") { throw error }
    // OpenGL's rows run bottom up; an image's top down. What is on screen is opaque.
    var image = [UInt8](repeating: 255, count: pixels.count)
    let rowBytes = width * 4
    for row in 0..<height {
      let from = (height - 1 - row) * rowBytes
      for offset in stride(from: 0, to: rowBytes, by: 4) {
        image[row * rowBytes + offset] = pixels[from + offset]
        image[row * rowBytes + offset + 1] = pixels[from + offset + 1]
        image[row * rowBytes + offset + 2] = pixels[from + offset + 2]
      }
    }
    do {
      return try Image(width: width, height: height, pixels: image)
    } catch {
      throw SDLError(function: "glReadPixels", message: error.description)
    }
  }

  // MARK: - Starting a frame

  /// Covers the whole output with `color` and starts collecting quads, for the output size
  /// OpenGL draws into now.
  public func beginFrame(clearingTo color: Color) {
    let (width, height) = context.drawableSize
    outputWidth = Float(width)
    outputHeight = Float(height)
    quads.removeAll(keepingCapacity: true)
    gl.viewport(0, 0, Int32(width), Int32(height))
    gl.clearColor(
      Float(color.red) / 255, Float(color.green) / 255, Float(color.blue) / 255, 1)
    gl.clear(GL.colorBufferBit)
  }

  /// Draws the quads collected so far.
  public func endFrame() {
    flushQuads()
  }
}
