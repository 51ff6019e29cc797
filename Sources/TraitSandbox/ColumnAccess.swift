/// A part of an entity that a system reads or writes, as the system declares it: a trait's
/// component, or the position, identity or faction every entity has.
///
/// A system's declaration is what `sandbox describe` prints, and what debug builds hold the
/// system to: a change to any other stored property of an entity stops the program, naming
/// the system and the property.
public struct ColumnAccess<Entity: GameObject>: Sendable {
  /// What reports call it: the component's type name (`Movement`), or `position`,
  /// `identity` or `faction`.
  public let name: String
  /// The value's type, for finding the stored property that holds it; `nil` for the entity's
  /// own state.
  let valueType: ObjectIdentifier?
  /// The value's bytes in an entity, for finding the stored property that holds it.
  let bytes: @Sendable (Entity) -> [UInt8]

  private init<Value>(name: String, _ keyPath: KeyPath<Entity, Value> & Sendable) {
    self.name = name
    valueType = ObjectIdentifier(Value.self)
    bytes = { entity in withUnsafeBytes(of: entity[keyPath: keyPath]) { Array($0) } }
  }

  private init(ownStateNamed name: String) {
    self.name = name
    valueType = nil
    bytes = { _ in [] }
  }

  /// A trait's component, e.g. `.component(\.movement)`.
  public static func component<State: Component>(
    _ keyPath: WritableKeyPath<Entity, State> & Sendable
  ) -> ColumnAccess {
    ColumnAccess(name: String(describing: State.self), keyPath)
  }

  /// The entity's position.
  public static var position: ColumnAccess { ColumnAccess(name: "position", \Entity.position) }

  /// The entity's identity.
  public static var identity: ColumnAccess { ColumnAccess(name: "identity", \Entity.id) }

  /// The entity's faction.
  public static var faction: ColumnAccess { ColumnAccess(name: "faction", \Entity.faction) }

  /// The entity's own state: every stored property that is not a trait's component (a plan,
  /// an animation pose), which a type's own code (an override, say) keeps.
  public static var ownState: ColumnAccess {
    ColumnAccess(ownStateNamed: ColumnAccesses.ownStateName)
  }
}

/// What a system does to the rest of the world through the tick's buffers, rather than to the
/// entities it steps.
public struct TickEffects: OptionSet, Sendable, Hashable {
  /// The effects' bits.
  public let rawValue: Int

  /// Creates a set from its bits.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Deals damage to entries of the target index (`TargetIndex.addDamage`, `damageEnemies`).
  public static let damage = TickEffects(rawValue: 1)
  /// Requests new entities (`TickContext.spawn`).
  public static let spawns = TickEffects(rawValue: 2)
  /// Requests that entities leave (`TickContext.despawn`).
  public static let despawns = TickEffects(rawValue: 4)
  /// Draws from the tick's random numbers.
  public static let randomness = TickEffects(rawValue: 8)
  /// Adds entries to the tick's target index.
  public static let targets = TickEffects(rawValue: 16)
  /// Reads the damage dealt to the target index's entries so far in the tick
  /// (`TargetIndex.damage(to:)`). A system that reads it without declaring it may share a
  /// parallel step with an earlier system that deals damage, and not see that damage.
  public static let readsDamage = TickEffects(rawValue: 32)

  /// The effects' names, in a fixed order: `damage`, `spawns`, `despawns`, `randomness`,
  /// `targets`, `reads damage`.
  public var names: [String] {
    let named: [(TickEffects, String)] = [
      (.damage, "damage"), (.spawns, "spawns"), (.despawns, "despawns"),
      (.randomness, "randomness"), (.targets, "targets"), (.readsDamage, "reads damage"),
    ]
    return named.filter { contains($0.0) }.map(\.1)
  }
}

/// What one system declares it does to the entities of one type.
public struct ColumnAccesses: Sendable, Equatable {
  /// The parts it reads, by name.
  public var reads: [String]
  /// The parts it writes, by name.
  public var writes: [String]
  /// What it does through the tick's buffers.
  public var effects: TickEffects

  /// The name of `ColumnAccess.ownState`.
  static let ownStateName = "own state"
}

// MARK: - Checking a declaration

/// The words of one entity type that one system declared it writes: in debug builds the
/// world checks every entity a system changes against it.
///
/// Built from the first entity the system steps, by finding the stored property that holds
/// each declared part (a computed part, such as a component made from other properties, lets
/// the system change any property that is not itself a component).
@usableFromInline
internal final class WriteCheck: @unchecked Sendable {
  /// The words the system may not change, each with the mask of the bytes in it that hold
  /// state (padding may change freely); kept behind a pointer, so checking an entity retains
  /// nothing.
  private let checked: UnsafeMutableBufferPointer<(word: Int, mask: UInt32)>
  let systemName: String
  let layout: EntityLayout

  init(writable: [Bool], systemName: String, layout: EntityLayout) {
    let checked = writable.indices.compactMap { word -> (word: Int, mask: UInt32)? in
      let mask = Self.byteMask(layout.stateMasks[word])
      return writable[word] || mask == 0 ? nil : (word, mask)
    }
    self.checked = .allocate(capacity: checked.count)
    _ = self.checked.initialize(from: checked)
    self.systemName = systemName
    self.layout = layout
  }

  deinit {
    checked.deallocate()
  }

  /// The check for `writes` of `systemName`, found from `sample`'s bytes.
  static func make<Entity: GameObject>(
    writes: [ColumnAccess<Entity>], systemName: String, layout: EntityLayout, sample: Entity
  ) -> WriteCheck {
    var writable = [Bool](repeating: false, count: layout.wordCount)
    func allow(_ bytes: Range<Int>) {
      guard !bytes.isEmpty else { return }
      for word in (bytes.lowerBound / 4)...((bytes.upperBound - 1) / 4) { writable[word] = true }
    }
    let sampleBytes = withUnsafeBytes(of: sample) { Array($0) }
    for access in writes {
      guard let valueType = access.valueType else {
        for property in layout.properties where !property.isComponent { allow(property.bytes) }
        continue
      }
      let value = access.bytes(sample)
      let holders = layout.properties.filter { property in
        property.type == valueType && property.size == value.count
          && Array(sampleBytes[property.bytes]) == value
      }
      if holders.isEmpty {
        // A computed part: it may be kept in any property that is not a component.
        for property in layout.properties where !property.isComponent { allow(property.bytes) }
      } else {
        for holder in holders { allow(holder.bytes) }
      }
    }
    return WriteCheck(writable: writable, systemName: systemName, layout: layout)
  }

  /// Stops the program if `scratch` differs from `original` in a word the system may not
  /// write.
  @usableFromInline
  func verify(_ scratch: UnsafeMutableRawPointer, against original: UnsafeMutableRawPointer) {
    for (word, mask) in checked {
      let new = scratch.load(fromByteOffset: word &* 4, as: UInt32.self)
      let old = original.load(fromByteOffset: word &* 4, as: UInt32.self)
      if new & mask != old & mask { fail(word: word) }
    }
  }

  /// Stops the program if the entity in `scratch` differs from the one whose words start at
  /// `lane`, `stride` words apart, in a word the system may not write.
  @usableFromInline
  func verify(
    _ scratch: UnsafeMutableRawPointer, against lane: UnsafeMutablePointer<UInt32>, stride: Int
  ) {
    for (word, mask) in checked {
      let new = scratch.load(fromByteOffset: word &* 4, as: UInt32.self)
      let old = lane[word &* stride]
      if new & mask != old & mask { fail(word: word) }
    }
  }

  private func fail(word: Int) -> Never {
    let names = layout.propertyNames(overlapping: (word * 4)..<(word * 4 + 4))
    preconditionFailure(
      "system \(systemName) changed \(layout.typeName).\(names.joined(separator: ", ")), "
        + "which it does not declare it writes")
  }

  /// A word mask with all eight bits of each byte `bits` marks.
  static func byteMask(_ bits: UInt8) -> UInt32 {
    var mask: UInt32 = 0
    for byte in 0..<4 where bits & (1 << UInt8(byte)) != 0 { mask |= 0xFF << UInt32(byte * 8) }
    return mask
  }
}

// MARK: - Declarations the built-in systems share

extension TraitSystem {
  /// What a system writes of an entity that moves, when it holds the entity in place.
  static func movementWrites<Entity: GameObject, Mover: MovementTrait>(
    _: Mover.Type
  ) -> [ColumnAccess<Entity>] {
    guard Mover.self == Entity.self else { return [] }
    return [unsafeBitCast(ColumnAccess<Mover>.component(\.movement), to: ColumnAccess<Entity>.self)]
  }

  /// What a system writes of an entity with health, when it heals or hurts it.
  static func healthWrites<Entity: GameObject, Mortal: HealthTrait>(
    _: Mortal.Type
  ) -> [ColumnAccess<Entity>] {
    guard Mortal.self == Entity.self else { return [] }
    return [unsafeBitCast(ColumnAccess<Mortal>.component(\.health), to: ColumnAccess<Entity>.self)]
  }
}
