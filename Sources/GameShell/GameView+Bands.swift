import Frames

/// What the view's panels stay off: the game's own HUD bands and what it keeps in sight.
extension GameView {
  /// `areas` of the world as `frame`'s camera puts them on `canvas`, a margin around each:
  /// what the view's panels stay off. Those off the canvas are left out.
  static func onCanvas(
    _ areas: [WorldArea], of frame: Frame, canvas: OverlayCanvas
  ) -> [OverlayRect] {
    guard !areas.isEmpty else { return [] }
    let shown = Viewport(world: frame, width: Int(canvas.width), height: Int(canvas.height))
    let whole = OverlayRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
    return areas.compactMap { area in
      let rect = OverlayRect(
        x: shown.outputX(area.x), y: shown.outputY(area.y), width: area.width * shown.scale,
        height: area.height * shown.scale
      ).insetBy(-8)
      return rect.overlaps(whole) ? rect : nil
    }
  }

  /// The bands of the game's own HUD (a status bar, a banner), which the view's panels stay
  /// off: the filled rectangles of its overlay, drawn on `canvas`, but for any that covers
  /// more than half of it, which is a backdrop for them to go over.
  static func hudBands(of frame: Frame, on canvas: OverlayCanvas) -> [OverlayRect] {
    let half = canvas.width * canvas.height / 2
    return frame.overlay.compactMap { command in
      guard case .rect(let rect) = command.shape, rect.isFilled, rect.width * rect.height <= half
      else { return nil }
      return OverlayRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }
  }
}
