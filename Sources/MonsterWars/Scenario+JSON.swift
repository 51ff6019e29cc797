extension Scenario {
  /// The scenario as scenario-file JSON: what `parse(_:path:name:roster:)` reads back as an
  /// equal scenario. Saved games and recordings keep their scenario this way, so reading one
  /// back validates it as strictly as a scenario file.
  ///
  /// Numbers are written in their shortest exact form, so every `Float` reads back unchanged.
  public var jsonText: String {
    var members = [
      ("arena", object([("width", number(arena.width)), ("height", number(arena.height))])),
      (
        "match",
        object([
          ("ticksPerSecond", String(match.ticksPerSecond)), ("tickLimit", String(match.tickLimit)),
        ])
      ),
      (
        "economy",
        object([
          ("startingCoins", number(economy.startingCoins)),
          ("coinsPerSecond", number(economy.coinsPerSecond)),
        ])
      ),
      (
        "castle",
        object([
          ("health", number(castle.health)), ("radius", number(castle.radius)),
          ("inset", number(castle.inset)), ("gun", gun(castle.gun)),
        ])
      ),
      ("units", table(units, unit)),
      ("ai", object([("left", policy(ai.left)), ("right", policy(ai.right))])),
    ]
    if let swarm {
      members.append(
        (
          "swarm",
          object([
            ("count", String(swarm.count)), ("density", number(swarm.density)),
            ("mix", table(swarm.mix, number)), ("layout", JSONValue.quoted(swarm.layout.rawValue)),
          ])
        ))
    }
    return object(members) + "\n"
  }

  private func number(_ value: Float) -> String {
    // `description` is the shortest text that reads back as the same Float.
    value.description
  }

  private func object(_ members: [(String, String)]) -> String {
    "{" + members.map { "\(JSONValue.quoted($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
  }

  private func table<Value>(_ table: UnitTable<Value>, _ write: (Value) -> String) -> String {
    object(table.entries.map { ($0.kind.name, write($0.value)) })
  }

  private func gun(_ stats: GunStats) -> String {
    object([
      ("damage", number(stats.damage)), ("range", number(stats.range)),
      ("cooldown", number(stats.cooldown)), ("projectileSpeed", number(stats.projectileSpeed)),
      ("projectileLifetime", number(stats.projectileLifetime)),
      ("splashRadius", number(stats.splashRadius)), ("shotCount", String(stats.shotCount)),
      ("spreadAngle", number(stats.spreadAngle)),
    ])
  }

  private func unit(_ stats: UnitStats) -> String {
    var members = [
      ("cost", number(stats.cost)), ("health", number(stats.health)),
      ("speed", number(stats.speed)), ("radius", number(stats.radius)),
      ("regeneration", number(stats.regeneration)),
    ]
    switch stats.weapon {
    case .melee(let melee):
      members.append(
        (
          "melee",
          object([
            ("damage", number(melee.damage)), ("reach", number(melee.reach)),
            ("cooldown", number(melee.cooldown)),
          ])
        ))
    case .gun(let gun): members.append(("gun", self.gun(gun)))
    }
    return object(members)
  }

  private func policy(_ policy: AIPolicy) -> String {
    object([
      ("weights", table(policy.weights, number)),
      ("thinkInterval", number(policy.thinkInterval)), ("reserve", number(policy.reserve)),
    ])
  }
}
