/// A row shortened to fit the panel, keeping the original row's style.
struct ClippedRow: HUDLabel {
  var row: any InspectorRow
  var text: String
  var textColor: Color { row.textColor }
  var fontSize: Float { row.fontSize }
  var shadowColor: Color? { row.shadowColor }
}
