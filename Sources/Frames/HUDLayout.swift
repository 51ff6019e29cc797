/// One layout pass over a window's HUD: fixed pieces are reserved, then each panel is placed,
/// in order, at the free spot nearest the first of its preferred places that has one, never
/// over a piece placed before it nor over what must stay in sight (a player's castle).
///
/// Any game's window lays its panels out this way (the inspector, F1's figures, the minimap,
/// the help), so that none covers another or the player's castle, at any canvas size.
package struct HUDLayout {
  /// Where a panel would rather be: a corner, the middle of an edge, or the middle.
  package enum Place: Sendable {
    case topLeft, top, topRight, left, centre, right, bottomLeft, bottom, bottomRight
  }

  /// The canvas laid out.
  package let canvas: OverlayCanvas
  /// The gap kept between panels and from the canvas's edges.
  package let margin: Float
  /// What must stay in sight.
  package let keepClear: [OverlayRect]
  /// What the pieces placed so far cover.
  package private(set) var taken: [OverlayRect] = []

  /// A layout of `canvas` that keeps `keepClear` in sight.
  package init(canvas: OverlayCanvas, keepClear: [OverlayRect] = [], margin: Float = 8) {
    self.canvas = canvas
    self.keepClear = keepClear
    self.margin = margin
  }

  /// Marks `rect` as taken: a piece whose place is fixed (a status bar, a hint line).
  package mutating func reserve(_ rect: OverlayRect) {
    taken.append(rect)
  }

  /// Whether `rect` lies on the canvas, margins kept, over nothing taken or kept clear.
  package func isFree(_ rect: OverlayRect) -> Bool {
    rect.x >= margin - 0.01 && rect.y >= margin - 0.01
      && rect.right <= canvas.width - margin + 0.01
      && rect.bottom <= canvas.height - margin + 0.01
      && !taken.contains { $0.overlaps(rect) } && !keepClear.contains { $0.overlaps(rect) }
  }

  /// Places a `width` x `height` panel at the free spot nearest the first of `places` that has
  /// one, and marks it taken; `nil` when none has.
  ///
  /// - Complexity: O(p x n^3) for p places and n pieces taken or kept clear: a HUD has a
  ///   handful.
  package mutating func place(width: Float, height: Float, near places: [Place])
    -> OverlayRect?
  {
    for place in places {
      for (x, y) in candidates(width: width, height: height, near: place) {
        let rect = OverlayRect(x: x, y: y, width: width, height: height)
        if isFree(rect) {
          taken.append(rect)
          return rect
        }
      }
    }
    return nil
  }

  /// Places a panel `width` wide and as much of `height` tall as fits, at least
  /// `minimumHeight`, at the free spot nearest the first of `places` that has one (a panel
  /// that scrolls what does not fit); marks it taken. `nil` when no spot has `minimumHeight`.
  package mutating func placeColumn(
    width: Float, height: Float, minimumHeight: Float, near places: [Place]
  ) -> OverlayRect? {
    for place in places {
      for (x, y) in candidates(width: width, height: minimumHeight, near: place) {
        let start = OverlayRect(x: x, y: y, width: width, height: minimumHeight)
        guard isFree(start) else { continue }
        // Grown down to the next piece in its way, or the canvas's bottom margin.
        var room = canvas.height - margin - y
        for other in [taken, keepClear].joined() where other.x < x + width && x < other.right {
          if other.y >= y + minimumHeight - 0.01 { room = min(room, other.y - margin - y) }
        }
        let rect = OverlayRect(
          x: x, y: y, width: width, height: max(min(height, room), minimumHeight))
        guard isFree(rect) else { continue }
        taken.append(rect)
        return rect
      }
    }
    return nil
  }

  /// The spots a `width` x `height` panel could take near `place`, nearest first: the place
  /// itself, and beside or past each piece taken or kept clear.
  private func candidates(width: Float, height: Float, near place: Place) -> [(Float, Float)] {
    let obstacles = taken + keepClear
    let (left, right) = (margin, canvas.width - margin - width)
    let (top, bottom) = (margin, canvas.height - margin - height)
    let (middleX, middleY) = ((canvas.width - width) / 2, (canvas.height - height) / 2)
    let anchor: (x: Float, y: Float) =
      switch place {
      case .topLeft: (left, top)
      case .top: (middleX, top)
      case .topRight: (right, top)
      case .left: (left, middleY)
      case .centre: (middleX, middleY)
      case .right: (right, middleY)
      case .bottomLeft: (left, bottom)
      case .bottom: (middleX, bottom)
      case .bottomRight: (right, bottom)
      }
    var xs = [anchor.x]
    var ys = [anchor.y]
    for other in obstacles {
      xs += [other.right + margin, other.x - margin - width]
      ys += [other.bottom + margin, other.y - margin - height]
    }
    var spots: [(x: Float, y: Float, distance: Float)] = []
    for x in xs where x >= left - 0.01 && x <= right + 0.01 {
      for y in ys where y >= top - 0.01 && y <= bottom + 0.01 {
        spots.append((x, y, abs(x - anchor.x) + abs(y - anchor.y)))
      }
    }
    return spots.sorted { $0.distance < $1.distance }.map { ($0.x, $0.y) }
  }
}
