/// Collects a frame's parts: the world sets its entities' instances, the game adds its HUD
/// and any other commands.
public struct FrameBuilder: Sendable {
  /// The entities' instances.
  public var instances = FrameInstances()
  /// World-space commands so far.
  public private(set) var world: [DrawCommand] = []
  /// Overlay commands so far.
  public private(set) var overlay: [DrawCommand] = []
  /// The canvas the overlay is laid out on: HUD code places its panels from its edges.
  public var canvas: OverlayCanvas

  /// Creates an empty builder for an overlay on `canvas`.
  public init(canvas: OverlayCanvas = .standard) {
    self.canvas = canvas
  }

  /// Makes room for `count` more world commands, so a frame of many entities is not copied
  /// as it grows.
  public mutating func reserveWorldCapacity(_ count: Int) {
    world.reserveCapacity(world.count + count)
  }

  /// Adds a world-space command.
  public mutating func draw(_ shape: DrawCommand.Shape, layer: Int) {
    world.append(DrawCommand(shape, layer: layer))
  }

  /// Adds an overlay (HUD) command.
  public mutating func drawOverlay(_ shape: DrawCommand.Shape, layer: Int = 0) {
    overlay.append(DrawCommand(shape, layer: layer))
  }

  /// The finished frame.
  public func frame(
    tick: UInt64, worldWidth: Float, worldHeight: Float, background: SpriteID? = nil
  ) -> Frame {
    var frame = Frame(
      tick: tick, worldWidth: worldWidth, worldHeight: worldHeight, background: background,
      instances: instances, world: world, overlay: overlay)
    frame.overlayCanvas = canvas
    return frame
  }
}
