import Frames
import TraitSandbox

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
  /// Gold, to stand out (replaces the default white).
  public var textColor: Color { Color(red: 255, green: 215, blue: 90) }
}

/// One trait or component heading.
public struct InspectorSectionRow: InspectorRow, Equatable, Sendable {
  /// The heading text.
  public var text: String
  /// Cyan headings (replaces the default white).
  public var textColor: Color { Color(red: 120, green: 220, blue: 255) }
  /// A size smaller than the title.
  public var fontSize: Float { 13 }
}

/// One component field and its current value.
public struct InspectorFieldRow: InspectorRow, Equatable, Sendable {
  /// `name: value`.
  public var text: String
  /// Small, for many rows.
  public var fontSize: Float { 11 }
  /// Indented under its component.
  public var indent: Int { 2 }
}

/// Builds the inspector rows for one entity.
enum InspectorPanel {
  static let left: Float = 860
  static let top: Float = 56
  static let width: Float = 410

  /// The rows describing `inspection`: title, traits, then each component's fields.
  static func rows(for inspection: EntityInspection) -> [any InspectorRow] {
    var rows: [any InspectorRow] = [
      InspectorTitleRow(text: "\(inspection.typeName) \(inspection.id)"),
      InspectorSectionRow(text: "traits"),
    ]
    rows += inspection.traits.map { InspectorFieldRow(text: $0) }
    for component in inspection.components {
      rows.append(InspectorSectionRow(text: component.name))
      for field in component.fields {
        rows.append(InspectorFieldRow(text: "\(field.name): \(field.value)"))
      }
    }
    return rows
  }

  /// The lowest the panel may reach, above the controls line.
  static let bottom: Float = 690

  /// Draws the rows on a translucent panel at the right of the overlay, clipping rows to its
  /// width and ending with an ellipsis row when they do not all fit.
  static func draw(_ rows: [any InspectorRow], into builder: inout FrameBuilder) {
    var fitting: [any InspectorRow] = []
    var height: Float = 16
    for row in rows {
      if height + row.fontSize + 4 > bottom - top - 16 {
        fitting.append(InspectorFieldRow(text: "..."))
        height += 15
        break
      }
      fitting.append(row)
      height += row.fontSize + 4
    }
    builder.drawOverlay(
      .rect(
        RectDraw(
          x: left - 8, y: top - 8, width: width, height: height,
          color: Color(red: 10, green: 12, blue: 20, alpha: 200))),
      layer: 98)
    var y = top
    for row in fitting {
      let x = left + Float(row.indent) * row.fontSize
      let room = Int((left - 8 + width - 8 - x) / row.fontSize)
      if row.text.count > room {
        ClippedRow(row: row, text: String(row.text.prefix(max(room - 1, 1))) + "~")
          .draw(into: &builder, x: x, y: y)
      } else {
        row.draw(into: &builder, x: x, y: y)
      }
      y += row.fontSize + 4
    }
  }
}

/// A row shortened to fit the panel, keeping the original row's style.
struct ClippedRow: HUDLabel {
  var row: any InspectorRow
  var text: String
  var textColor: Color { row.textColor }
  var fontSize: Float { row.fontSize }
  var shadowColor: Color? { row.shadowColor }
}
