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

  /// `camera` (`nil`: the whole world) `factor` times closer, or farther below 1, keeping the
  /// world point `focus` where the view shows it (the view's centre without one), the view
  /// kept inside the world; `nil` once it shows the whole world again.
  ///
  /// A mouse wheel zooms toward the point under the cursor this way: that point stays under
  /// the cursor, unless keeping it there would take the view past the world's edge.
  public static func zoomed(
    _ camera: Camera?, by factor: Float, toward focus: (x: Float, y: Float)?,
    worldWidth: Float, worldHeight: Float
  ) -> Camera? {
    let current = camera ?? Camera(centreX: worldWidth / 2, centreY: worldHeight / 2, zoom: 1)
    let view = current.view(worldWidth: worldWidth, worldHeight: worldHeight)
    let zoom = Camera(centreX: 0, centreY: 0, zoom: current.zoom * factor).zoom
    guard zoom > 1, view.width > 0, view.height > 0 else { return nil }
    let point = focus ?? (view.x + view.width / 2, view.y + view.height / 2)
    // The point's place across and down the view, which the new view keeps.
    let across = min(max((point.x - view.x) / view.width, 0), 1)
    let down = min(max((point.y - view.y) / view.height, 0), 1)
    let width = worldWidth / zoom
    let height = worldHeight / zoom
    let moved = Camera(
      centreX: point.x - across * width + width / 2, centreY: point.y - down * height + height / 2,
      zoom: zoom)
    // Stored where the view it shows is centred, so panning from an edge starts at once.
    let shown = moved.view(worldWidth: worldWidth, worldHeight: worldHeight)
    return Camera(
      centreX: shown.x + shown.width / 2, centreY: shown.y + shown.height / 2, zoom: zoom)
  }
}
