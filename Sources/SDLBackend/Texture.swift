import CSDL2
import HeadlessRenderer
import Imaging

/// An SDL texture holding an RGBA image, destroyed when this object goes away.
///
/// Keeps its renderer alive: SDL frees a renderer's textures with it, so a texture outliving
/// its renderer would dangle.
public final class Texture {
  /// The renderer the texture belongs to.
  public let renderer: Renderer
  let pointer: OpaquePointer
  /// The width in texels.
  public let width: Int
  /// The height in texels.
  public let height: Int

  /// Uploads `image` as a static texture sampled nearest-neighbour and alpha-blended.
  ///
  /// - Throws: `SDLError` from `SDL_CreateTexture` (e.g. larger than the renderer allows),
  ///   `SDL_UpdateTexture` or the mode setters.
  /// - Complexity: O(pixels).
  public init(renderer: Renderer, image: Image) throws(SDLError) {
    guard
      let pointer = SDL_CreateTexture(
        renderer.pointer, SDL_PIXELFORMAT_RGBA32.rawValue,
        Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Int32(image.width), Int32(image.height))
    else {
      throw SDLError(failedCall: "SDL_CreateTexture")
    }
    self.renderer = renderer
    self.pointer = pointer
    width = image.width
    height = image.height
    let uploaded = image.pixels.withUnsafeBytes { bytes in
      SDL_UpdateTexture(pointer, nil, bytes.baseAddress, Int32(image.width * 4))
    }
    guard uploaded == 0 else { throw SDLError(failedCall: "SDL_UpdateTexture") }
    guard SDL_SetTextureBlendMode(pointer, SDL_BLENDMODE_BLEND) == 0 else {
      throw SDLError(failedCall: "SDL_SetTextureBlendMode")
    }
    guard SDL_SetTextureScaleMode(pointer, SDL_ScaleModeNearest) == 0 else {
      throw SDLError(failedCall: "SDL_SetTextureScaleMode")
    }
  }

  /// Creates an opaque texture of `width` x `height` RGBA pixels to be rewritten every frame
  /// with `update(from:)`.
  ///
  /// - Throws: `SDLError` from `SDL_CreateTexture`.
  init(renderer: Renderer, streamingWidth width: Int, height: Int) throws(SDLError) {
    guard
      let pointer = SDL_CreateTexture(
        renderer.pointer, SDL_PIXELFORMAT_RGBA32.rawValue,
        Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(width), Int32(height))
    else {
      throw SDLError(failedCall: "SDL_CreateTexture")
    }
    self.renderer = renderer
    self.pointer = pointer
    self.width = width
    self.height = height
    guard SDL_SetTextureBlendMode(pointer, SDL_BLENDMODE_NONE) == 0 else {
      throw SDLError(failedCall: "SDL_SetTextureBlendMode")
    }
    guard SDL_SetTextureScaleMode(pointer, SDL_ScaleModeNearest) == 0 else {
      throw SDLError(failedCall: "SDL_SetTextureScaleMode")
    }
  }

  /// Replaces the texture's pixels with the rasterizer's last picture, which must be the
  /// texture's size, and which must have been uploaded here after each of its renders: only
  /// the parts it changed are copied.
  ///
  /// - Throws: `SDLError` from `SDL_UpdateTexture`.
  /// - Complexity: O(pixels).
  func update(from rasterizer: HeadlessBackend) throws(SDLError) {
    precondition(rasterizer.width == width && rasterizer.height == height, "size mismatch")
    let pitch = width * 4
    var failed = false
    rasterizer.withPixelBytes { bytes in
      guard let base = bytes.baseAddress else { return }
      // Only what the last render changed: the texture keeps the rest from the update before.
      rasterizer.forEachChangedRectangle { x, y, width, height in
        var rect = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(width), h: Int32(height))
        let start = base + y * pitch + x * 4
        if SDL_UpdateTexture(pointer, &rect, start, Int32(pitch)) != 0 { failed = true }
      }
    }
    guard !failed else { throw SDLError(failedCall: "SDL_UpdateTexture") }
  }

  deinit {
    SDL_DestroyTexture(pointer)
  }
}
