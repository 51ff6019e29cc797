/// Collects draw commands for a frame: the world draws entities into it, the game its HUD.
public struct FrameBuilder: Sendable {
  /// World-space commands so far.
  public private(set) var world: [DrawCommand] = []
  /// Overlay commands so far.
  public private(set) var overlay: [DrawCommand] = []

  /// Creates an empty builder.
  public init() {}

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
    Frame(
      tick: tick, worldWidth: worldWidth, worldHeight: worldHeight, background: background,
      world: world, overlay: overlay)
  }
}
