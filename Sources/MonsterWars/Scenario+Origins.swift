import JSON

extension Scenario {
  /// Where one of a scenario's values came from.
  public enum ValueOrigin: Sendable, Equatable, CustomStringConvertible {
    /// The scenario file gives it.
    case file
    /// A unit type's `defaultStats` or `defaultWeight`, for a kind the file leaves it out for.
    case unitDefault(typeName: String)
    /// The scenario schema's own default (a gun's `splashRadius`, a swarm's `layout`).
    case schemaDefault

    /// `file`, `QuirkMonster default` or `default`.
    public var description: String {
      switch self {
      case .file: "file"
      case .unitDefault(let typeName): "\(typeName) default"
      case .schemaDefault: "default"
      }
    }
  }

  /// Every value of the scenario, by its JSON path (`$.units.quirk.cost`), in the order
  /// `jsonValue` holds them, each with where it came from: `document`, the file the scenario
  /// was loaded from (see `loadFile(contentsOf:roster:)`), or a default.
  ///
  /// - Complexity: O(values x depth).
  public func values(
    givenIn document: JSONValue
  ) -> [(path: String, value: JSONValue, origin: ValueOrigin)] {
    var values: [(path: String, value: JSONValue, origin: ValueOrigin)] = []
    func visit(_ value: JSONValue, keys: [String]) {
      if case .object(let members) = value {
        for member in members { visit(member.value, keys: keys + [member.key]) }
        return
      }
      values.append(("$." + keys.joined(separator: "."), value, origin(of: keys, in: document)))
    }
    visit(jsonValue, keys: [])
    return values
  }

  /// Where the value at `keys` came from.
  private func origin(of keys: [String], in document: JSONValue) -> ValueOrigin {
    var node = document
    for key in keys {
      guard case .object(let members) = node, let next = members.first(where: { $0.key == key })
      else { return defaultOrigin(of: keys) }
      node = next.value
    }
    return .file
  }

  /// The default a value the file leaves out takes: its unit type's for a unit's stats and a
  /// kind's weight or share, the schema's for the rest.
  private func defaultOrigin(of keys: [String]) -> ValueOrigin {
    let kindKey: String? =
      switch keys.first {
      case "units": keys.count > 1 ? keys[1] : nil
      case "ai": keys.count == 4 && keys[2] == "weights" ? keys[3] : nil
      case "swarm": keys.count == 3 && keys[1] == "mix" ? keys[2] : nil
      default: nil
      }
    guard let kindKey, let type = roster.unitType(of: UnitKind(kindKey)) else {
      return .schemaDefault
    }
    return .unitDefault(typeName: type.typeName)
  }
}
