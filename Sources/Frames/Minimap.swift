/// The whole arena in a corner of the overlay while the camera is zoomed in: the entities as
/// coloured cells, the large ones (a castle) at their size, the selection ringed, and the part
/// the view shows as a frame; a click or a drag on it moves the view there. Any game's window
/// draws it.
package struct Minimap {
  /// The minimap's size on the overlay canvas.
  package static let width: Float = 256
  package static let height: Float = 144
  /// Cells across and down: each shows the last entity drawn in it, in its tint; runs of one
  /// colour along a row are drawn as one rectangle.
  package static let columns = 128
  package static let rows = 72

  /// The world point of a `worldWidth` x `worldHeight` world that the minimap drawn from
  /// `origin` (its top left corner) shows at the overlay point (`x`, `y`), kept inside the
  /// world; `nil` when the point is not on the minimap.
  package static func worldPoint(
    overlayX x: Float, overlayY y: Float, origin: (x: Float, y: Float), worldWidth: Float,
    worldHeight: Float
  ) -> (x: Float, y: Float)? {
    let (left, top) = origin
    guard x >= left, x < left + width, y >= top, y < top + height else { return nil }
    let fit = Viewport(
      contentWidth: worldWidth, contentHeight: worldHeight, width: Int(width),
      height: Int(height))
    return (
      min(max((x - left - fit.offsetX) / fit.scale, 0), worldWidth),
      min(max((y - top - fit.offsetY) / fit.scale, 0), worldHeight)
    )
  }

  /// Draws the minimap of `frame` (seen through `camera`, with the selection ringed where it
  /// is drawn, at world point `selected`) from `origin`, its top left corner on the overlay.
  ///
  /// - Complexity: O(instances + world commands) plus O(cells).
  package static func draw(
    _ frame: Frame, camera: Camera, selected: (x: Float, y: Float)? = nil,
    at origin: (x: Float, y: Float), into builder: inout FrameBuilder
  ) {
    let (left, top) = origin
    // The arena keeps its shape inside the minimap's box.
    let fit = Viewport(
      contentWidth: frame.worldWidth, contentHeight: frame.worldHeight, width: Int(width),
      height: Int(height))
    builder.drawOverlay(
      .rect(RectDraw(x: left, y: top, width: width, height: height, color: .black.withAlpha(220))),
      layer: 96)
    let scanned = scan(frame, fit: fit)
    drawCells(scanned.cells, left: left, top: top, into: &builder)
    for landmark in scanned.landmarks {
      builder.drawOverlay(
        .rect(
          RectDraw(
            x: left + landmark.x, y: top + landmark.y, width: landmark.width,
            height: landmark.height, color: landmark.tint)), layer: 97)
      builder.drawOverlay(
        .rect(
          RectDraw(
            x: left + landmark.x - 1, y: top + landmark.y - 1, width: landmark.width + 2,
            height: landmark.height + 2, color: .white, isFilled: false)), layer: 97)
    }
    if let place = selected {
      let size: Float = 8
      builder.drawOverlay(
        .rect(
          RectDraw(
            x: left + fit.outputX(place.x) - size / 2, y: top + fit.outputY(place.y) - size / 2,
            width: size, height: size, color: Color(red: 255, green: 215, blue: 90),
            isFilled: false)), layer: 98)
    }
    let view = camera.view(worldWidth: frame.worldWidth, worldHeight: frame.worldHeight)
    builder.drawOverlay(
      .rect(
        RectDraw(
          x: left + fit.outputX(view.x), y: top + fit.outputY(view.y),
          width: view.width * fit.scale, height: view.height * fit.scale,
          color: Color(red: 255, green: 215, blue: 90), isFilled: false)),
      layer: 98)
  }

  /// How many times the size of most entities an entity is drawn, each way, from which the
  /// minimap draws it at its size, outlined (a castle among monsters).
  static let landmarkFactor: Float = 2

  /// The least size, each way, a landmark is drawn at on the minimap: a castle stays in sight
  /// in a large arena.
  package static let landmarkMinimumSize: Float = 8

  /// The size, the larger of width and height in world units, that half the frame's entities
  /// are drawn at or below: each kind of instances counted by its first one's size, and each
  /// sprite command showing an entity.
  ///
  /// - Complexity: O(kinds + world commands).
  static func typicalSize(of frame: Frame) -> Float {
    var sizes: [(size: Float, count: Int)] = []
    for kind in frame.instances.kinds where !kind.sprites.isEmpty {
      let first = frame.instances.sprites[kind.sprites.lowerBound]
      sizes.append((max(first.width, first.height), kind.sprites.count))
    }
    for command in frame.world {
      guard case .sprite(let sprite) = command.shape, sprite.entity != nil else { continue }
      sizes.append((max(sprite.width, sprite.height), 1))
    }
    sizes.sort { $0.size < $1.size }
    let half = (sizes.reduce(0) { $0 + $1.count } + 1) / 2
    var counted = 0
    for entry in sizes {
      counted += entry.count
      if counted >= half { return entry.size }
    }
    return .infinity
  }

  /// A large entity as the minimap draws it: a rectangle from the minimap's top left corner.
  typealias Landmark = (x: Float, y: Float, width: Float, height: Float, tint: Color)

  /// The tint of the last entity drawn in each cell, row by row, `nil` where none is, and the
  /// entities drawn `landmarkFactor` times the typical size or larger (a castle), as rectangles
  /// of their size (at least `landmarkMinimumSize`) in their tint: the frame's entities placed
  /// by `fit`.
  ///
  /// - Complexity: O(instances + world commands), one walk.
  static func scan(_ frame: Frame, fit: Viewport) -> (cells: [Color?], landmarks: [Landmark]) {
    var cells = [Color?](repeating: nil, count: columns * rows)
    var landmarks: [Landmark] = []
    let landmarkSize = typicalSize(of: frame) * landmarkFactor
    let cellWidth = width / Float(columns)
    let cellHeight = height / Float(rows)
    func mark(x: Float, y: Float, width: Float, height: Float, tint: Color) {
      let column = (fit.outputX(x) / cellWidth).rounded(.down)
      let row = (fit.outputY(y) / cellHeight).rounded(.down)
      // Compared as floats: a position far off (or not a number) never becomes an index.
      guard column >= 0, column < Float(columns), row >= 0, row < Float(rows) else { return }
      cells[Int(row) * columns + Int(column)] = tint
      if max(width, height) >= landmarkSize {
        let shownWidth = max(width * fit.scale, landmarkMinimumSize)
        let shownHeight = max(height * fit.scale, landmarkMinimumSize)
        landmarks.append(
          (
            fit.outputX(x) - shownWidth / 2, fit.outputY(y) - shownHeight / 2, shownWidth,
            shownHeight, tint.withAlpha(255)
          ))
      }
    }
    // Drawn in the frame's order, so a cell shows what is drawn last in it.
    for run in frame.worldRuns {
      switch run {
      case .sprites(let kind):
        for sprite in frame.instances.sprites[frame.instances.kinds[kind].sprites] {
          mark(
            x: sprite.x, y: sprite.y, width: sprite.width, height: sprite.height,
            tint: sprite.tint)
        }
      case .commands(let range):
        for command in frame.world[range] {
          guard case .sprite(let sprite) = command.shape, sprite.entity != nil else { continue }
          mark(
            x: sprite.x, y: sprite.y, width: sprite.width, height: sprite.height,
            tint: sprite.tint)
        }
      case .healthBars:
        break
      }
    }
    return (cells, landmarks)
  }

  /// Draws `cells` from `(left, top)`: a run of cells of one colour is one rectangle, since
  /// an army fills long runs and every rectangle is a quad for the window to draw.
  static func drawCells(
    _ cells: [Color?], left: Float, top: Float, into builder: inout FrameBuilder
  ) {
    let cellWidth = width / Float(columns)
    let cellHeight = height / Float(rows)
    for row in 0..<rows {
      var column = 0
      while column < columns {
        guard let color = cells[row * columns + column] else {
          column += 1
          continue
        }
        var end = column + 1
        while end < columns, cells[row * columns + end] == color { end += 1 }
        builder.drawOverlay(
          .rect(
            RectDraw(
              x: left + Float(column) * cellWidth, y: top + Float(row) * cellHeight,
              width: Float(end - column) * cellWidth, height: cellHeight, color: color)),
          layer: 97)
        column = end
      }
    }
  }
}
