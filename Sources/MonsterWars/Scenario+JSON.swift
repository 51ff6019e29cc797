import JSON

extension Scenario {
  /// The scenario as scenario-file JSON: what `parse(_:path:name:roster:)` reads back as an
  /// equal scenario. Saved games and recordings keep their scenario this way, so reading one
  /// back validates it as strictly as a scenario file.
  ///
  /// Every value is written, the unit types' defaults included; numbers in their shortest exact
  /// form, so every `Float` reads back unchanged.
  public var jsonText: String { jsonValue.rendered + "\n" }

  /// The scenario as a scenario file's JSON document, every value included.
  public var jsonValue: JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("arena", .object([("width", .float(arena.width)), ("height", .float(arena.height))])),
      (
        "match",
        .object([
          ("ticksPerSecond", .integer(match.ticksPerSecond)),
          ("tickLimit", .integer(match.tickLimit)),
        ])
      ),
      (
        "economy",
        .object([
          ("startingCoins", .float(economy.startingCoins)),
          ("coinsPerSecond", .float(economy.coinsPerSecond)),
        ])
      ),
      (
        "castle",
        .object([
          ("health", .float(castle.health)), ("radius", .float(castle.radius)),
          ("inset", .float(castle.inset)), ("gun", castle.gun.jsonValue),
        ])
      ),
      ("units", Self.table(units) { $0.jsonValue }),
      ("ai", .object([("left", ai.left.jsonValue), ("right", ai.right.jsonValue)])),
    ]
    if let swarm {
      members.append(
        (
          "swarm",
          .object([
            ("count", .integer(swarm.count)), ("density", .float(swarm.density)),
            ("mix", Self.table(swarm.mix, JSONValue.float)),
            ("layout", .string(swarm.layout.rawValue)),
          ])
        ))
    }
    return .object(members)
  }

  /// A unit table as an object keyed by kind, in the table's order.
  static func table<Value>(
    _ table: UnitTable<Value>, _ value: (Value) -> JSONValue
  ) -> JSONValue {
    .object(table.entries.map { ($0.kind.name, value($0.value)) })
  }
}

extension GunStats {
  /// The gun as a scenario file's `gun` object, every field included.
  public var jsonValue: JSONValue {
    .object([
      ("damage", .float(damage)), ("range", .float(range)), ("cooldown", .float(cooldown)),
      ("projectileSpeed", .float(projectileSpeed)),
      ("projectileLifetime", .float(projectileLifetime)), ("splashRadius", .float(splashRadius)),
      ("shotCount", .integer(shotCount)), ("spreadAngle", .float(spreadAngle)),
    ])
  }
}

extension MeleeStats {
  /// The attack as a scenario file's `melee` object.
  public var jsonValue: JSONValue {
    .object([("damage", .float(damage)), ("reach", .float(reach)), ("cooldown", .float(cooldown))])
  }
}

extension UnitStats {
  /// The stats as a scenario file's block for one unit kind, every field included.
  public var jsonValue: JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("cost", .float(cost)), ("health", .float(health)), ("speed", .float(speed)),
      ("radius", .float(radius)), ("regeneration", .float(regeneration)),
    ]
    switch weapon {
    case .melee(let melee): members.append(("melee", melee.jsonValue))
    case .gun(let gun): members.append(("gun", gun.jsonValue))
    }
    return .object(members)
  }
}

extension AIPolicy {
  /// The policy as a scenario file's `left` or `right` object.
  public var jsonValue: JSONValue {
    .object([
      ("weights", Scenario.table(weights, JSONValue.float)),
      ("thinkInterval", .float(thinkInterval)), ("reserve", .float(reserve)),
    ])
  }
}
