/// A row of the entity inspector panel: a HUD label whose look defaults to a plain field row.
public protocol InspectorRow: HUDLabel {
  /// How far the row is indented, in characters.
  var indent: Int { get }
}

extension InspectorRow {
  /// Not indented.
  public var indent: Int { 0 }
}

/// The inspector's title: the entity's type and identity.
public struct InspectorTitleRow: InspectorRow, Equatable, Sendable {
  /// The title text.
  public var text: String

  /// The title `text`.
  public init(text: String) {
    self.text = text
  }
  /// Gold, to stand out (replaces the default white).
  public var textColor: Color { Color(red: 255, green: 215, blue: 90) }
}

/// One trait or component heading.
public struct InspectorSectionRow: InspectorRow, Equatable, Sendable {
  /// The heading text.
  public var text: String

  /// A heading of `text`.
  public init(text: String) {
    self.text = text
  }
  /// Cyan headings (replaces the default white).
  public var textColor: Color { Color(red: 120, green: 220, blue: 255) }
  /// A size smaller than the title.
  public var fontSize: Float { 13 }
}

/// One component field and its current value.
public struct InspectorFieldRow: InspectorRow, Equatable, Sendable {
  /// `name: value`.
  public var text: String

  /// A field row of `text`.
  public init(text: String) {
    self.text = text
  }
  /// Small, for many rows: the smallest size the HUD draws (`OverlayCanvas.smallestTextSize`).
  public var fontSize: Float { 12 }
  /// Indented under its component.
  public var indent: Int { 2 }
}
