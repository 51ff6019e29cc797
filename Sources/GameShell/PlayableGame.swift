import Foundation
import Frames
import Gameplay
import HeadlessRenderer
import JSON
import TraitSandbox

/// A game the shell plays: a `Game` that starts from a seed and its settings, draws itself,
/// and says what a click does. Conforming is all a game needs for a command line of its own
/// (`runCommandLine(_:console:)`): headless runs, sync tests, recordings and replays, sweeps
/// over seeds, a window, and two players over the network.
public protocol PlayableGame: Game, SendableMetatype {
  /// What the game is, in one line: the overview of its command line's help.
  static var overview: String { get }

  /// The executable's name, as usage and help name it: the game's `name`, by default.
  static var programName: String { get }

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

  /// The sprites the game's frames name, found from `invocation` (its environment: a folder
  /// `--assets` named). `sprites()`, by default.
  static func sprites(in invocation: Invocation) throws -> SpriteLibrary

  /// What a command tells the player on standard error once it has loaded the game's
  /// sprites (the types drawn with a placeholder, say), a line each. None by default.
  static func notes(on sprites: SpriteLibrary, in invocation: Invocation) -> [String]

  /// The environment variable that names the folder the game reads its files from (sprites,
  /// settings files by name), which `--assets DIR` sets for a command; `nil`, by default, for
  /// a game with no such folder and no `--assets`.
  static var assetsVariable: String? { get }

  /// What the player at `seat` does by clicking `point` of the world in a window, if
  /// anything. Nothing, by default.
  func input(forClickAt point: Vector2, seat: Int) -> Input?

  /// What the window's inspector shows of `entity`, which a right-click picks: a game on a
  /// `World` gives `world.inspect(entity)`; `nil` for an entity the game no longer has.
  func inspect(_ entity: AnyEntityID) -> EntityInspection?

  /// What a click does, as the window's help says it: "release a hawk there". "your seat's
  /// input there", by default. A click that gives no input inspects what is there.
  static var clickHelp: String { get }

  /// The keys that give an input in a window, each with what it does as the help says it:
  /// lowercase letters and digits other than the window's own `f`, `h` and `t`. None by
  /// default.
  static var keys: [GameKey] { get }

  /// The inputs a file in the game's own format (`--inputs FILE`) gives the player at `seat`,
  /// by the tick they come with (counted from the start); `nil` for a file not in it, which
  /// the shell reads as JSON lines. `nil`, by default.
  ///
  /// - Throws: `SettingsProblem` saying what is wrong, from the line on: `3: "zapp" is no unit
  ///   kind`.
  func inputs(readingOwn bytes: [UInt8], seat: Int) throws(SettingsProblem) -> [Int: [Input]]?

  /// What the player at `seat` does by pressing `key`, one of `keys`, if anything. Nothing,
  /// by default.
  func input(forKey key: Character, seat: Int) -> Input?

  /// How the game stands, a line each, after its state hash and tick in a report: "boids: 180
  /// of 200 alive". None by default.
  var reportLines: [String] { get }

  /// Writes the game's snapshot (`snapshot()`'s bytes) to a file at `url`, atomically, as
  /// `run --save` asks. By default it makes the bytes and writes them; a big game may write
  /// them as it makes them, so that it is never in memory twice.
  ///
  /// - Throws: `AtomicFileError` if the file cannot be written; what `snapshot()` throws.
  func writeSnapshot(to url: URL) throws

  /// How many more ticks the game plays at most before it ends by itself (a tick limit), if it
  /// does: what `run` and `sweep` play when not given `--ticks`. `nil` by default: they need
  /// `--ticks`.
  var ticksLeft: Int? { get }

  /// What a report of a stretch of play compares the game's end with: the game's own figures
  /// where the stretch began, taken by `reportBaseline`. Nothing by default.
  associatedtype ReportBaseline = Void

  /// The game's figures where it stands, which `run` takes before its first tick.
  var reportBaseline: ReportBaseline { get }

  /// What `run` says of the play since `baseline`, a line each, after `reportLines`: what was
  /// spawned and what was killed, say. None by default.
  func reportLines(since baseline: ReportBaseline) -> [String]

  /// What `run --json` says of the play since `baseline`, as members of its report's object,
  /// after `lines`. None by default.
  func reportMembers(since baseline: ReportBaseline) -> [(key: String, value: JSONValue)]

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

  /// What `describe` prints of `settings` last, a line each: where each value of a settings
  /// file came from, say. None by default.
  static func describedSettings(_ settings: GameSettings) -> [String]

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

  /// The game's name.
  public static var programName: String { name }

  /// `sprites()`.
  public static func sprites(in invocation: Invocation) throws -> SpriteLibrary {
    try sprites()
  }

  /// None.
  public static func notes(on sprites: SpriteLibrary, in invocation: Invocation) -> [String] {
    []
  }

  /// `nil`: no assets folder.
  public static var assetsVariable: String? { nil }

  /// "your seat's input there".
  public static var clickHelp: String { "your seat's input there" }

  /// None.
  public static var keys: [GameKey] { [] }

  /// Nothing.
  public func input(forKey key: Character, seat: Int) -> Input? { nil }

  /// `nil`: inputs files are JSON lines.
  public func inputs(
    readingOwn bytes: [UInt8], seat: Int
  ) throws(SettingsProblem) -> [Int: [Input]]? { nil }

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

  /// None.
  public static func describedSettings(_ settings: GameSettings) -> [String] { [] }

  /// None: the game is not one `World`.
  public var steppedWorld: World? { nil }

  /// Off, and stays off: the game has no world to time.
  public var measuresSystemTimes: Bool {
    get { false }
    set {}
  }
}
