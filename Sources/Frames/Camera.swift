/// Which part of the world a frame shows: a centre and a zoom, where zoom 1 shows the whole
/// world and zoom 4 a quarter of its width and height.
///
/// The view never leaves the world: a centre too near an edge is moved in, so a camera can be
/// kept as the player left it and still show only the arena.
public struct Camera: Sendable, Equatable {
  /// The point of the world the view is centred on, in world units, before clamping.
  public var centreX: Float
  /// The point of the world the view is centred on, in world units, before clamping.
  public var centreY: Float
  /// How many times closer than the whole world: 1 (everything) to `maximumZoom`.
  public var zoom: Float

  /// The closest a camera gets.
  public static let maximumZoom: Float = 64

  /// A camera on `(centreX, centreY)` at `zoom`, clamped to 1...`maximumZoom`.
  public init(centreX: Float, centreY: Float, zoom: Float) {
    self.centreX = centreX
    self.centreY = centreY
    self.zoom = zoom.isFinite ? min(max(zoom, 1), Self.maximumZoom) : 1
  }

  /// The rectangle of a `worldWidth` x `worldHeight` world the camera shows: its size is the
  /// world's divided by the zoom, and it stays inside the world.
  public func view(worldWidth: Float, worldHeight: Float) -> (
    x: Float, y: Float, width: Float, height: Float
  ) {
    let width = worldWidth / zoom
    let height = worldHeight / zoom
    let x = min(max(centreX - width / 2, 0), worldWidth - width)
    let y = min(max(centreY - height / 2, 0), worldHeight - height)
    return (x, y, width, height)
  }
}
