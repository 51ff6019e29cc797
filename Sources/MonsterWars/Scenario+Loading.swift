import Foundation
import Imaging
import JSON
import TraitSandbox

extension Scenario {
  /// Loads and validates a scenario file for the unit types of `roster`.
  public static func load(
    contentsOf url: URL, roster: Roster = .standard
  ) throws(ScenarioError) -> Scenario {
    try loadFile(contentsOf: url, roster: roster).scenario
  }

  /// Loads and validates a scenario file, and keeps the file's JSON document: what
  /// `values(givenIn:)` tells the file's values from the defaults with.
  public static func loadFile(
    contentsOf url: URL, roster: Roster = .standard
  ) throws(ScenarioError) -> (scenario: Scenario, document: JSONValue) {
    let path = shownPath(of: url)
    let document = try document(Data(contents(of: url)), path: path)
    let scenario = try Scenario(
      name: url.deletingPathExtension().lastPathComponent, roster: roster,
      try JSONReader(document, file: path, path: "$"))
    return (scenario, document)
  }

  /// The bytes of a scenario file: a regular file of at most `maximumFileSize` bytes.
  ///
  /// - Throws: `ScenarioError.fileNotFound`, or `.unreadable` for a folder, a FIFO, a device,
  ///   a file too large, or one the system cannot read.
  public static func contents(of url: URL) throws(ScenarioError) -> [UInt8] {
    do {
      return try InputFile.read(url, limit: maximumFileSize)
    } catch {
      if case .missing = error.problem { throw .fileNotFound(path: shownPath(of: url)) }
      throw .unreadable(path: shownPath(of: url), reason: error.reason)
    }
  }

  /// A path as messages show it: as short as the user typed it (`relativePath`), with its
  /// trailing slash, control characters escaped.
  private static func shownPath(of url: URL) -> String {
    InputFileError.shown(url.relativePath + (url.hasDirectoryPath ? "/" : ""))
  }

  /// The largest scenario file `load(contentsOf:)` reads: 1 MiB, hundreds of times the size of
  /// the shipped ones.
  public static let maximumFileSize = 1 << 20

  /// Parses and validates scenario JSON for the unit types of `roster`; `path` is used in
  /// messages and `name` becomes `name`.
  public static func parse(
    _ data: Data, path: String, name: String, roster: Roster = .standard
  ) throws(ScenarioError) -> Scenario {
    let json = try document(data, path: path)
    return try Scenario(name: name, roster: roster, try JSONReader(json, file: path, path: "$"))
  }

  /// The JSON document in `data`, or a syntax error naming `path`.
  private static func document(_ data: Data, path: String) throws(ScenarioError) -> JSONValue {
    do throws(JSONParseError) {
      return try JSONValue.parse(data)
    } catch {
      throw .syntax(path: path, line: error.line, column: error.column, message: error.message)
    }
  }

  /// Whether `nameOrPath`, as a user gave it, is a path ("maps/big.json", "big.json") rather
  /// than the name of a shipped scenario ("duel"): it contains "/" or ends in ".json".
  public static func isPath(_ nameOrPath: String) -> Bool {
    nameOrPath.contains("/") || nameOrPath.hasSuffix(".json")
  }

  /// Resolves a name ("duel") to `<scenariosDirectory>/duel.json`, or treats the argument as a
  /// path (see `isPath(_:)`).
  public static func resolve(_ nameOrPath: String, scenariosDirectory: URL) -> URL {
    if isPath(nameOrPath) { return URL(fileURLWithPath: nameOrPath) }
    return scenariosDirectory.appendingPathComponent(nameOrPath + ".json", isDirectory: false)
  }
}

// MARK: - Schema

extension Scenario {
  fileprivate init(name: String, roster: Roster, _ r: JSONReader) throws(ScenarioError) {
    try r.allowKeys("arena", "match", "economy", "castle", "units", "ai", "swarm")
    self.name = name
    self.roster = roster
    arena = try ArenaSettings(r.object("arena"))
    match = try MatchSettings(r.object("match"))
    economy = try EconomySettings(r.object("economy"))
    castle = try CastleStats(r.object("castle"))
    units = try UnitTable(units: r.optionalObject("units"), roster: roster)
    ai = try AISettings(r.object("ai"), roster: roster)
    swarm = try r.optionalObject("swarm").map { r throws(ScenarioError) in
      try SwarmSettings(r, roster: roster)
    }
    if let swarm, arenaSize() == nil {
      throw .invalid(
        path: r.file, jsonPath: "$.swarm.count",
        message: "\(swarm.count) monsters at a density of \(swarm.density) per million square "
          + "units need an arena side over \(Int(Self.maximumArenaSide)); at most "
          + "\(maximumSwarmCount ?? 0) fit")
    }
  }
}

extension ArenaSettings {
  fileprivate init(_ r: JSONReader) throws(ScenarioError) {
    try r.allowKeys("width", "height")
    width = try r.number("width", .closed(64, 100_000))
    height = try r.number("height", .closed(64, 100_000))
  }
}

extension MatchSettings {
  fileprivate init(_ r: JSONReader) throws(ScenarioError) {
    try r.allowKeys("ticksPerSecond", "tickLimit")
    ticksPerSecond = try r.integer("ticksPerSecond", 1...1000)
    tickLimit = try r.integer("tickLimit", 1...100_000_000)
  }
}

extension EconomySettings {
  fileprivate init(_ r: JSONReader) throws(ScenarioError) {
    try r.allowKeys("startingCoins", "coinsPerSecond")
    startingCoins = try r.number("startingCoins", .closed(0, 1e6))
    coinsPerSecond = try r.number("coinsPerSecond", .closed(0, 1e6))
  }
}

extension GunStats {
  fileprivate init(_ r: JSONReader) throws(ScenarioError) {
    try r.allowKeys(
      "damage", "range", "cooldown", "projectileSpeed", "projectileLifetime", "splashRadius",
      "shotCount", "spreadAngle")
    damage = try r.number("damage", .closed(0, 1e6))
    range = try r.number("range", .positive(upTo: 1e5))
    cooldown = try r.number("cooldown", .closed(0.01, 3600))
    projectileSpeed = try r.number("projectileSpeed", .positive(upTo: 1e5))
    projectileLifetime = try r.number("projectileLifetime", .positive(upTo: 60))
    splashRadius = try r.number("splashRadius", .closed(0, 1e4), default: 0)
    shotCount = try r.integer("shotCount", 1...32, default: 1)
    spreadAngle = try r.number("spreadAngle", .closed(0, 3.14159), default: 0)
  }
}

extension MeleeStats {
  fileprivate init(_ r: JSONReader) throws(ScenarioError) {
    try r.allowKeys("damage", "reach", "cooldown")
    damage = try r.number("damage", .closed(0, 1e6))
    reach = try r.number("reach", .positive(upTo: 1e4))
    cooldown = try r.number("cooldown", .closed(0.01, 3600))
  }
}

extension CastleStats {
  fileprivate init(_ r: JSONReader) throws(ScenarioError) {
    try r.allowKeys("health", "radius", "inset", "gun")
    health = try r.number("health", .positive(upTo: 1e9))
    radius = try r.number("radius", .positive(upTo: 1e4))
    inset = try r.number("inset", .closed(0, 1e5))
    gun = try GunStats(r.object("gun"))
  }
}

extension UnitStats {
  /// The stats of `type`: its defaults, with what the scenario's block for its kind (if any)
  /// tunes.
  ///
  /// The defaults are read first, as strictly as a file, so a bad default is reported as the
  /// type's; then the block, laid over them, so what it leaves out keeps the type's value.
  fileprivate init(of type: any Monster.Type, tunedBy block: JSONReader?) throws(ScenarioError) {
    let defaults = type.defaultStats.jsonValue
    let own = try JSONReader(defaults, file: "\(type.typeName).defaultStats", path: "$")
    let stats = try UnitStats(own, weaponKind: type.weaponKind)
    guard let block else {
      self = stats
      return
    }
    // A block that names the other weapon is refused as it stands, not merged with this one.
    let ownWeapon = type.weaponKind.rawValue
    let otherWeapon = type.weaponKind == .melee ? "gun" : "melee"
    if block.has(otherWeapon) {
      _ = try block.optionalObject(otherWeapon)
      throw block.error(
        block.has(ownWeapon)
          ? "expected exactly one of 'melee' or 'gun', found both"
          : "expected '\(ownWeapon)': this unit's monster fights with it")
    }
    self = try UnitStats(block.laid(over: defaults), weaponKind: type.weaponKind)
  }

  /// Reads a unit whose entity type fights with `weaponKind`.
  fileprivate init(_ r: JSONReader, weaponKind: Weapon.Kind) throws(ScenarioError) {
    try r.allowKeys("cost", "health", "speed", "radius", "regeneration", "melee", "gun")
    cost = try r.number("cost", .positive(upTo: 1e6))
    health = try r.number("health", .positive(upTo: 1e9))
    speed = try r.number("speed", .closed(0, 1e5))
    radius = try r.number("radius", .positive(upTo: 1e4))
    regeneration = try r.number("regeneration", .closed(0, 1e6), default: 0)
    let melee = try r.optionalObject("melee").map(MeleeStats.init(_:))
    let gun = try r.optionalObject("gun").map(GunStats.init(_:))
    switch (melee, gun) {
    case (nil, nil): throw r.error("expected exactly one of 'melee' or 'gun', found neither")
    case (.some, .some): throw r.error("expected exactly one of 'melee' or 'gun', found both")
    case (.some(let stats), nil) where weaponKind == .melee: weapon = .melee(stats)
    case (nil, .some(let stats)) where weaponKind == .gun: weapon = .gun(stats)
    default:
      throw r.error("expected '\(weaponKind.rawValue)': this unit's monster fights with it")
    }
  }
}

extension UnitTable where Value == UnitStats {
  /// Reads every kind of the roster, in its order: each kind's type's defaults, tuned by the
  /// kind's block where `units` has one.
  fileprivate init(units r: JSONReader?, roster: Roster) throws(ScenarioError) {
    try r?.allowKeys(roster.kinds.map(\.name))
    var entries: [(kind: UnitKind, value: UnitStats)] = []
    for type in roster.unitTypes {
      let block = try r?.optionalObject(type.kind.name)
      entries.append((type.kind, try UnitStats(of: type, tunedBy: block)))
    }
    self.init(entries)
  }
}

extension UnitTable where Value == Float {
  /// Reads weights for the roster's kinds, in its order; a kind left out weighs its type's
  /// `defaultWeight`, and at least one weight must be above 0.
  fileprivate init(weights r: JSONReader, roster: Roster) throws(ScenarioError) {
    try r.allowKeys(roster.kinds.map(\.name))
    var entries: [(kind: UnitKind, value: Float)] = []
    for type in roster.unitTypes {
      let defaultWeight = try Self.checkedDefaultWeight(of: type)
      entries.append(
        (type.kind, try r.number(type.kind.name, .closed(0, 1000), default: defaultWeight)))
    }
    self.init(entries)
    guard total > 0 else { throw r.error("expected at least one weight above 0, found all 0") }
  }

  /// `type`'s default weight, read as strictly as one from a file.
  private static func checkedDefaultWeight(
    of type: any Monster.Type
  ) throws(ScenarioError) -> Float {
    let own = try JSONReader(
      .object([("defaultWeight", .float(type.defaultWeight))]), file: type.typeName, path: "$")
    return try own.number("defaultWeight", .closed(0, 1000))
  }
}

extension AIPolicy {
  fileprivate init(_ r: JSONReader, roster: Roster) throws(ScenarioError) {
    try r.allowKeys("weights", "thinkInterval", "reserve")
    weights = try UnitTable(weights: r.object("weights"), roster: roster)
    thinkInterval = try r.number("thinkInterval", .closed(0.01, 3600))
    reserve = try r.number("reserve", .closed(0, 1e6))
  }
}

extension AISettings {
  fileprivate init(_ r: JSONReader, roster: Roster) throws(ScenarioError) {
    try r.allowKeys("left", "right")
    left = try AIPolicy(r.object("left"), roster: roster)
    right = try AIPolicy(r.object("right"), roster: roster)
  }
}

extension SwarmSettings {
  fileprivate init(_ r: JSONReader, roster: Roster) throws(ScenarioError) {
    try r.allowKeys("count", "density", "mix", "layout")
    count = try r.integer("count", 0...10_000_000)
    density = try r.number("density", .closed(0.01, 1_000_000))
    mix = try UnitTable(weights: r.object("mix"), roster: roster)
    layout = try r.choice("layout", SwarmLayout.self, default: .scatter)
  }
}
