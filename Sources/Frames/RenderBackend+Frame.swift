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
  /// output, the background stretched over the world, the world (instances and commands, in
  /// `Frame.worldRuns` order), then the overlay.
  ///
  /// The world is scaled to fit the output and overlay commands likewise from the frame's
  /// `overlayCanvas` (see `Viewport`). A health bar becomes
  /// a dark frame and a fill; text becomes one font sheet cell per character, spaces skipped,
  /// or without a font a solid block of its size; a sprite the backend lacks becomes a box of
  /// `missingSpriteColor`. Far out, an instance (or a sprite command with a `dot` colour) drawn
  /// smaller than `SpriteDraw.dotThreshold` pixels becomes a square of its dot colour at least
  /// two pixels across, and an entity's health bar narrower than
  /// `HealthBarDraw.minimumEntityBarWidth` is left out.
  /// - Complexity: O(instances + commands + characters of text) primitive calls.
  @inlinable
  public mutating func drawFrame(_ frame: Frame) throws(Failure) {
    try drawFrame(frame, pairedWith: nil, alpha: 1)
  }

  /// Draws one frame as `drawFrame(_:)` does, each instance moved `alpha` of the way from its
  /// entity's instance in the pairing's earlier frame (see `InstancePairing`); without a
  /// pairing, or one made for other instances, exactly as `drawFrame(_:)`.
  /// - Complexity: O(instances + commands + characters of text) primitive calls.
  @inlinable
  public mutating func drawFrame(
    _ frame: Frame, pairedWith pairing: InstancePairing?, alpha: Float
  ) throws(Failure) {
    try beginFrame(clearingTo: Self.letterboxColor)
    drawBackground(of: frame)
    drawWorld(of: frame, pairedWith: pairing, alpha: alpha)
    drawOverlay(of: frame)
    try endFrame()
  }

  /// Draws one frame as `drawFrame(_:pairedWith:alpha:)` does, pairing its instances with
  /// `earlier`'s first; without `earlier`, exactly as `drawFrame(_:)`.
  /// - Complexity: O(instances) to pair the frames, plus the drawing.
  @inlinable
  public mutating func drawFrame(
    _ frame: Frame, interpolatingFrom earlier: Frame?, alpha: Float
  ) throws(Failure) {
    let pairing = earlier.map { InstancePairing(from: $0.instances, to: frame.instances) }
    try drawFrame(frame, pairedWith: pairing, alpha: alpha)
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

  /// Draws `frame`'s world, its instances moved `alpha` of the way from the pairing's earlier
  /// frame, as `drawFrame(_:pairedWith:alpha:)` does.
  /// - Complexity: O(instances + commands) primitive calls.
  @inlinable
  public mutating func drawWorld(
    of frame: Frame, pairedWith pairing: InstancePairing? = nil, alpha: Float = 1
  ) {
    let instances = frame.instances
    let t = alpha.isNaN ? 1 : min(max(alpha, 0), 1)
    guard t < 1, let pairing, pairing.earlierSprites.count == instances.count else {
      instances.sprites.withUnsafeBufferPointer {
        drawWorld(of: frame, sprites: $0, rows: 0..<height)
      }
      return
    }
    let moved = instances.sprites.indices.map { pairing.sprite($0, of: instances, t: t) }
    moved.withUnsafeBufferPointer { drawWorld(of: frame, sprites: $0, rows: 0..<height) }
  }

  /// Draws `frame`'s world as `drawWorld(of:)` does with `sprites` in place of its instances
  /// (the same kinds, moved, say), leaving out the instances and bars that lie wholly outside
  /// the output's `rows`: what a backend drawing bands of rows at once draws in one.
  /// - Complexity: O(instances + commands), and primitive calls for those not left out.
  @inlinable
  public mutating func drawWorld(
    of frame: Frame, sprites: UnsafeBufferPointer<SpriteInstance>, rows: Range<Int>
  ) {
    let viewport = Viewport(world: frame, width: width, height: height)
    let instances = frame.instances
    precondition(sprites.count == instances.count, "an instance for each of the frame's")
    // Reaches kept generous: leaving out is only to save work, and what is drawn clips.
    let top = Float(rows.lowerBound) - 2
    let bottom = Float(rows.upperBound) + 2
    let scale = viewport.scale
    for run in frame.worldRuns {
      switch run {
      case .sprites(let kindIndex):
        let kind = instances.kinds[kindIndex]
        let hasSprite = hasSprite(kind.sprite)
        for index in kind.sprites {
          let sprite = sprites[index]
          let width = sprite.width * scale
          let height = sprite.height * scale
          let centreY = viewport.outputY(sprite.y)
          let reach = (width + height) * 0.5 + 2
          if centreY + reach < top || centreY - reach > bottom { continue }
          draw(
            sprite, of: kind, hasSprite: hasSprite, centreX: viewport.outputX(sprite.x),
            centreY: centreY, width: width, height: height)
        }
      case .healthBars(let kindIndex):
        for bar in instances.bars[instances.kinds[kindIndex].bars] {
          let sprite = sprites[Int(bar.owner)]
          let y = sprite.y + bar.offsetY
          let centreY = viewport.outputY(y)
          let reach = max(bar.height * scale, 2) * 0.5 + 3
          if centreY + reach < top || centreY - reach > bottom { continue }
          drawHealthBar(
            x: sprite.x + bar.offsetX, y: y, width: bar.width, height: bar.height,
            fraction: bar.fraction, isEntitys: true, in: viewport)
        }
      case .commands(let range):
        for command in frame.world[range] { draw(command, in: viewport) }
      }
    }
  }

  /// Draws `frame`'s overlay commands, as `drawFrame(_:)` does.
  /// - Complexity: O(overlay commands + characters of text) primitive calls.
  @inlinable
  public mutating func drawOverlay(of frame: Frame) {
    let overlay = Viewport(
      contentWidth: frame.overlayCanvas.width, contentHeight: frame.overlayCanvas.height,
      width: width,
      height: height)
    for command in frame.overlay { draw(command, in: overlay) }
  }

  /// Draws one command with this backend's primitives, its coordinates mapped through
  /// `viewport`, as the frame walk does.
  @inlinable
  public mutating func draw(_ command: DrawCommand, in viewport: Viewport) {
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
      drawHealthBar(
        x: bar.x, y: bar.y, width: bar.width, height: bar.height, fraction: bar.fraction,
        isEntitys: bar.entity != nil, in: viewport)
    }
  }

  /// Draws a health bar centred on (`x`, `y`): a dark frame and a fill; left out when it is an
  /// entity's and narrower than `HealthBarDraw.minimumEntityBarWidth` pixels.
  @inlinable
  mutating func drawHealthBar(
    x: Float, y: Float, width: Float, height: Float, fraction: Float, isEntitys: Bool,
    in viewport: Viewport
  ) {
    let scale = viewport.scale
    if isEntitys && width * scale < HealthBarDraw.minimumEntityBarWidth { return }
    let left = viewport.outputX(x - width / 2)
    let top = viewport.outputY(y - height / 2)
    // At least two pixels each way, so a bar stays readable however far the view zooms out.
    let barWidth = max(width * scale, 2)
    let barHeight = max(height * scale, 2)
    fillRect(
      x: left - 1, y: top - 1, width: barWidth + 2, height: barHeight + 2,
      color: HealthBarDraw.frameColor)
    fillRect(
      x: left, y: top, width: barWidth * fraction, height: barHeight,
      color: HealthBarDraw.fillColor(fraction: fraction))
  }

  /// Draws an instance of `kind` centred on output (`centreX`, `centreY`), `width` x `height`
  /// pixels: its dot when that small, its sprite, or a box of `missingSpriteColor` when the
  /// backend lacks the sprite (`hasSprite` false).
  @inlinable @inline(__always)
  mutating func draw(
    _ sprite: SpriteInstance, of kind: InstanceKind, hasSprite: Bool, centreX: Float,
    centreY: Float, width: Float, height: Float
  ) {
    if kind.showsDot, max(width, height) < SpriteDraw.dotThreshold {
      let side = max(min(width, height), 2)
      fillRect(
        x: centreX - side / 2, y: centreY - side / 2, width: side, height: side,
        color: sprite.dotColor)
      return
    }
    guard hasSprite else {
      fillRect(
        x: centreX - width / 2, y: centreY - height / 2, width: width, height: height,
        color: Self.missingSpriteColor)
      return
    }
    drawSprite(
      kind.sprite, source: nil,
      placement: SpritePlacement(
        centreX: centreX, centreY: centreY, width: width, height: height,
        rotation: sprite.rotation, isMirrored: sprite.isMirrored, tint: sprite.tint))
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
