import Frames
import TraitSandbox

/// The kinds of unit a MonsterWars match offers, in the order scenario files, the AI, the
/// demo's keys and reports list them, and the schedule their traits run in.
///
/// This is the one place a unit type is listed. Scenario validation, spawning, live tuning,
/// sprite loading, statistics and the demo's buy keys all read it. A unit with a trait of its
/// own names that trait's system in `Monster.ownSystems`, and the roster's schedule runs it.
public struct Roster: Sendable {
  /// The unit types, in order.
  public let unitTypes: [any Monster.Type]
  /// The phases and systems a match's world runs.
  public let schedule: Schedule

  /// The most kinds a roster holds: the demo buys them with keys 1 to 9.
  public static let limit = 9

  /// Creates a roster whose matches run `schedule`, with every unit type's `ownSystems` added
  /// to the end of their phases (once each, by name); kinds must be unique, and there may be 1
  /// to 9 of them.
  public init(_ unitTypes: [any Monster.Type], schedule: Schedule = .standard) {
    let kinds = unitTypes.map { $0.kind }
    precondition((1...Self.limit).contains(kinds.count), "a roster lists 1 to 9 unit types")
    precondition(Set(kinds).count == kinds.count, "unit kinds repeat: \(kinds)")
    self.unitTypes = unitTypes
    var schedule = schedule
    for type in unitTypes {
      for own in type.ownSystems
      where !schedule.systems.contains(where: { $0.name == own.system.name }) {
        schedule = schedule.appending([own.system], to: own.phase)
      }
    }
    self.schedule = schedule
  }

  /// MonsterWars' monsters.
  public static let standard = Roster([
    QuirkMonster.self,
    ZapMonster.self,
    MunchMonster.self,
  ])

  /// The kinds, in order.
  public var kinds: [UnitKind] { unitTypes.map { $0.kind } }

  /// The unit type of `kind`, if the roster has it.
  public func unitType(of kind: UnitKind) -> (any Monster.Type)? {
    unitTypes.first { $0.kind == kind }
  }

  /// Every entity type a match with this roster registers, in stepping order: the castle, the
  /// units, then every projectile a castle or unit fires.
  public var entityTypes: [any GameObject.Type] {
    var types: [any GameObject.Type] = [Castle.self]
    types += unitTypes.map { $0 as any GameObject.Type }
    let shooters = types.compactMap { $0 as? any GunTrait.Type }
    for projectile in shooters.map({ $0.ammunitionType })
    where !types.contains(where: { $0 == projectile }) {
      types.append(projectile)
    }
    return types
  }
}

extension Roster {
  /// Every sprite a match with this roster can draw: the background, the font and each
  /// drawable entity type's sprite, sorted by name.
  public var spriteIDs: [SpriteID] {
    let entitySprites = entityTypes.compactMap { ($0 as? any RenderTrait.Type)?.sprite }
    return Array(Set([SpriteID.background, .font] + entitySprites)).sorted()
  }

  /// The names of the drawable entity types drawn with `sprite`, in stepping order.
  public func typeNames(drawnWith sprite: SpriteID) -> [String] {
    entityTypes.compactMap { type in
      (type as? any RenderTrait.Type)?.sprite == sprite ? type.typeName : nil
    }
  }
}

extension Roster: Equatable {
  /// Rosters are equal when they list the same unit types in the same order and run systems
  /// of the same names in the same phases.
  public static func == (lhs: Roster, rhs: Roster) -> Bool {
    lhs.unitTypes.count == rhs.unitTypes.count
      && zip(lhs.unitTypes, rhs.unitTypes).allSatisfy { $0 == $1 }
      && lhs.schedule.phases.map { [$0.name] + $0.systems.map(\.name) }
        == rhs.schedule.phases.map { [$0.name] + $0.systems.map(\.name) }
  }
}
