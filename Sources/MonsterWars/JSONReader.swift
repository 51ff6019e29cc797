import Imaging
import JSON

/// Allowed values for a number field, kept as `Double` so messages show the JSON's value.
struct NumberBounds {
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
struct JSONReader {
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
      throw error(
        "unknown key '\(InputFileError.shown(member.key, limit: 40))' (expected one of: \(list))")
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
    // The simulation keeps 32-bit floats: a number that fits the bounds only as a Double (1e-50
    // is greater than 0, but is 0 as a Float) would silently mean something else. Rounding to
    // the nearest Float at a bound (0.01, 3.14159) is no such change.
    let single = Float(number)
    guard single.isFinite, single != 0 || number == 0 || bounds.contains(0) else {
      throw error(
        "expected a number \(bounds.phrase), found \(formatNumber(number)), which is "
          + "\(single) as the 32-bit float the simulation uses", key: key)
    }
    return single
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

  /// One of an enumeration's names, given as a string.
  func choice<Choice: RawRepresentable & CaseIterable>(
    _ key: String, _ type: Choice.Type, default defaultValue: Choice
  ) throws(ScenarioError) -> Choice where Choice.RawValue == String {
    guard let value = member(key) else { return defaultValue }
    let names = Choice.allCases.map { "'\($0.rawValue)'" }.joined(separator: " or ")
    guard case .string(let text) = value else {
      throw error("expected \(names), found \(value.typeName)", key: key)
    }
    guard let choice = Choice(rawValue: text) else {
      throw error("expected \(names), found '\(InputFileError.shown(text, limit: 40))'", key: key)
    }
    return choice
  }

  /// Whether the object has a member named `key`.
  func has(_ key: String) -> Bool { member(key) != nil }

  /// This object laid over `base`: `base`'s members in their order, each replaced by this
  /// object's member of the same name (two objects merged the same way, member by member),
  /// then this object's other members. Messages still name this object's file and path.
  func laid(over base: JSONValue) -> JSONReader {
    guard case .object(let baseMembers) = base else { return self }
    var merged: [(key: String, value: JSONValue)] = []
    for baseMember in baseMembers {
      guard let own = member(baseMember.key) else {
        merged.append(baseMember)
        continue
      }
      if case .object = own, case .object = baseMember.value,
        let nested = try? JSONReader(own, file: file, path: path)
      {
        merged.append((baseMember.key, .object(nested.laid(over: baseMember.value).members)))
      } else {
        merged.append((baseMember.key, own))
      }
    }
    for own in members where !baseMembers.contains(where: { $0.key == own.key }) {
      merged.append(own)
    }
    return JSONReader(members: merged, file: file, path: path)
  }

  private init(members: [(key: String, value: JSONValue)], file: String, path: String) {
    self.file = file
    self.path = path
    self.members = members
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
    let number: Double
    switch value {
    case .number(let value): number = value
    case .integer(let value): number = Double(value)
    case .unsigned(let value): number = Double(value)
    default: throw error("expected \(noun), found \(value.typeName)", key: key)
    }
    guard number.isFinite else { throw error("expected a finite number", key: key) }
    return number
  }
}

extension JSONValue {
  var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .number, .integer, .unsigned: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }
}

/// Whole numbers print without a fraction so messages read "found -5", not "found -5.0".
func formatNumber(_ value: Double) -> String {
  if value.rounded() == value, abs(value) < 1e15 {
    return String(Int64(value))
  }
  return String(value)
}
