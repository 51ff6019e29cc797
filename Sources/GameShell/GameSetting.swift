import Foundation

/// A whole-number setting a game starts from, as its command line takes it: `--count <n>`.
public struct GameSetting: Sendable, Hashable {
  /// The option's name without dashes: `count`.
  public var name: String
  /// One line of help.
  public var help: String
  /// The values allowed.
  public var range: ClosedRange<Int>
  /// The value when the option is not given; `nil` for a setting the game decides itself
  /// when it is not given (`GameSettings.value(of:)` is `nil` then).
  public var defaultValue: Int?
  /// What the help says the setting is when not given: its default value, or what the game
  /// does without one ("the scenario's own").
  public var defaultDescription: String

  /// Declares a setting that is `defaultValue` when not given.
  public init(_ name: String, help: String, range: ClosedRange<Int>, default defaultValue: Int) {
    precondition(range.contains(defaultValue), "a setting's default is one of its values")
    self.name = name
    self.help = help
    self.range = range
    self.defaultValue = defaultValue
    defaultDescription = "\(defaultValue)"
  }

  /// Declares a setting the game decides itself when it is not given, as `unset` says it.
  public init(_ name: String, help: String, range: ClosedRange<Int>, unset: String) {
    self.name = name
    self.help = help
    self.range = range
    defaultValue = nil
    defaultDescription = unset
  }
}

/// A value for each of a game's settings, and the settings file they were read with, for a
/// game that reads its own.
public struct GameSettings: Sendable, Hashable {
  /// The values by setting name.
  public private(set) var values: [String: Int]
  /// The settings file the game reads itself, if any (see
  /// `PlayableGame.settings(reading:over:)`): both sides of a network match must have the
  /// same.
  public var document: SettingsDocument?

  /// The defaults of `settings`, with `values` over them; a setting without a default is
  /// unset unless `values` gives it.
  public init(_ settings: [GameSetting], values: [String: Int] = [:]) {
    var all: [String: Int] = [:]
    for setting in settings { all[setting.name] = values[setting.name] ?? setting.defaultValue }
    self.values = all
  }

  /// The value of the setting named `name`.
  ///
  /// - Precondition: The game declares it with a default, or it is set.
  public subscript(name: String) -> Int {
    guard let value = values[name] else {
      preconditionFailure(
        "no value for the setting \(name): read one without a default with value(of:)")
    }
    return value
  }

  /// The value of the setting named `name`, or `nil` when it is unset (one the game decides
  /// itself when it is not given).
  public func value(of name: String) -> Int? {
    values[name]
  }
}

/// A settings file as the game reads it: its name as the command line gave it, its bytes, and
/// what the game read them as. Two documents are equal when their names and bytes are.
public struct SettingsDocument: Sendable, Hashable {
  /// The file's path as given, for messages.
  public var name: String
  /// What the file holds.
  public var bytes: [UInt8]
  /// What the game read the bytes as (a scenario), for its `init(seed:settings:)` to take
  /// without reading them again; `nil` for a game that keeps nothing of its own.
  public var contents: (any Sendable)?

  /// The file `name` holding `bytes`, read as `contents`.
  public init(name: String, bytes: [UInt8], contents: (any Sendable)? = nil) {
    self.name = name
    self.bytes = bytes
    self.contents = contents
  }

  /// Whether both have the same name and bytes.
  public static func == (left: Self, right: Self) -> Bool {
    left.name == right.name && left.bytes == right.bytes
  }

  /// Hashes the name and the bytes.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(bytes)
  }
}

/// What is wrong with a game's settings or their file, naming it: a command exits 65 with it,
/// and a window shows it until the file is fixed.
public struct SettingsProblem: Error, Sendable, CustomStringConvertible {
  /// The message, naming the file and the line, field or setting.
  public var description: String

  /// A problem described by `description`.
  public init(_ description: String) {
    self.description = description
  }
}
