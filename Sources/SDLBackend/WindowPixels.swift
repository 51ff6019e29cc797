import Foundation

extension Window {
  /// The drawable's pixel under the mouse at (`x`, `y`) in window units: on a high-density
  /// screen the drawable has more pixels than the window has units. A window reporting no size
  /// yet (minimised) leaves the point as it is.
  package static func pixel(
    x: Int, y: Int, windowSize: (width: Int, height: Int), pixelSize: (width: Int, height: Int)
  ) -> (x: Int, y: Int) {
    guard windowSize.width > 0, windowSize.height > 0 else { return (x, y) }
    func scaled(_ value: Int, _ pixels: Int, _ units: Int) -> Int {
      Int(((Double(value) + 0.5) * Double(pixels) / Double(units)).rounded(.down))
    }
    return (
      scaled(x, pixelSize.width, windowSize.width), scaled(y, pixelSize.height, windowSize.height)
    )
  }
}

extension InputEvent {
  /// The event with its mouse position in the pixels of `renderer`'s drawable, which on a
  /// high-density screen outnumber the window's units; other events as they are.
  package func inPixels(of renderer: any WindowRenderer) -> InputEvent {
    inPixels(windowSize: renderer.window.size, pixelSize: (renderer.width, renderer.height))
  }

  /// The event with its mouse position in the pixels of a drawable `pixelSize` across, in a
  /// window `windowSize` units across.
  package func inPixels(
    windowSize: (width: Int, height: Int), pixelSize: (width: Int, height: Int)
  ) -> InputEvent {
    func pixel(_ x: Int, _ y: Int) -> (x: Int, y: Int) {
      Window.pixel(x: x, y: y, windowSize: windowSize, pixelSize: pixelSize)
    }
    switch self {
    case .mouseDown(let x, let y):
      let point = pixel(x, y)
      return .mouseDown(x: point.x, y: point.y)
    case .mouseDragged(let x, let y):
      let point = pixel(x, y)
      return .mouseDragged(x: point.x, y: point.y)
    case .rightMouseDown(let x, let y):
      let point = pixel(x, y)
      return .rightMouseDown(x: point.x, y: point.y)
    case .wheel(let steps, let x, let y):
      let point = pixel(x, y)
      return .wheel(steps: steps, x: point.x, y: point.y)
    default:
      return self
    }
  }
}

extension SDLSession {
  /// SDL's video drivers that show no window: SDL falls back to them when it cannot reach the
  /// display it was given.
  package static let windowlessDrivers: Set<String> = ["offscreen", "dummy", "evdev"]

  /// Why a window on `driver` would show nothing, when SDL fell back to a windowless driver
  /// nobody asked for (`requested`: `SDL_VIDEODRIVER`'s value): a display that is set but
  /// cannot be reached would otherwise leave the player with no window and no word why.
  package static func windowlessDriverProblem(_ driver: String, requested: String?) -> String? {
    guard windowlessDrivers.contains(driver) else { return nil }
    let asked = (requested ?? "").lowercased().split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard !asked.contains(driver) else { return nil }
    return "no display available: SDL could not open the display it was given and fell "
      + "back to its '\(driver)' driver, which shows no window. Check that the display "
      + "(DISPLAY or WAYLAND_DISPLAY) is running and reachable; to run without a window on "
      + "purpose, set SDL_VIDEODRIVER=\(driver)"
  }
}
