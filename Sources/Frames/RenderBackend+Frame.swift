// MARK: - Colours every backend shows

extension RenderBackend {
  /// The colour of the bars around a world that does not fill the output.
  public static var letterboxColor: Color { Color(red: 18, green: 20, blue: 26) }

  /// The colour of the box drawn in place of a sprite the backend lacks, so that a missing
  /// asset shows on screen instead of stopping the run.
  public static var missingSpriteColor: Color { Color(red: 255, green: 0, blue: 255) }
}

// MARK: - The frame walk

extension RenderBackend {
  /// Draws one frame with `drawFrame(_:)`.
  @inlinable
  public mutating func render(_ frame: Frame) throws(Failure) {
    try drawFrame(frame)
  }

  /// Draws one frame with this backend's primitives: the letterbox colour over the whole
  /// output, the background stretched over the world, the world commands, then the overlay.
  ///
  /// World commands are scaled to fit the output and overlay commands likewise from the
  /// `Frame.overlayWidth` x `Frame.overlayHeight` canvas (see `Viewport`). A health bar becomes
  /// a dark frame and a fill; text becomes one font sheet cell per character, spaces skipped,
  /// or without a font a solid block of its size; a sprite the backend lacks becomes a box of
  /// `missingSpriteColor`. Far out, a sprite with a `dot` colour drawn smaller than
  /// `SpriteDraw.dotThreshold` pixels becomes a square of that colour at least two pixels
  /// across, and an entity's health bar narrower than `HealthBarDraw.minimumEntityBarWidth`
  /// is left out.
  /// - Complexity: O(commands + characters of text) primitive calls.
  @inlinable
  public mutating func drawFrame(_ frame: Frame) throws(Failure) {
    try beginFrame(clearingTo: Self.letterboxColor)
    drawBackground(of: frame)
    drawWorld(of: frame)
    drawOverlay(of: frame)
    try endFrame()
  }

  /// Draws one frame as `drawFrame(_:)` does, its world moved `alpha` of the way from
  /// `earlier` (see `drawWorld(of:interpolatingFrom:alpha:)`); without `earlier`, exactly as
  /// `drawFrame(_:)`.
  @inlinable
  public mutating func drawFrame(
    _ frame: Frame, interpolatingFrom earlier: Frame?, alpha: Float
  ) throws(Failure) {
    guard let earlier else { return try drawFrame(frame) }
    try beginFrame(clearingTo: Self.letterboxColor)
    drawBackground(of: frame)
    drawWorld(of: frame, interpolatingFrom: earlier, alpha: alpha)
    drawOverlay(of: frame)
    try endFrame()
  }

  /// Draws `frame`'s background stretched over its world, as `drawFrame(_:)` does.
  @inlinable
  public mutating func drawBackground(of frame: Frame) {
    guard let background = frame.background else { return }
    draw(
      SpriteDraw(
        sprite: background, x: frame.worldWidth / 2, y: frame.worldHeight / 2,
        width: frame.worldWidth, height: frame.worldHeight),
      in: Viewport(world: frame, width: width, height: height))
  }

  /// Draws `frame`'s world commands, as `drawFrame(_:)` does.
  /// - Complexity: O(world commands) primitive calls.
  @inlinable
  public mutating func drawWorld(of frame: Frame) {
    let world = Viewport(world: frame, width: width, height: height)
    for command in frame.world { draw(command, in: world) }
  }

  /// Draws `frame`'s world commands moved `alpha` of the way from where their entities were
  /// in `earlier`: what `drawWorld(of: earlier.interpolated(toward: frame, alpha: alpha))`
  /// draws, without making the interpolated frame.
  /// - Complexity: O(world commands) primitive calls.
  @inlinable
  public mutating func drawWorld(of frame: Frame, interpolatingFrom earlier: Frame, alpha: Float) {
    let world = Viewport(world: frame, width: width, height: height)
    earlier.forEachWorldCommand(interpolatedToward: frame, alpha: alpha) { command in
      draw(command, in: world)
    }
  }

  /// Draws `frame`'s overlay commands, as `drawFrame(_:)` does.
  /// - Complexity: O(overlay commands + characters of text) primitive calls.
  @inlinable
  public mutating func drawOverlay(of frame: Frame) {
    let overlay = Viewport(
      contentWidth: Frame.overlayWidth, contentHeight: Frame.overlayHeight, width: width,
      height: height)
    for command in frame.overlay { draw(command, in: overlay) }
  }

  /// Draws one command, its coordinates mapped through `viewport`.
  @inlinable
  mutating func draw(_ command: DrawCommand, in viewport: Viewport) {
    let scale = viewport.scale
    switch command.shape {
    case .sprite(let sprite):
      draw(sprite, in: viewport)
    case .rect(let rect):
      let (x, y) = (viewport.outputX(rect.x), viewport.outputY(rect.y))
      if rect.isFilled {
        fillRect(
          x: x, y: y, width: rect.width * scale, height: rect.height * scale, color: rect.color)
      } else {
        outlineRect(
          x: x, y: y, width: rect.width * scale, height: rect.height * scale, color: rect.color)
      }
    case .line(let line):
      drawLine(
        x0: viewport.outputX(line.x0), y0: viewport.outputY(line.y0),
        x1: viewport.outputX(line.x1), y1: viewport.outputY(line.y1), color: line.color)
    case .text(let text):
      draw(text, in: viewport)
    case .healthBar(let bar):
      let left = viewport.outputX(bar.x - bar.width / 2)
      let top = viewport.outputY(bar.y - bar.height / 2)
      if bar.entity != nil && bar.width * scale < HealthBarDraw.minimumEntityBarWidth { return }
      // At least two pixels each way, so a bar stays readable however far the view zooms out.
      let barWidth = max(bar.width * scale, 2)
      let barHeight = max(bar.height * scale, 2)
      fillRect(
        x: left - 1, y: top - 1, width: barWidth + 2, height: barHeight + 2,
        color: HealthBarDraw.frameColor)
      fillRect(
        x: left, y: top, width: barWidth * bar.fraction, height: barHeight, color: bar.fillColor)
    }
  }

  /// Draws a sprite, or its dot when it is that small, or a box of `missingSpriteColor` if the
  /// backend lacks it.
  @inlinable
  mutating func draw(_ sprite: SpriteDraw, in viewport: Viewport) {
    let width = sprite.width * viewport.scale
    let height = sprite.height * viewport.scale
    if let dot = sprite.dot, max(width, height) < SpriteDraw.dotThreshold {
      let side = max(min(width, height), 2)
      fillRect(
        x: viewport.outputX(sprite.x) - side / 2, y: viewport.outputY(sprite.y) - side / 2,
        width: side, height: side, color: dot)
      return
    }
    let placement = SpritePlacement(
      centreX: viewport.outputX(sprite.x), centreY: viewport.outputY(sprite.y),
      width: width, height: height, rotation: sprite.rotation, isMirrored: sprite.isMirrored,
      tint: sprite.tint)
    guard hasSprite(sprite.sprite) else {
      fillRect(
        x: placement.centreX - placement.width / 2, y: placement.centreY - placement.height / 2,
        width: placement.width, height: placement.height, color: Self.missingSpriteColor)
      return
    }
    drawSprite(sprite.sprite, source: nil, placement: placement)
  }

  /// Draws text as one font sheet cell per character in a row of squares of its size; without
  /// a font, as a solid block where the text would be.
  @inlinable
  mutating func draw(_ text: TextDraw, in viewport: Viewport) {
    let size = text.size * viewport.scale
    guard size > 0, size.isFinite else { return }
    let left = viewport.outputX(text.x)
    let top = viewport.outputY(text.y)
    guard hasSprite(.font) else {
      fillRect(
        x: left, y: top, width: Float(text.text.unicodeScalars.count) * size, height: size,
        color: text.color)
      return
    }
    for (index, scalar) in text.text.unicodeScalars.enumerated() {
      guard let cell = FontSheet.cell(for: scalar) else { continue }
      drawSprite(
        .font, source: cell,
        placement: SpritePlacement(
          centreX: left + (Float(index) + 0.5) * size, centreY: top + size / 2, width: size,
          height: size, tint: text.color))
    }
  }
}
