import Foundation

/// Why a scenario could not be loaded; `exitCode` follows sysexits.h.
public enum ScenarioError: Error, Equatable, CustomStringConvertible {
  /// No file exists at `path`.
  case fileNotFound(path: String)
  /// The file exists but could not be read.
  case unreadable(path: String, reason: String)
  /// The file is not well-formed JSON.
  case syntax(path: String, line: Int, column: Int, message: String)
  /// The JSON is well-formed but breaks the scenario schema at `jsonPath`.
  case invalid(path: String, jsonPath: String, message: String)

  /// 66 (EX_NOINPUT) when the file cannot be read, 65 (EX_DATAERR) when its content is bad.
  public var exitCode: Int32 {
    switch self {
    case .fileNotFound, .unreadable: 66
    case .syntax, .invalid: 65
    }
  }

  /// A one-line message naming the file, the location and the problem.
  public var description: String {
    switch self {
    case .fileNotFound(let path):
      "\(path): file not found"
    case .unreadable(let path, let reason):
      "\(path): cannot read file: \(reason)"
    case .syntax(let path, let line, let column, let message):
      "\(path):\(line):\(column): \(message)"
    case .invalid(let path, let jsonPath, let message):
      "\(path): \(jsonPath): \(message)"
    }
  }
}

extension Scenario {
  /// Loads and validates a scenario file.
  public static func load(contentsOf url: URL) throws(ScenarioError) -> Scenario {
    // relativePath keeps messages as short as the path the user typed.
    let path = url.relativePath
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      throw .fileNotFound(path: path)
    }
    guard !isDirectory.boolValue else { throw .unreadable(path: path, reason: "is a directory") }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw .unreadable(path: path, reason: error.localizedDescription)
    }
    return try parse(data, path: path, name: url.deletingPathExtension().lastPathComponent)
  }

  /// Parses and validates scenario JSON; `path` is used in messages and `name` becomes `name`.
  public static func parse(
    _ data: Data, path: String, name: String
  ) throws(ScenarioError) -> Scenario {
    let json: JSONValue
    do throws(JSONParseError) {
      json = try JSONValue.parse(data)
    } catch {
      throw .syntax(path: path, line: error.line, column: error.column, message: error.message)
    }
    return try Scenario(name: name, try JSONReader(json, file: path, path: "$"))
  }

  /// Resolves a name ("duel") to `<scenariosDirectory>/duel.json`, or treats the argument as a
  /// path if it contains "/" or ends in ".json".
  public static func resolve(_ nameOrPath: String, scenariosDirectory: URL) -> URL {
    if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") {
      return URL(fileURLWithPath: nameOrPath)
    }
    return scenariosDirectory.appendingPathComponent(nameOrPath + ".json", isDirectory: false)
  }
}

// MARK: - Schema

extension Scenario {
  fileprivate init(name: String, _ r: JSONReader) throws(ScenarioError) {
    try r.allowKeys("arena", "match", "economy", "castle", "units", "ai", "swarm")
    self.name = name
    arena = try ArenaSettings(r.object("arena"))
    match = try MatchSettings(r.object("match"))
    economy = try EconomySettings(r.object("economy"))
    castle = try CastleStats(r.object("castle"))
    units = try UnitCatalog(r.object("units"))
    ai = try AISettings(r.object("ai"))
    swarm = try r.optionalObject("swarm").map(SwarmSettings.init(_:))
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
  /// Reads a unit; `weapon` is the attack its entity type is built with ("melee" or "gun").
  fileprivate init(_ r: JSONReader, weapon: String) throws(ScenarioError) {
    try r.allowKeys("cost", "health", "speed", "radius", "regeneration", "melee", "gun")
    cost = try r.number("cost", .positive(upTo: 1e6))
    health = try r.number("health", .positive(upTo: 1e9))
    speed = try r.number("speed", .closed(0, 1e5))
    radius = try r.number("radius", .positive(upTo: 1e4))
    regeneration = try r.number("regeneration", .closed(0, 1e6), default: 0)
    melee = try r.optionalObject("melee").map(MeleeStats.init(_:))
    gun = try r.optionalObject("gun").map(GunStats.init(_:))
    switch (melee, gun) {
    case (nil, nil): throw r.error("expected exactly one of 'melee' or 'gun', found neither")
    case (.some, .some): throw r.error("expected exactly one of 'melee' or 'gun', found both")
    case (.some, nil) where weapon == "gun", (nil, .some) where weapon == "melee":
      throw r.error("expected '\(weapon)': this unit's monster fights with it")
    default: break
    }
  }
}

extension UnitCatalog {
  fileprivate init(_ r: JSONReader) throws(ScenarioError) {
    try r.allowKeys(UnitKind.allCases.map(\.rawValue))
    quirk = try UnitStats(r.object(UnitKind.quirk.rawValue), weapon: "melee")
    zap = try UnitStats(r.object(UnitKind.zap.rawValue), weapon: "gun")
    munch = try UnitStats(r.object(UnitKind.munch.rawValue), weapon: "melee")
  }
}

extension UnitWeights {
  fileprivate init(_ r: JSONReader) throws(ScenarioError) {
    try r.allowKeys(UnitKind.allCases.map(\.rawValue))
    self.init(quirk: 0, zap: 0, munch: 0)
    for kind in UnitKind.allCases {
      self[kind] = try r.number(kind.rawValue, .closed(0, 1000))
    }
    guard total > 0 else { throw r.error("expected at least one weight above 0, found all 0") }
  }
}

extension AIPolicy {
  fileprivate init(_ r: JSONReader) throws(ScenarioError) {
    try r.allowKeys("weights", "thinkInterval", "reserve")
    weights = try UnitWeights(r.object("weights"))
    thinkInterval = try r.number("thinkInterval", .closed(0.01, 3600))
    reserve = try r.number("reserve", .closed(0, 1e6))
  }
}

extension AISettings {
  fileprivate init(_ r: JSONReader) throws(ScenarioError) {
    try r.allowKeys("left", "right")
    left = try AIPolicy(r.object("left"))
    right = try AIPolicy(r.object("right"))
  }
}

extension SwarmSettings {
  fileprivate init(_ r: JSONReader) throws(ScenarioError) {
    try r.allowKeys("count", "mix")
    count = try r.integer("count", 0...10_000_000)
    mix = try UnitWeights(r.object("mix"))
  }
}

// MARK: - Path-tracking reader

/// Allowed values for a number field, kept as `Double` so messages show the JSON's value.
private struct NumberBounds {
  let lower: Double
  let lowerIsExclusive: Bool
  let upper: Double

  static func closed(_ lower: Double, _ upper: Double) -> NumberBounds {
    NumberBounds(lower: lower, lowerIsExclusive: false, upper: upper)
  }

  static func positive(upTo upper: Double) -> NumberBounds {
    NumberBounds(lower: 0, lowerIsExclusive: true, upper: upper)
  }

  func contains(_ value: Double) -> Bool {
    (lowerIsExclusive ? value > lower : value >= lower) && value <= upper
  }

  var phrase: String {
    lowerIsExclusive
      ? "greater than \(formatNumber(lower)) and at most \(formatNumber(upper))"
      : "from \(formatNumber(lower)) to \(formatNumber(upper))"
  }
}

/// One JSON object plus its location, so every field read can report `file: $.a.b: problem`.
private struct JSONReader {
  let file: String
  let path: String
  let members: [(key: String, value: JSONValue)]

  init(_ value: JSONValue, file: String, path: String) throws(ScenarioError) {
    guard case .object(let members) = value else {
      throw .invalid(
        path: file, jsonPath: path, message: "expected an object, found \(value.typeName)")
    }
    self.file = file
    self.path = path
    self.members = members
  }

  func error(_ message: String, key: String? = nil) -> ScenarioError {
    .invalid(path: file, jsonPath: key.map { "\(path).\($0)" } ?? path, message: message)
  }

  func allowKeys(_ allowed: String...) throws(ScenarioError) {
    try allowKeys(allowed)
  }

  func allowKeys(_ allowed: [String]) throws(ScenarioError) {
    for member in members where !allowed.contains(member.key) {
      let list = allowed.joined(separator: ", ")
      throw error("unknown key '\(member.key)' (expected one of: \(list))")
    }
  }

  func object(_ key: String) throws(ScenarioError) -> JSONReader {
    try JSONReader(required(key), file: file, path: "\(path).\(key)")
  }

  func optionalObject(_ key: String) throws(ScenarioError) -> JSONReader? {
    guard let value = member(key) else { return nil }
    return try JSONReader(value, file: file, path: "\(path).\(key)")
  }

  func number(
    _ key: String, _ bounds: NumberBounds, default defaultValue: Float? = nil
  ) throws(ScenarioError) -> Float {
    guard let value = member(key) else {
      if let defaultValue { return defaultValue }
      throw missing(key)
    }
    let number = try finiteNumber(value, key: key, noun: "a number")
    guard bounds.contains(number) else {
      throw error("expected a number \(bounds.phrase), found \(formatNumber(number))", key: key)
    }
    return Float(number)
  }

  func integer(
    _ key: String, _ range: ClosedRange<Int>, default defaultValue: Int? = nil
  ) throws(ScenarioError) -> Int {
    guard let value = member(key) else {
      if let defaultValue { return defaultValue }
      throw missing(key)
    }
    let number = try finiteNumber(value, key: key, noun: "an integer")
    // Range-check as Double first so Int(number) can never trap on huge values.
    guard number.rounded() == number, Double(range.lowerBound) <= number,
      number <= Double(range.upperBound)
    else {
      let expected = "expected an integer from \(range.lowerBound) to \(range.upperBound)"
      throw error("\(expected), found \(formatNumber(number))", key: key)
    }
    return Int(number)
  }

  private func member(_ key: String) -> JSONValue? {
    members.first { $0.key == key }?.value
  }

  private func required(_ key: String) throws(ScenarioError) -> JSONValue {
    guard let value = member(key) else { throw missing(key) }
    return value
  }

  private func missing(_ key: String) -> ScenarioError {
    error("missing required field '\(key)'")
  }

  private func finiteNumber(
    _ value: JSONValue, key: String, noun: String
  ) throws(ScenarioError) -> Double {
    guard case .number(let number) = value else {
      throw error("expected \(noun), found \(value.typeName)", key: key)
    }
    guard number.isFinite else { throw error("expected a finite number", key: key) }
    return number
  }
}

extension JSONValue {
  fileprivate var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }
}

/// Whole numbers print without a fraction so messages read "found -5", not "found -5.0".
private func formatNumber(_ value: Double) -> String {
  if value.rounded() == value, abs(value) < 1e15 {
    return String(Int64(value))
  }
  return String(value)
}
