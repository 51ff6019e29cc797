import Foundation
import Frames
import Gameplay
import HeadlessRenderer
import TraitSandbox

/// A game the shell plays: a `Game` that starts from a seed and its settings, draws itself,
/// and says what a click does. Conforming is all a game needs for a command line of its own
/// (`runCommandLine(_:console:)`): headless runs, sync tests, recordings and replays, sweeps
/// over seeds, a window, and two players over the network.
public protocol PlayableGame: Game, SendableMetatype {
  /// What the game is, in one line: the overview of its command line's help.
  static var overview: String { get }

  /// The whole-number settings the game starts from besides its seed, each an option of the
  /// command line (`--count 300`), named unlike the shell's own options (`seed`, `ticks`,
  /// ...). None by default.
  static var settings: [GameSetting] { get }

  /// The game as it starts from `seed` and a value for each of `settings`, and from their
  /// document if they have one.
  ///
  /// - Precondition: A document is one `settings(reading:over:)` read.
  init(seed: UInt64, settings: GameSettings)

  /// The settings a settings file (`--settings FILE`) gives over `base`, the command line's,
  /// or what is wrong with the file, naming it and the line, field or setting.
  ///
  /// By default the file is a JSON object of whole numbers by setting name, `{"count": 300}`,
  /// each within its setting's range; a setting it leaves out keeps its value in `base`. A game
  /// with a document of its own (a scenario) reads and checks it here, and returns `base` with
  /// `document` set and what it read as the document's `contents`, which its
  /// `init(seed:settings:)` takes.
  static func settings(
    reading document: SettingsDocument, over base: GameSettings
  ) throws(SettingsProblem) -> GameSettings

  /// The settings file a game reads when `--settings` is not given, a name (`duel`) or a path;
  /// `nil`, by default, for none: the command line's whole numbers alone.
  static var defaultSettingsFile: String? { get }

  /// The file a settings name stands for, found from `invocation` (its environment, its
  /// executable's folder): a scenario the game ships, `duel` for `.../scenarios/duel.json`.
  /// `nil` for a name that is a path, and by default for every name.
  ///
  /// - Throws: `SettingsProblem` for a name the game knows no file by, naming those it has.
  static func settingsFile(
    named name: String, in invocation: Invocation
  ) throws(SettingsProblem) -> URL?

  /// The name of the option that names the settings file, without dashes: `settings` by
  /// default, `scenario` for a game whose settings file is its scenario. Unlike the shell's
  /// own options and the game's settings.
  static var settingsFileOption: String { get }

  /// What `--settings FILE` reads, as its help says it. By default, "Read the settings from
  /// this JSON file ({"name": 3}), over the command line's."
  static var settingsFileHelp: String { get }

  /// Hands `seats` to people before the first tick: a window's player, both sides of a
  /// network match, the seats a run's inputs file gives inputs for. A game with players of its
  /// own (a computer opponent) plays the other seats itself; by default nothing changes, and
  /// every seat's inputs count.
  mutating func letPeoplePlay(seats: Set<Int>)

  /// Takes `new` settings, read again from the settings file while the game plays, where it
  /// can without starting again (new stats for the units on the field, say), and returns what
  /// changed when, for the window to say: "units now; arena on restart (R)". `nil` when it
  /// takes none of them mid-game, and the window starts the game again with them: the
  /// default. The next restart (R) plays `new` in either case.
  mutating func retune(from old: GameSettings, to new: GameSettings) -> String?

  /// The first seat's input that starts the game again from its first tick, for a game that
  /// takes a restart as an input: R gives it, so that the recording replays the restart and,
  /// over the network, the host's R restarts both sides' games. `nil` by default: the window
  /// starts the game again itself, and not over the network.
  var restartInput: Input? { get }

  /// The first seat's input that hands the game `new` settings as it plays, and what it
  /// changes when, for a game that takes them as an input: the window gives it, so that the
  /// recording replays it. `nil` by default: the window retunes the game itself
  /// (`retune(from:to:)`).
  func retuneInput(from old: GameSettings, to new: GameSettings) -> (input: Input, said: String)?

  /// The recording `bytes` hold in a format of the game's own (one a program of its own
  /// wrote), as every game's recording; `nil` when they are not one, and they read as every
  /// game's JSON recording. `nil` by default.
  ///
  /// - Throws: What is wrong with a recording of the game's own format.
  static func recording(readingOwn bytes: [UInt8]) throws -> Recording<Self>?

  /// A picture of the game as it stands: what `--png` writes.
  func makeFrame() -> Frame

  /// A picture of the game as it stands with its HUD laid out on `canvas`, the window's or a
  /// picture's: what the window draws. `makeFrame()`, by default.
  func makeFrame(canvas: OverlayCanvas) -> Frame

  /// The sprites the game's frames name.
  static func sprites() throws -> SpriteLibrary

  /// What the player at `seat` does by clicking `point` of the world in a window, if
  /// anything. Nothing, by default.
  func input(forClickAt point: Vector2, seat: Int) -> Input?

  /// What the window's inspector shows of `entity`, which a right-click picks: a game on a
  /// `World` gives `world.inspect(entity)`; `nil` for an entity the game no longer has.
  func inspect(_ entity: AnyEntityID) -> EntityInspection?

  /// What a click does, as the window's help says it: "release a hawk there". "your seat's
  /// input there", by default.
  static var clickHelp: String { get }

  /// The keys that give an input in a window, each with what it does as the help says it:
  /// lowercase letters and digits other than the window's own `f`, `h` and `t`. None by
  /// default.
  static var keys: [GameKey] { get }

  /// What the player at `seat` does by pressing `key`, one of `keys`, if anything. Nothing,
  /// by default.
  func input(forKey key: Character, seat: Int) -> Input?

  /// How the game stands, a line each, after its state hash and tick in a report: "boids: 180
  /// of 200 alive". None by default.
  var reportLines: [String] { get }

  /// How the game came out, for a sweep's tally ("left won", "all caught"); `nil` for one
  /// still going, which a sweep counts by the ticks it ran. `nil` by default.
  var outcome: String? { get }

  /// What the window's player holding `seat` (`nil` for one who watches) sees of their own, a
  /// line each, under the window's status line: the side they play, what they ordered and
  /// what the next order waits for. None by default.
  func playerLines(seat: Int?) -> [String]

  /// The parts of the world the window's panels stay off for the player holding `seat`
  /// (`nil` for one who watches), wherever the camera puts them: their castle and its gate,
  /// say. None by default.
  func keptInSight(seat: Int?) -> [WorldArea]

  /// What `describe` prints of the game past its seats and settings, a line each: a game on a
  /// `World` gives `world.describedLines()`, its schedule and entity types. None by default.
  var descriptionLines: [String] { get }

  /// The `World` the game steps, if it is one: `run --profile` reports each of its systems'
  /// times, how its ticks used their threads and its entities' sizes. A game on a `World` gives
  /// `world`; `nil` by default, and `run --profile` says the game has no world to profile.
  var steppedWorld: World? { get }

  /// Whether the game's world times its systems each tick (`World.measuresSystemTimes`), which
  /// `run --profile` turns on. A game on a `World` forwards it to its world's; by default it
  /// stays off.
  var measuresSystemTimes: Bool { get set }
}

extension PlayableGame {
  /// None.
  public static var settings: [GameSetting] { [] }

  /// The file's whole numbers over `base`'s.
  public static func settings(
    reading document: SettingsDocument, over base: GameSettings
  ) throws(SettingsProblem) -> GameSettings {
    try document.wholeNumbers(of: Self.self, over: base)
  }

  /// None.
  public static var defaultSettingsFile: String? { nil }

  /// None: every name is a path.
  public static func settingsFile(
    named name: String, in invocation: Invocation
  ) throws(SettingsProblem) -> URL? {
    nil
  }

  /// `settings`.
  public static var settingsFileOption: String { "settings" }

  /// A JSON file of the settings.
  public static var settingsFileHelp: String {
    "Read the settings from this JSON file ({\"name\": 3}), over the command line's."
  }

  /// `makeFrame()`: the game's HUD, if any, laid out for the standard canvas.
  public func makeFrame(canvas: OverlayCanvas) -> Frame {
    makeFrame()
  }

  /// Nothing: every seat's inputs count.
  public mutating func letPeoplePlay(seats: Set<Int>) {}

  /// `nil`: the window starts the game again with the new settings.
  public mutating func retune(from old: GameSettings, to new: GameSettings) -> String? { nil }

  /// `nil`: a recording is every game's JSON.
  public static func recording(readingOwn bytes: [UInt8]) throws -> Recording<Self>? { nil }

  /// `nil`: the window restarts the game itself.
  public var restartInput: Input? { nil }

  /// `nil`: the window retunes the game itself.
  public func retuneInput(
    from old: GameSettings, to new: GameSettings
  ) -> (input: Input, said: String)? { nil }

  /// Nothing.
  public func input(forClickAt point: Vector2, seat: Int) -> Input? { nil }

  /// "your seat's input there".
  public static var clickHelp: String { "your seat's input there" }

  /// None.
  public static var keys: [GameKey] { [] }

  /// Nothing.
  public func input(forKey key: Character, seat: Int) -> Input? { nil }

  /// None.
  public var reportLines: [String] { [] }

  /// None.
  public var outcome: String? { nil }

  /// None.
  public func playerLines(seat: Int?) -> [String] { [] }

  /// None.
  public func keptInSight(seat: Int?) -> [WorldArea] { [] }

  /// None.
  public var descriptionLines: [String] { [] }

  /// None: the game is not one `World`.
  public var steppedWorld: World? { nil }

  /// Off, and stays off: the game has no world to time.
  public var measuresSystemTimes: Bool {
    get { false }
    set {}
  }
}

/// A key that gives a game's input in a window, and what it does: `GameKey("b", "buy a bee")`.
public struct GameKey: Sendable, Hashable {
  /// The key: a lowercase letter or a digit.
  public var key: Character
  /// What it does, as the window's help says it.
  public var help: String

  /// Declares a key.
  public init(_ key: Character, _ help: String) {
    self.key = key
    self.help = help
  }

  /// The window's own keys, which a game's cannot be: following, help, restarting and the
  /// timeline.
  static let reserved: Set<Character> = ["f", "h", "r", "t"]

  /// Whether `key` can be a game's: a lowercase ASCII letter or a digit, not one of `reserved`.
  static func isAllowed(_ key: Character) -> Bool {
    guard key.isASCII, key.isLowercase || key.isNumber else { return false }
    return !reserved.contains(key)
  }
}

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

/// A rectangle of a game's world, in world units: its left, top, width and height.
public struct WorldArea: Sendable, Equatable {
  /// Its left edge.
  public var x: Float
  /// Its top edge.
  public var y: Float
  /// Its width.
  public var width: Float
  /// Its height.
  public var height: Float

  /// The area from (`x`, `y`), `width` by `height`.
  public init(x: Float, y: Float, width: Float, height: Float) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}
