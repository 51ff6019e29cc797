import CSDL2
import Foundation
import Frames
import HeadlessRenderer
import Imaging

/// Draws frames with an SDL renderer, matching `HeadlessBackend`'s geometry.
///
/// All sprites, their mirror images, the font and a block of white live in one texture atlas,
/// so every command becomes tinted, textured quads and a whole frame goes to SDL in a single
/// `SDL_RenderGeometry` call. Rectangles and health bars are quads over the white block; lines
/// are cut into one-pixel runs of the same pixels the headless backend's Bresenham picks.
/// Axis-aligned edges are snapped to the pixels whose centres the shape covers, which is the
/// headless backend's rule, so those shapes land on exactly the same pixels.
///
/// Not `Sendable`: like every SDL object it must stay on the thread that made it.
public final class SDLBackend: RenderBackend {
  /// What a frame fails with: the SDL call that failed.
  public typealias Failure = SDLError

  /// Sprites reaching further than this many pixels past the output are cut down first (see
  /// `appendClippedImage`).
  static let clipMargin: Float = 256

  /// The renderer drawn with.
  public let renderer: Renderer
  private let atlas: Texture
  let atlasRegions: [SpriteID: SpriteRegions]
  /// Inside the white block: solid colours are this, tinted.
  let solid: AtlasRegion
  var batch: QuadBatch
  /// The output size for the frame being drawn, read once per frame.
  var outputWidth: Float = 0
  var outputHeight: Float = 0
  // A frame mostly repeats a few sprites, so remembering the last lookup skips most hashing.
  var lastSprite: (id: SpriteID, regions: SpriteRegions?)?

  /// How many `SDL_RenderGeometry` calls the last frame made.
  private(set) var lastFrameGeometryCalls = 0

  /// Draws the letterbox, background and world in pure Swift when set (see `init`).
  private var rasterizer: HeadlessBackend?
  /// The sprites the rasterizer draws with.
  private let library: SpriteLibrary?
  /// The texture the rasterized world is streamed into, the output's size.
  private var streamed: Texture?

  /// Uploads every sprite of `sprites` (loaded with `SpriteLibrary.load(from:sprites:)`, the
  /// one loader both backends share, placeholders included) as one atlas texture.
  ///
  /// With `rasterizesWorld`, the letterbox, background and world of each frame are drawn by
  /// the pure-Swift rasterizer (`HeadlessBackend`, with the same pixels) into one streamed
  /// texture, and only the overlay goes to SDL as quads. With SDL's software renderer that is
  /// several times faster for thousands of sprites, which it otherwise blits one by one.
  ///
  /// - Throws: `SDLError` from creating the texture.
  /// - Complexity: O(sprite texels + atlas texels).
  public init(
    renderer: Renderer, sprites: SpriteLibrary, rasterizesWorld: Bool = false
  ) throws(SDLError) {
    let packed = SpriteAtlas(sprites: sprites.images, mirrorImages: sprites.mirrorImages)
    self.renderer = renderer
    atlas = try Texture(renderer: renderer, image: packed.image)
    atlasRegions = packed.regions
    solid = packed.solid
    batch = QuadBatch(
      textureWidth: packed.image.width, textureHeight: packed.image.height,
      isForSoftwareRenderer: renderer.isSoftware)
    library = rasterizesWorld ? sprites : nil
  }

  /// The output's width in pixels; follows window resizes.
  public var width: Int { renderer.outputSize.width }
  /// The output's height in pixels; follows window resizes.
  public var height: Int { renderer.outputSize.height }

  /// Draws one frame with the walk every backend shares (`drawFrame(_:)`): letterbox,
  /// background, world, then the overlay, sent to SDL in one batch.
  ///
  /// Call `present()` to show it, or `screenshot()` first to read it back.
  /// - Throws: `SDLError` if SDL rejects a call, e.g. `SDL_RenderGeometry`.
  /// - Complexity: O(instances + commands) here, plus SDL's work per covered pixel.
  public func render(_ frame: Frame) throws(SDLError) {
    try render(frame, pairedWith: nil, alpha: 1)
  }

  /// Draws one frame as `render(_:)` does, each instance moved `alpha` of the way from its
  /// entity's instance in the pairing's earlier frame (see `drawFrame(_:pairedWith:alpha:)`).
  ///
  /// - Throws: `SDLError` if SDL rejects a call.
  /// - Complexity: O(instances + commands) here, plus SDL's work per covered pixel.
  public func render(_ frame: Frame, pairedWith pairing: InstancePairing?, alpha: Float)
    throws(SDLError)
  {
    // A class method cannot call the protocol's mutating walk on `self`, but can on a second
    // reference to the same backend.
    var backend = self
    if library != nil {
      try drawRasterized(frame, pairedWith: pairing, alpha: alpha)
    } else {
      try backend.drawFrame(frame, pairedWith: pairing, alpha: alpha)
    }
  }

  /// The threads the pure-Swift rasterizer draws a frame on, when it draws the world.
  public var rasterizerThreads = ProcessInfo.processInfo.activeProcessorCount {
    didSet { rasterizer?.threads = rasterizerThreads }
  }

  /// Draws the frame's letterbox, background and world with the pure-Swift rasterizer,
  /// streams them into one texture covering the output, and draws the overlay over it as
  /// quads.
  private func drawRasterized(_ frame: Frame, pairedWith pairing: InstancePairing?, alpha: Float)
    throws(SDLError)
  {
    let size = renderer.outputSize
    // An output the rasterizer cannot take (none, while minimised, or larger than it draws)
    // goes to SDL whole.
    let sizes = HeadlessBackend.outputSizes
    guard let library, sizes.contains(size.width), sizes.contains(size.height) else {
      var backend = self
      try backend.drawFrame(frame, pairedWith: pairing, alpha: alpha)
      return
    }
    if rasterizer?.width != size.width || rasterizer?.height != size.height {
      rasterizer = HeadlessBackend(width: size.width, height: size.height, sprites: library)
      rasterizer?.threads = rasterizerThreads
      streamed = try Texture(renderer: renderer, streamingWidth: size.width, height: size.height)
    }
    guard var rasterizer, let streamed else { return }
    var world = frame
    world.overlay = []
    // Moved out and back, so the canvas is never shared while drawn into.
    self.rasterizer = nil
    rasterizer.render(world, pairedWith: pairing, alpha: alpha)
    try streamed.update(from: rasterizer)
    self.rasterizer = rasterizer
    startBatch(width: size.width, height: size.height)
    guard SDL_RenderCopy(renderer.pointer, streamed.pointer, nil, nil) == 0 else {
      throw SDLError(failedCall: "SDL_RenderCopy")
    }
    var backend = self
    backend.drawOverlay(of: frame)
    try endFrame()
  }

  /// Shows the last rendered frame in the window.
  public func present() {
    SDL_RenderPresent(renderer.pointer)
  }

  /// The pixels drawn so far this frame; call before `present()`, which may discard them.
  ///
  /// - Throws: `SDLError` from `SDL_RenderReadPixels`.
  /// - Complexity: O(output pixels).
  public func screenshot() throws(SDLError) -> Image {
    let size = renderer.outputSize
    guard size.width > 0, size.height > 0 else {
      throw SDLError(function: "SDL_GetRendererOutputSize", message: "the output is empty")
    }
    var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
    let status = pixels.withUnsafeMutableBytes { bytes in
      SDL_RenderReadPixels(
        renderer.pointer, nil, SDL_PIXELFORMAT_RGBA32.rawValue, bytes.baseAddress,
        Int32(size.width * 4))
    }
    guard status == 0 else { throw SDLError(failedCall: "SDL_RenderReadPixels") }
    // What is on screen is opaque, as the headless canvas is, but a renderer's alpha channel
    // may hold anything (a window surface has none; a GPU framebuffer keeps blend results).
    for alpha in stride(from: 3, to: pixels.count, by: 4) { pixels[alpha] = 255 }
    do {
      return try Image(width: size.width, height: size.height, pixels: pixels)
    } catch {
      throw SDLError(function: "SDL_RenderReadPixels", message: error.description)
    }
  }

  // MARK: - Starting and finishing a frame

  /// Clears the output to `color` and starts collecting quads, for the output size SDL
  /// reports now.
  ///
  /// - Throws: `SDLError` from `SDL_SetRenderDrawColor` or `SDL_RenderClear`.
  public func beginFrame(clearingTo color: Color) throws(SDLError) {
    let size = renderer.outputSize
    startBatch(width: size.width, height: size.height)
    guard SDL_SetRenderDrawColor(renderer.pointer, color.red, color.green, color.blue, 255) == 0
    else {
      throw SDLError(failedCall: "SDL_SetRenderDrawColor")
    }
    guard SDL_RenderClear(renderer.pointer) == 0 else {
      throw SDLError(failedCall: "SDL_RenderClear")
    }
  }

  /// Starts collecting quads for an output of `width` x `height` pixels.
  private func startBatch(width: Int, height: Int) {
    outputWidth = Float(width)
    outputHeight = Float(height)
    lastFrameGeometryCalls = 0
    batch.removeAll()
  }

  /// Sends the quads collected since `beginFrame(clearingTo:)` to SDL in one call.
  ///
  /// - Throws: `SDLError` from `SDL_RenderGeometry`.
  /// - Complexity: O(quads) here, plus SDL's work per covered pixel.
  public func endFrame() throws(SDLError) {
    guard !batch.isEmpty else { return }
    let status = batch.vertices.withUnsafeBufferPointer { vertices in
      batch.indices.withUnsafeBufferPointer { indices in
        SDL_RenderGeometry(
          renderer.pointer, atlas.pointer, vertices.baseAddress, Int32(vertices.count),
          indices.baseAddress, Int32(indices.count))
      }
    }
    lastFrameGeometryCalls += 1
    batch.removeAll()
    guard status == 0 else { throw SDLError(failedCall: "SDL_RenderGeometry") }
  }
}
