import Foundation
import Frames

/// One quad the CPU placed for the GPU: its pixel edges, what the fragment shader needs to
/// pick its texels as the rasterizer does, and its colour or tint. 56 bytes, read by the quad
/// program as one instance.
struct CommandQuad {
  /// Left, top, right and bottom pixel edges.
  var edges: (Float, Float, Float, Float)
  /// Left, top, width and height of an unturned sprite; centre and size of a turned one.
  var geometry: (Float, Float, Float, Float)
  /// The rotation's cosine and sine.
  var rotation: (Float, Float)
  /// The atlas texels shown: x, y, width, height.
  var region: (UInt16, UInt16, UInt16, UInt16)
  /// A solid colour, or a sprite's tint.
  var colour: Color
  /// What the fragment shader does: `solidMode`, `spriteMode`, `turnedMode` or `worldMode`.
  var mode: UInt32

  static let solidMode: UInt32 = 1
  static let spriteMode: UInt32 = 2
  static let turnedMode: UInt32 = 3
  static let worldMode: UInt32 = 4
}

// MARK: - Primitives

extension OpenGLBackend {
  /// Whether the atlas holds `sprite`.
  public func hasSprite(_ sprite: SpriteID) -> Bool {
    regions(for: sprite) != nil
  }

  func regions(for sprite: SpriteID) -> SpriteRegions? {
    if let lastSprite, lastSprite.id == sprite { return lastSprite.regions }
    let found = regions[sprite]
    lastSprite = (sprite, found)
    return found
  }

  /// Adds the sprite's texels `source` (all of them when `nil`) as a quad placed like the
  /// headless `blit`: centred, scaled, mirrored, turned and tinted.
  public func drawSprite(_ sprite: SpriteID, source: TexelRect?, placement: SpritePlacement) {
    guard
      let region = regions(for: sprite)?.region(isMirrored: placement.isMirrored, source: source)
    else { return }
    let (width, height) = (placement.width, placement.height)
    let (centreX, centreY) = (placement.centreX, placement.centreY)
    guard region.width > 0, region.height > 0, width > 0, height > 0, width.isFinite,
      height.isFinite, centreX.isFinite, centreY.isFinite, placement.tint.alpha > 0
    else { return }
    let texels = (
      UInt16(clamping: region.x), UInt16(clamping: region.y), UInt16(clamping: region.width),
      UInt16(clamping: region.height)
    )
    let rotation = placement.rotation.isFinite ? placement.rotation : 0
    if abs(rotation) < 1e-4 {
      let left = centreX - width / 2
      let top = centreY - height / 2
      append(
        columns: PixelRules.coveredPixels(left, left + width, limit: Int(outputWidth)),
        rows: PixelRules.coveredPixels(top, top + height, limit: Int(outputHeight)),
        CommandQuad(
          edges: (0, 0, 0, 0), geometry: (left, top, width, height), rotation: (1, 0),
          region: texels, colour: placement.tint, mode: CommandQuad.spriteMode))
      return
    }
    let cosine = Float(cos(Double(rotation)))
    let sine = Float(sin(Double(rotation)))
    let extentX = abs(cosine) * (width / 2) + abs(sine) * (height / 2)
    let extentY = abs(sine) * (width / 2) + abs(cosine) * (height / 2)
    append(
      columns: PixelRules.coveredPixels(
        centreX - extentX, centreX + extentX, limit: Int(outputWidth)),
      rows: PixelRules.coveredPixels(
        centreY - extentY, centreY + extentY, limit: Int(outputHeight)),
      CommandQuad(
        edges: (0, 0, 0, 0), geometry: (centreX, centreY, width, height), rotation: (cosine, sine),
        region: texels, colour: placement.tint, mode: CommandQuad.turnedMode))
  }

  /// Fills the pixels whose centres lie inside the rectangle, as one quad.
  public func fillRect(x: Float, y: Float, width: Float, height: Float, color: Color) {
    guard color.alpha > 0 else { return }
    append(
      columns: PixelRules.coveredPixels(x, x + width, limit: Int(outputWidth)),
      rows: PixelRules.coveredPixels(y, y + height, limit: Int(outputHeight)),
      CommandQuad(
        edges: (0, 0, 0, 0), geometry: (0, 0, 0, 0), rotation: (1, 0), region: (0, 0, 0, 0),
        colour: color, mode: CommandQuad.solidMode))
  }

  /// Adds a one-pixel line as horizontal or vertical runs of the pixels
  /// `PixelRules.forEachLinePixel` picks (the headless backend's pixels).
  public func drawLine(x0: Float, y0: Float, x1: Float, y1: Float, color: Color) {
    guard color.alpha > 0 else { return }
    var run: (startX: Int, startY: Int, endX: Int, endY: Int)?
    func flush(_ run: (startX: Int, startY: Int, endX: Int, endY: Int)) {
      append(
        columns: min(run.startX, run.endX)..<(max(run.startX, run.endX) + 1),
        rows: min(run.startY, run.endY)..<(max(run.startY, run.endY) + 1),
        CommandQuad(
          edges: (0, 0, 0, 0), geometry: (0, 0, 0, 0), rotation: (1, 0), region: (0, 0, 0, 0),
          colour: color, mode: CommandQuad.solidMode))
    }
    PixelRules.forEachLinePixel(
      from: (x0, y0), to: (x1, y1), width: Int(outputWidth), height: Int(outputHeight)
    ) { x, y in
      if let current = run {
        if (y == current.startY && y == current.endY) || (x == current.startX && x == current.endX)
        {
          run = (current.startX, current.startY, x, y)
          return
        }
        flush(current)
      }
      run = (x, y, x, y)
    }
    if let run { flush(run) }
  }

  /// Adds `quad` over the pixels `columns` x `rows`, unless that is none.
  private func append(columns: Range<Int>, rows: Range<Int>, _ quad: CommandQuad) {
    guard !columns.isEmpty, !rows.isEmpty else { return }
    var quad = quad
    quad.edges = (
      Float(columns.lowerBound), Float(rows.lowerBound), Float(columns.upperBound),
      Float(rows.upperBound)
    )
    quads.append(quad)
  }

  /// Draws the quads collected so far in one instanced draw, and starts a new batch.
  func flushQuads() {
    guard !quads.isEmpty else { return }
    let program = programs.quads
    gl.useProgram(program.name)
    gl.uniform2f(program["u_output"], outputWidth, outputHeight)
    gl.uniform1f(program["u_outputHeight"], outputHeight)
    gl.activeTexture(GL.texture0 + Resources.atlasUnit)
    gl.bindTexture(GL.texture2D, resources.atlasTexture)
    gl.activeTexture(GL.texture0 + Resources.worldUnit)
    gl.bindTexture(GL.texture2D, resources.worldTexture)
    quadBytes += quads.count * MemoryLayout<CommandQuad>.stride
    fill(resources.quadsBuffer, with: quads)
    gl.bindVertexArray(resources.quadArray)
    gl.bindBuffer(GL.arrayBuffer, resources.quadsBuffer)
    point(
      [
        .floats(4, GL.float, at: 0), .floats(4, GL.float, at: 16), .floats(2, GL.float, at: 32),
        .integers(4, GL.unsignedShort, at: 40), .integers(4, GL.unsignedByte, at: 48),
        .integers(1, GL.unsignedInt, at: 52),
      ], stride: MemoryLayout<CommandQuad>.stride, from: 0)
    gl.bindBuffer(GL.arrayBuffer, 0)
    gl.drawArraysInstanced(GL.triangleStrip, 0, 4, Int32(quads.count))
    gl.bindVertexArray(0)
    quads.removeAll(keepingCapacity: true)
  }
}
