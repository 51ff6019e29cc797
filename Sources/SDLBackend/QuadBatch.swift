import CSDL2
import Frames

/// Textured, tinted quads collected for one `SDL_RenderGeometry` call.
///
/// The arrays keep their capacity between frames, so a steady scene allocates nothing here.
struct QuadBatch {
  /// One over the atlas size, turning texel edges into texture coordinates.
  let inverseTextureWidth: Float
  let inverseTextureHeight: Float
  /// Whether quads go to SDL's software renderer, whose triangle path needs the adjustments
  /// described in `appendRotated`.
  let isForSoftwareRenderer: Bool

  private(set) var vertices: [SDL_Vertex] = []
  private(set) var indices: [Int32] = []

  init(textureWidth: Int, textureHeight: Int, isForSoftwareRenderer: Bool) {
    inverseTextureWidth = 1 / Float(textureWidth)
    inverseTextureHeight = 1 / Float(textureHeight)
    self.isForSoftwareRenderer = isForSoftwareRenderer
  }

  var isEmpty: Bool { indices.isEmpty }

  mutating func removeAll() {
    vertices.removeAll(keepingCapacity: true)
    indices.removeAll(keepingCapacity: true)
  }

  /// Adds an axis-aligned quad covering pixel columns `left..<right` and rows `top..<bottom`,
  /// showing `region` stretched over `placement` (by default, over the quad itself).
  ///
  /// The four corners are shared by the two triangles: SDL's software renderer recognises
  /// that shape and draws it as a fast scaled blit.
  mutating func appendRect(
    left: Float, top: Float, right: Float, bottom: Float, region: AtlasRegion,
    placement: (x: Float, y: Float, width: Float, height: Float)? = nil, color: Color
  ) {
    var (u0, v0, u1, v1) = textureCoordinates(region)
    if let placement, !isForSoftwareRenderer {
      // A GPU interpolates texture coordinates and samples at pixel centres, so coordinates
      // carried from the exact placement out to the snapped edges pick the texels the headless
      // backend picks. SDL's software renderer truncates coordinates to whole texels instead,
      // so it keeps the region's own edges.
      let uPerPixel = (u1 - u0) / placement.width
      let vPerPixel = (v1 - v0) / placement.height
      (u0, u1) = (u0 + (left - placement.x) * uPerPixel, u0 + (right - placement.x) * uPerPixel)
      (v0, v1) = (v0 + (top - placement.y) * vPerPixel, v0 + (bottom - placement.y) * vPerPixel)
    }
    let first = Int32(vertices.count)
    let sdlColor = SDL_Color(r: color.red, g: color.green, b: color.blue, a: color.alpha)
    vertices.append(vertex(left, top, sdlColor, u0, v0))
    vertices.append(vertex(right, top, sdlColor, u1, v0))
    vertices.append(vertex(right, bottom, sdlColor, u1, v1))
    vertices.append(vertex(left, bottom, sdlColor, u0, v1))
    // Appending one by one: an array literal here would be a heap allocation per quad.
    indices.append(first)
    indices.append(first + 1)
    indices.append(first + 2)
    indices.append(first)
    indices.append(first + 2)
    indices.append(first + 3)
  }

  /// Adds a quad spanning `left...right` and `top...bottom` around (`centreX`, `centreY`),
  /// turned about that centre clockwise by the angle whose cosine and sine are given (y down).
  ///
  /// Each triangle gets its own vertices. SDL's software renderer turns two triangles sharing
  /// an edge into a blit whenever their corners happen to form an axis-aligned rectangle, using
  /// only two corners' texture coordinates; a quad turned by 90 degrees would come out
  /// mirrored instead of turned. Unshared vertices keep such quads on the triangle path.
  ///
  /// That path (SDL 2.26 `SDL_triangle.c`) also truncates corners to whole pixels, and maps the
  /// largest texture coordinate of a triangle to the texel before it, squeezing the sprite by
  /// one texel. For it, corners are rounded instead, and the far texture edges are given one
  /// texel further out (into the atlas padding, or the next piece, and never sampled), so that
  /// after SDL's squeeze each pixel centre samples the texel the headless backend would.
  mutating func appendRotated(
    centreX: Float, centreY: Float, left: Float, top: Float, right: Float, bottom: Float,
    cosine: Float, sine: Float, region: AtlasRegion, color: Color
  ) {
    var (u0, v0, u1, v1) = textureCoordinates(region)
    if isForSoftwareRenderer {
      u1 += inverseTextureWidth
      v1 += inverseTextureHeight
    }
    func corner(_ x: Float, _ y: Float) -> (Float, Float) {
      let turnedX = centreX + x * cosine - y * sine
      let turnedY = centreY + x * sine + y * cosine
      return isForSoftwareRenderer
        ? (turnedX.rounded(), turnedY.rounded()) : (turnedX, turnedY)
    }
    let topLeft = corner(left, top)
    let topRight = corner(right, top)
    let bottomRight = corner(right, bottom)
    let bottomLeft = corner(left, bottom)
    let sdlColor = SDL_Color(r: color.red, g: color.green, b: color.blue, a: color.alpha)
    let first = Int32(vertices.count)
    vertices.append(vertex(topLeft.0, topLeft.1, sdlColor, u0, v0))
    vertices.append(vertex(topRight.0, topRight.1, sdlColor, u1, v0))
    vertices.append(vertex(bottomRight.0, bottomRight.1, sdlColor, u1, v1))
    vertices.append(vertex(topLeft.0, topLeft.1, sdlColor, u0, v0))
    vertices.append(vertex(bottomRight.0, bottomRight.1, sdlColor, u1, v1))
    vertices.append(vertex(bottomLeft.0, bottomLeft.1, sdlColor, u0, v1))
    for offset: Int32 in 0..<6 { indices.append(first + offset) }
  }

  @inline(__always)
  private func textureCoordinates(_ region: AtlasRegion) -> (Float, Float, Float, Float) {
    (
      Float(region.x) * inverseTextureWidth, Float(region.y) * inverseTextureHeight,
      Float(region.x + region.width) * inverseTextureWidth,
      Float(region.y + region.height) * inverseTextureHeight
    )
  }

  @inline(__always)
  private func vertex(_ x: Float, _ y: Float, _ color: SDL_Color, _ u: Float, _ v: Float)
    -> SDL_Vertex
  {
    SDL_Vertex(
      position: SDL_FPoint(x: x, y: y), color: color, tex_coord: SDL_FPoint(x: u, y: v))
  }
}
