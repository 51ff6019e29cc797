import Frames

/// A point of the world given on the command line as `x,y`.
package struct WorldPoint: Equatable, Sendable, CustomStringConvertible {
  /// Its x, in world units.
  package var x: Float
  /// Its y, in world units.
  package var y: Float

  /// The point `text` gives as `x,y`.
  package init(parsing text: String) throws(OptionValueError) {
    let parts = CommaList.items(text)
    guard parts.count == 2, let x = Float(parts[0]), let y = Float(parts[1]), x.isFinite,
      y.isFinite
    else {
      throw .invalid("expected a point in world units, e.g. 8000,4500")
    }
    self.x = x
    self.y = y
  }

  /// `x,y`.
  package var description: String { "\(x),\(y)" }
}

/// `--zoom` and `--center`: the part of the world a picture shows.
package enum CameraOptions {
  /// `--zoom`: how much closer than the whole world.
  package static let zoom = Option<Float>(
    "zoom", valueName: "z",
    help: "Show the world this many times closer (1 to \(Int(Camera.maximumZoom))).",
    default: 1, defaultDescription: "1, the whole world"
  ) { text throws(OptionValueError) in
    guard let zoom = Float(text), zoom.isFinite, zoom >= 1, zoom <= Camera.maximumZoom else {
      throw .invalid("expected a number from 1 to \(Int(Camera.maximumZoom))")
    }
    return zoom
  }

  /// `--center`: the point the view is centred on.
  package static let center = Option<WorldPoint?>(
    "center", valueName: "x,y",
    help: "With --zoom, centre the view on this point of the world (kept inside it).",
    default: nil, defaultDescription: "the world's centre"
  ) { text throws(OptionValueError) in try WorldPoint(parsing: text) }

  /// The camera the options ask for, or `nil` for the whole world.
  package static func camera(zoom: Float, center: WorldPoint?, arena: (width: Float, height: Float))
    -> Camera?
  {
    guard zoom > 1 || center != nil else { return nil }
    return Camera(
      centreX: center?.x ?? arena.width / 2, centreY: center?.y ?? arena.height / 2, zoom: zoom)
  }
}
