import Dispatch
import Foundation
import Frames
import Imaging

/// Renders frames into an RGBA8 image in memory, in pure Swift: for tests, headless runs and
/// screenshots. Pixels depend only on the frame, the sprites and the output size.
///
/// It supplies the `RenderBackend` primitives as `Canvas` operations; the frame walk is the one
/// every backend shares. It cannot fail, so `render(_:)` needs no `try`.
public struct HeadlessBackend: RenderBackend {
  /// Drawing into memory cannot fail.
  public typealias Failure = Never

  /// The output's width in pixels.
  public let width: Int
  /// The output's height in pixels.
  public let height: Int
  /// The sprites frames may use.
  public let sprites: SpriteLibrary
  private var canvas: Canvas
  /// The letterbox and background frames have shared, and what they depend on: most frames
  /// of a session share them, and copying them is cheaper than stretching the background
  /// again. Kept from the second frame that shares them, so one picture costs no copy.
  private var backdrop: (key: BackdropKey, pixels: [UInt8])?
  /// What the last frame's letterbox and background depended on.
  private var lastBackdropKey: BackdropKey?

  /// The widths and heights a backend can draw.
  public static let outputSizes = 1...16384

  /// Creates a backend drawing `width` x `height` pixels (each in `outputSizes`) with
  /// `sprites`.
  public init(width: Int, height: Int, sprites: SpriteLibrary) {
    precondition(
      Self.outputSizes.contains(width) && Self.outputSizes.contains(height), "bad output size")
    self.width = width
    self.height = height
    self.sprites = sprites
    canvas = Canvas(width: width, height: height, fill: Self.letterboxColor)
    lastChanged = canvas.dirty
  }

  /// The last rendered picture.
  public var image: Image {
    do {
      return try Image(width: width, height: height, pixels: canvas.pixels)
    } catch {
      preconditionFailure("the canvas matches its size by construction: \(error)")
    }
  }

  /// The last rendered picture's RGBA bytes, row by row, without copying them into an `Image`.
  public func withPixelBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result)
    rethrows -> Result
  {
    try canvas.pixels.withUnsafeBytes(body)
  }

  /// Draws one frame, as the frame walk every backend shares does (`drawFrame(_:)`), copying
  /// the letterbox and background from the frames before when they are the same.
  ///
  /// - Complexity: O(output pixels + instances + commands) primitive calls, shared between
  ///   `threads` threads.
  public mutating func render(_ frame: Frame) {
    render(frame, pairedWith: nil, alpha: 1)
  }

  /// Draws one frame as `render(_:)` does, pairing its instances with `earlier`'s first (see
  /// `RenderBackend.drawFrame(_:interpolatingFrom:alpha:)`); without `earlier`, exactly as
  /// `render(_:)`.
  ///
  /// - Complexity: O(instances) to pair the frames, plus the drawing.
  public mutating func render(_ frame: Frame, interpolatingFrom earlier: Frame?, alpha: Float) {
    let pairing = earlier.map {
      InstancePairing(from: $0.instances, to: frame.instances, threads: threads)
    }
    render(frame, pairedWith: pairing, alpha: alpha)
  }

  /// Draws one frame as `render(_:)` does, each instance moved `alpha` of the way from its
  /// entity's instance in the pairing's earlier frame: the picture `drawFrame(_:pairedWith:
  /// alpha:)` gives, pixel for pixel.
  ///
  /// The output is cut into as many bands of rows as there are `threads` (for a frame of
  /// `bandedInstanceCount` instances or more), drawn at once: each band walks the whole frame
  /// and draws what falls in its rows, so every pixel gets what one walk would give it.
  /// - Complexity: O(output pixels + instances + commands) primitive calls, shared between
  ///   `threads` threads.
  public mutating func render(_ frame: Frame, pairedWith pairing: InstancePairing?, alpha: Float) {
    let instances = frame.instances
    let t = alpha.isNaN ? 1 : min(max(alpha, 0), 1)
    let moving =
      t < 1 ? pairing.flatMap { $0.earlierSprites.count == instances.count ? $0 : nil } : nil
    let bandCount =
      instances.count >= Self.bandedInstanceCount ? min(max(threads, 1), height) : 1
    let bands = (0..<bandCount).map { (height * $0 / bandCount)..<(height * ($0 + 1) / bandCount) }
    restoreBackdrop(of: frame, bands: bands)
    canvas.dirty.removeAll()
    if let moving {
      moveInstances(instances, pairedWith: moving, t: t)
    }
    let library = sprites
    let sprites = moving == nil ? instances.sprites : movedSprites
    sprites.withUnsafeBufferPointer { sprites in
      canvas.drawBands(bands) { _, band in
        var renderer = BandRenderer(band: band, sprites: library)
        renderer.drawWorld(of: frame, sprites: sprites, rows: band.rows)
        renderer.drawOverlay(of: frame)
      }
    }
    lastChanged = lastChanged.union(canvas.dirty)
  }

  /// Instances at and above which a frame is drawn in bands on several threads.
  public static let bandedInstanceCount = 2048

  /// The threads a frame is drawn on: every core of the machine unless set.
  public var threads = ProcessInfo.processInfo.activeProcessorCount

  /// The instances of the last frame drawn between two, moved; kept to be filled again.
  private var movedSprites: [SpriteInstance] = []

  /// Fills `movedSprites` with `instances` moved `t` of the way from the pairing's earlier
  /// frame, on `threads` threads.
  private mutating func moveInstances(
    _ instances: FrameInstances, pairedWith pairing: InstancePairing, t: Float
  ) {
    let count = instances.count
    movedSprites = []
    movedSprites = [SpriteInstance](unsafeUninitializedCapacity: count) { buffer, initialized in
      let parts = count >= Self.bandedInstanceCount * 8 ? max(threads, 1) : 1
      let work = MoveWork(buffer: buffer, instances: instances, pairing: pairing, t: t)
      DispatchQueue.concurrentPerform(iterations: parts) { part in
        for index in (count * part / parts)..<(count * (part + 1) / parts) {
          (work.buffer.baseAddress! + index).initialize(
            to: work.pairing.sprite(index, of: work.instances, t: work.t))
        }
      }
      initialized = count
    }
  }

  /// Puts the letterbox and background under the frame: copied from the frames before where
  /// they are the same (only where the last frame drew), else drawn, and kept once a second
  /// frame shares them.
  private mutating func restoreBackdrop(of frame: Frame, bands: [Range<Int>]) {
    let key = BackdropKey(frame: frame)
    if let backdrop, backdrop.key == key {
      let drawn = canvas.dirty
      let rowBytes = width * 4
      let (width, height) = (self.width, self.height)
      let copiesAll = drawn.count * 10 > drawn.columns * drawn.rows * 6
      backdrop.pixels.withUnsafeBytes { saved in
        canvas.drawBands(bands) { _, band in
          let pixels = UnsafeMutableRawBufferPointer(band.pixels)
          func copy(_ columns: Range<Int>, _ rows: Range<Int>) {
            for row in rows.clamped(to: band.rows) {
              let start = row * rowBytes + columns.lowerBound * 4
              let end = row * rowBytes + columns.upperBound * 4
              UnsafeMutableRawBufferPointer(rebasing: pixels[start..<end]).copyMemory(
                from: UnsafeRawBufferPointer(rebasing: saved[start..<end]))
            }
          }
          if copiesAll {
            copy(0..<width, band.rows)
          } else {
            drawn.forEachRun(width: width, height: height) { copy($0, $1) }
          }
        }
      }
      lastChanged = drawn
      return
    }
    self.backdrop = nil
    let library = sprites
    canvas.drawBands(bands) { _, band in
      var renderer = BandRenderer(band: band, sprites: library)
      renderer.beginFrame(clearingTo: Self.letterboxColor)
      renderer.drawBackground(of: frame)
    }
    if lastBackdropKey == key { self.backdrop = (key, canvas.pixels) }
    lastBackdropKey = key
    lastChanged = canvas.dirty
  }

  /// The tiles the last `render` restored or drew on, the rest being the pixels of the render
  /// before it.
  private var lastChanged: DirtyTiles

  /// Calls `body` with rectangles (`x`, `y`, `width`, `height` in pixels) covering every pixel
  /// the last render may have changed from the render before it; outside them the picture is
  /// the same. A window keeping the last picture need only update these.
  public func forEachChangedRectangle(
    _ body: (_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> Void
  ) {
    lastChanged.forEachRun(width: width, height: height) { columns, rows in
      body(columns.lowerBound, rows.lowerBound, columns.count, rows.count)
    }
  }

  // MARK: - Primitives

  /// Whether the sprite library holds `sprite`.
  public func hasSprite(_ sprite: SpriteID) -> Bool {
    sprites.contains(sprite)
  }

  /// Fills the whole canvas with `color`.
  ///
  /// - Complexity: O(output pixels).
  public mutating func beginFrame(clearingTo color: Color) {
    canvas.fill(color)
  }

  /// Blends the sprite's texels `source` (all of them when `nil`) over the canvas, scaled by
  /// nearest texel, with their colours and alpha multiplied by the tint.
  ///
  /// - Complexity: O(covered pixels).
  public mutating func drawSprite(
    _ sprite: SpriteID, source: TexelRect?, placement: SpritePlacement
  ) {
    let library = sprites
    canvas.withBand { band in
      var renderer = BandRenderer(band: band, sprites: library)
      renderer.drawSprite(sprite, source: source, placement: placement)
    }
  }

  /// Blends `color` over the pixels whose centres lie inside the rectangle.
  ///
  /// - Complexity: O(covered pixels).
  public mutating func fillRect(x: Float, y: Float, width: Float, height: Float, color: Color) {
    canvas.withBand { $0.fillRect(x: x, y: y, width: width, height: height, color: color) }
  }

  /// Blends `color` over the pixels of a one-pixel line.
  ///
  /// - Complexity: O(pixels of the line inside the canvas).
  public mutating func drawLine(x0: Float, y0: Float, x1: Float, y1: Float, color: Color) {
    canvas.withBand { $0.line(x0: x0, y0: y0, x1: x1, y1: y1, color: color) }
  }
}

/// What the threads moving a frame's instances share: each writes only its own range.
private struct MoveWork: @unchecked Sendable {
  let buffer: UnsafeMutableBufferPointer<SpriteInstance>
  let instances: FrameInstances
  let pairing: InstancePairing
  let t: Float
}

/// What a frame's letterbox and background depend on, the output size aside.
private struct BackdropKey: Equatable {
  var background: SpriteID?
  var worldWidth: Float
  var worldHeight: Float
  var camera: Camera?

  init(frame: Frame) {
    background = frame.background
    worldWidth = frame.worldWidth
    worldHeight = frame.worldHeight
    camera = frame.camera
  }
}
