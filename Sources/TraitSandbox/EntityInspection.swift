import Frames

/// A readable snapshot of one entity: its type, its traits and every component's values.
///
/// Built by reflection, for inspectors and debugging only: never on the simulation's path.
public struct EntityInspection: Sendable, Equatable {
  /// One named value.
  public struct Field: Sendable, Equatable {
    /// The stored property's name.
    public var name: String
    /// The value, formatted for reading.
    public var value: String
    /// The faction's index, when the value is a `Faction`: a game names it
    /// (`namingFactions(_:)`).
    public var factionIndex: Int?
  }

  /// One component (or the entity's own properties), with its fields.
  public struct Component: Sendable, Equatable {
    /// The property holding the component, e.g. `health`.
    public var name: String
    /// The component's fields, in declaration order.
    public var fields: [Field]
  }

  /// The entity's identity.
  public var id: AnyEntityID
  /// The entity type's name, e.g. `Turret`.
  public var typeName: String
  /// The traits the world steps for this type, e.g. `MovementTrait`.
  public var traits: [String]
  /// The entity's properties: first its plain ones (`id`, `position`, `team`, ...) under
  /// `entity`, then one entry per component struct.
  public var components: [Component]

  /// Inspects `entity` by reflection.
  public init<Entity: GameObject>(_ entity: Entity, traits: [String]) {
    id = entity.id.erased
    typeName = Entity.typeName
    self.traits = traits
    var plain: [Field] = []
    var components: [Component] = []
    for child in Mirror(reflecting: entity).children {
      guard let label = child.label else { continue }
      let mirror = Mirror(reflecting: child.value)
      if mirror.displayStyle == .struct && !(child.value is Vector2) && !mirror.children.isEmpty
        && !(child.value is any EntityIdentity) && !(child.value is Faction)
      {
        let fields = mirror.children.compactMap { field in
          field.label.map { Self.field($0, field.value) }
        }
        components.append(Component(name: label, fields: fields))
      } else {
        plain.append(Self.field(label, child.value))
      }
    }
    self.components = [Component(name: "entity", fields: plain)] + components
  }

  /// The field `name` holding `value`.
  private static func field(_ name: String, _ value: Any) -> Field {
    Field(name: name, value: format(value), factionIndex: (value as? Faction)?.index)
  }

  /// This inspection with each faction named as the game names it: `name` of a faction's
  /// index, "left (blue)", shown with the index; unchanged where `name` gives `nil`.
  public func namingFactions(_ name: (Int) -> String?) -> EntityInspection {
    var named = self
    for component in named.components.indices {
      for field in named.components[component].fields.indices {
        guard let index = named.components[component].fields[field].factionIndex,
          let word = name(index)
        else { continue }
        named.components[component].fields[field].value = "\(word) (\(index))"
      }
    }
    return named
  }

  /// Formats a value briefly: floats with two decimals, vectors as `(x, y)`.
  static func format(_ value: Any) -> String {
    switch value {
    case let number as Float: return formatted(number)
    case let vector as Vector2: return "(\(formatted(vector.x)), \(formatted(vector.y)))"
    case let id as any EntityIdentity: return id.description
    case let faction as Faction: return String(faction.index)
    default:
      let mirror = Mirror(reflecting: value)
      if mirror.displayStyle == .optional {
        return mirror.children.first.map { format($0.value) } ?? "none"
      }
      if mirror.displayStyle == .struct, !mirror.children.isEmpty {
        return mirror.children.map { child in
          "\(child.label ?? "_"): \(format(child.value))"
        }.joined(separator: ", ")
      }
      return String(describing: value)
    }
  }

  private static func formatted(_ number: Float) -> String {
    guard number.isFinite else { return String(describing: number) }
    let hundredths = Int((number * 100).rounded())
    let sign = hundredths < 0 ? "-" : ""
    let magnitude = abs(hundredths)
    let fraction = magnitude % 100
    return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}
