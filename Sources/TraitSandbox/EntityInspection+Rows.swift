import Frames

extension EntityInspection {
  /// The inspector's rows for this entity: title, traits, then each component's fields.
  package var inspectorRows: [any InspectorRow] {
    var rows: [any InspectorRow] = [
      InspectorTitleRow(text: "\(typeName) \(id)"),
      InspectorSectionRow(text: "traits"),
    ]
    rows += traits.map { InspectorFieldRow(text: $0) }
    for component in components {
      rows.append(InspectorSectionRow(text: component.name))
      for field in component.fields {
        rows.append(InspectorFieldRow(text: "\(field.name): \(field.value)"))
      }
    }
    return rows
  }
}
