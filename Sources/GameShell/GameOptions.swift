import Foundation
import Frames
import Gameplay
import HeadlessRenderer
import Imaging
import JSON
import TraitSandbox

/// The options, inputs and reports a game's commands share, declared once for every game.
enum GameOptions<G: PlayableGame> {
  /// `--seed`.
  static var seed: Option<UInt64> {
    .integer("seed", help: "Seeds the game's start (0 to 2^64-1).", in: .min ... .max, default: 1)
  }
  /// `--ticks` with no default.
  static var ticks: Option<Int?> {
    .integer(
      "ticks", help: "Ticks to step (1 to 100000000).", in: 1...Recording<G>.maximumTickCount)
  }
  /// `--threads`.
  static var threads: Option<Int?> {
    .integer(
      "threads", help: "Threads that step the game (1 to 256); the state hash is the same for any.",
      in: 1...256, defaultDescription: "all cores")
  }

  /// `--threads` of a command that may play in a window.
  static var windowThreads: Option<Int?> {
    .integer(
      "threads", help: "Threads that step the game (1 to 256); the state hash is the same for any.",
      in: 1...256, defaultDescription: "all cores; in a window, all but the one it draws on")
  }

  /// The threads `--threads` asks for; when it is not given, all cores, or in a window all but
  /// the one it draws on (at least one), so that drawing does not wait for a core.
  static func threadCount(
    _ options: ParsedOptions, inWindow: Bool = false
  ) throws(CommandFailure) -> Int {
    try options[threads] ?? (inWindow ? max(allCores - 1, 1) : allCores)
  }

  /// The machine's cores, up to the 256 threads an option allows.
  static var allCores: Int { min(ProcessInfo.processInfo.activeProcessorCount, 256) }

  /// The game's sprites, the built-in font's among them; what the game notes of them goes to
  /// `console`'s standard error.
  ///
  /// - Throws: `CommandFailure` with exit 1 when the game cannot make them.
  static func sprites(
    in invocation: Invocation, console: Console = .standard
  ) throws(CommandFailure) -> SpriteLibrary {
    do {
      let own = try G.sprites(in: invocation)
      for note in G.notes(on: own, in: invocation) { console.printError(note) }
      return try BuiltInFont.sprites(adding: own)
    } catch let failure as CommandFailure {
      throw failure
    } catch {
      throw CommandFailure(message: "cannot make the sprites: \(error)", exitCode: ExitCode.failure)
    }
  }
  /// `--inputs`.
  static var inputs: Option<String?> {
    .text(
      "inputs", valueName: "file",
      help: "Give the inputs of a JSON lines file: {\"tick\": T, \"seat\": S, \"input\": ...} "
        + "a line, the input as the game's Codable form (seat 0 when left out).")
  }
  /// `--png`.
  static var png: Option<String?> {
    .text(
      "png", valueName: "file",
      help: "Write the last frame to this file: a PNG, or a BMP for a name ending in .bmp.",
      check: PictureFile.checkExtension)
  }
  /// `--size`: a picture's size, 1280 pixels wide by the world's shape when not given.
  static var size: Option<OutputSize?> {
    Option(
      "size", valueName: "WxH",
      help: "Picture size in pixels (16x16 to 8192x8192).",
      defaultDescription: "1280 wide, as tall as the world's shape makes it",
      parse: { text throws(OptionValueError) in try OutputSize(parsing: text) })
  }
  /// `--json`: the report as one JSON object.
  static var json: Flag {
    Flag("json", help: "Print the report as one JSON object instead of text.")
  }
  /// `--record`.
  static var record: Option<String?> {
    .text(
      "record", valueName: "file",
      help: "When the run ends, write its recording (its start and every input) to this file.")
  }

  /// `--assets DIR`, for a game with an assets folder (`PlayableGame.assetsVariable`).
  static var assetsOptions: [any OptionDeclaration] {
    G.assetsVariable == nil ? [] : [assets]
  }

  /// `--assets`: the folder the game reads its files from.
  static var assets: Option<String?> {
    .text(
      "assets", valueName: "dir",
      help: "The folder of the game's files: sprites, settings by name (default: found from "
        + "the executable, or \(G.assetsVariable ?? "none")).")
  }

  /// `invocation` with the environment variable of the game's assets folder set to the
  /// folder `--assets` names, if it names one.
  static func invocation(
    _ options: ParsedOptions, _ invocation: Invocation
  ) throws(CommandFailure) -> Invocation {
    guard let variable = G.assetsVariable, options.contains(assets),
      let folder = try options[assets]
    else { return invocation }
    let path = invocation.url(of: folder).path(percentEncoded: false)
    switch FileKind.at(path) {
    case .folder: break
    case .missing:
      throw CommandFailure(
        message: "--assets: \(quoted(folder)) does not exist", exitCode: ExitCode.noInput)
    default:
      throw CommandFailure(
        message: "--assets: \(quoted(folder)) is not a folder", exitCode: ExitCode.noInput)
    }
    var passed = invocation
    passed.environment[variable] = path
    return passed
  }

  /// An option for each of the game's settings.
  static var settingOptions: [Option<Int?>] {
    G.settings.map {
      .integer($0.name, help: $0.help, in: $0.range, defaultDescription: $0.defaultDescription)
    }
  }

  /// `--settings`: the settings from a file, as the game reads it.
  static var settingsFile: Option<String?> {
    .text(G.settingsFileOption, valueName: "file", help: G.settingsFileHelp)
  }

  /// The settings the command line gives, the defaults for the others.
  static func settings(_ options: ParsedOptions) throws(CommandFailure) -> GameSettings {
    var values: [String: Int] = [:]
    for option in settingOptions { values[option.name] = try options[option] }
    return GameSettings(G.settings, values: values)
  }

  /// The settings the command line gives, with those of its `--settings` file over them.
  ///
  /// - Throws: `CommandFailure`: exit 66 for a file that does not read, 65 for one that is not
  ///   the game's settings.
  static func settings(
    _ options: ParsedOptions, invocation: Invocation
  ) throws(CommandFailure) -> GameSettings {
    let given = try settings(options)
    guard let path = try options[settingsFile] ?? G.defaultSettingsFile else { return given }
    return try GameSettingsFile<G>(
      try settingsURL(of: path, invocation: invocation), path: path, base: given
    ).read()
  }

  /// The game's default settings: its own settings file's, if it reads one.
  ///
  /// - Throws: `CommandFailure` when that file does not read (66) or is not the game's (65).
  static func defaultSettings(invocation: Invocation) throws(CommandFailure) -> GameSettings {
    let defaults = GameSettings(G.settings)
    guard let path = G.defaultSettingsFile else { return defaults }
    return try GameSettingsFile<G>(
      try settingsURL(of: path, invocation: invocation), path: path, base: defaults
    ).read()
  }

  /// The file `--settings` names: one the game knows by that name, or the path.
  ///
  /// - Throws: `CommandFailure` (66) for a name the game knows no file by.
  static func settingsURL(
    of path: String, invocation: Invocation
  ) throws(CommandFailure) -> URL {
    do {
      return try G.settingsFile(named: path, in: invocation) ?? invocation.url(of: path)
    } catch {
      throw CommandFailure(
        message: "--\(G.settingsFileOption): \(error)", exitCode: ExitCode.noInput)
    }
  }

  /// The settings as command-line options, in the game's order: `--count 300`.
  static func arguments(for settings: GameSettings) -> String {
    (G.settings.compactMap { setting in
      settings.value(of: setting.name).map { "--\(setting.name) \($0)" }
    }
      + (settings.document.map { ["--\(G.settingsFileOption) " + shellWord($0.name)] } ?? []))
      .joined(separator: " ")
  }

  /// What two sides of a network match compare to know they play the same game: each
  /// setting's name and value, and the settings file's bytes, if any.
  static func fingerprint(of settings: GameSettings) -> UInt64 {
    var hasher = StateHasher()
    for setting in G.settings {
      hasher.combine(setting.name)
      hasher.combine(settings.value(of: setting.name) != nil)
      hasher.combine(settings.value(of: setting.name) ?? 0)
    }
    if let document = settings.document {
      hasher.combine("settings file")
      hasher.combine(document.bytes.count)
      var word: UInt64 = 0
      for (index, byte) in document.bytes.enumerated() {
        word = word << 8 | UInt64(byte)
        if index % 8 == 7 || index == document.bytes.count - 1 {
          hasher.combine(word)
          word = 0
        }
      }
    }
    return hasher.finalize().rawValue
  }

  /// `text` as one word of a shell's command line: as it is when it holds only letters,
  /// digits and `_-./+=:,@`, in single quotes otherwise.
  static func shellWord(_ text: String) -> String {
    let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./+=:,@")
    guard text.isEmpty || !text.allSatisfy(plain.contains) else { return text }
    return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// A game of default settings on `threads` threads, which reads a recording's or a
  /// snapshot's start (`Game.restored(from:)`).
  static func reader(threads: Int, invocation: Invocation) throws(CommandFailure) -> G {
    var game = G(seed: 0, settings: try defaultSettings(invocation: invocation))
    game.threadCount = threads
    return game
  }

  /// A recorder of `game` from where it stands.
  static func recorder(of game: G) throws(CommandFailure) -> Recorder<G> {
    do {
      return try Recorder(game)
    } catch {
      throw CommandFailure(
        message: "cannot snapshot the game: \(error)", exitCode: ExitCode.failure)
    }
  }

  /// The recording in the file at `url`.
  ///
  /// - Throws: exit 66 for a file that cannot be read, 65 for one that is not a recording of
  ///   this game.
  static func recording(at url: URL) throws(CommandFailure) -> Recording<G> {
    let bytes: [UInt8]
    do {
      bytes = try InputFile.read(url, limit: 1 << 30)
    } catch {
      throw CommandFailure(message: "Cannot read recording \(error)", exitCode: ExitCode.noInput)
    }
    do {
      return try G.recording(readingOwn: bytes) ?? Recording<G>(decoding: Data(bytes))
    } catch {
      throw CommandFailure(
        message: "cannot replay \(url.path(percentEncoded: false)): \(error)",
        exitCode: ExitCode.dataError)
    }
  }

  /// Writes `recording` to `url` as JSON, atomically.
  static func write(_ recording: Recording<G>, to url: URL) throws(CommandFailure) {
    let data: Data
    do {
      data = try recording.encoded()
    } catch {
      throw CommandFailure(
        message: "Cannot encode the recording: \(error)", exitCode: ExitCode.failure)
    }
    try LinesFile.write([UInt8](data), to: url)
  }

  /// Prints the game's report as text: its state hash, its tick and its own report lines.
  static func report(_ game: G, console: Console) {
    GameReport(game).print(to: console, json: false)
  }

  /// The seed and each setting, as a report's members: a line each as text, the settings as
  /// one `settings` object in JSON (so that no setting's name meets a report's own).
  static func setUp(
    seed: UInt64, settings: GameSettings
  ) -> [(name: String, text: String?, json: JSONValue?)] {
    [("seed", "\(seed)", .unsigned(seed))]
      + G.settings.compactMap { setting in
        settings.value(of: setting.name).map { (setting.name, "\($0)", nil) }
      }
      + (settings.document.map { [("settingsFile", $0.name, .string($0.name))] } ?? [])
      + [("settings", nil, settingsJSON(settings))]
  }

  /// The settings as one JSON object, in the game's order: `{"count":200}`.
  static func settingsJSON(_ settings: GameSettings) -> JSONValue {
    .object(
      G.settings.compactMap { setting in
        settings.value(of: setting.name).map { (setting.name, .integer($0)) }
      })
  }

  /// Renders the game's frame headless, `size` or 1280 pixels wide by the world's shape, and
  /// writes it at `path`, atomically: a BMP for a `.bmp` path, else a PNG. Returns its size.
  /// Draws with `sprites`, or with the game's, loaded now, when not given.
  @discardableResult
  static func writePicture(
    of game: G, to path: String, size: OutputSize? = nil, zoom: Float = 1,
    center: WorldPoint? = nil, sprites given: SpriteLibrary? = nil, invocation: Invocation,
    console: Console = .standard
  ) throws(CommandFailure) -> OutputSize {
    let sprites: SpriteLibrary
    if let given {
      sprites = given
    } else {
      sprites = try self.sprites(in: invocation, console: console)
    }
    let size = size ?? pictureSize(of: game.makeFrame())
    // The game's HUD, if any, laid out for the picture.
    var frame = game.makeFrame(canvas: .fitting(width: size.width, height: size.height))
    if let camera = CameraOptions.camera(
      zoom: zoom, center: center, arena: (frame.worldWidth, frame.worldHeight))
    {
      frame.camera = camera
    }
    var backend = HeadlessBackend(width: size.width, height: size.height, sprites: sprites)
    backend.render(frame)
    let image = backend.image
    let bytes = path.lowercased().hasSuffix(".bmp") ? BMP.encode(image) : PNG.encode(image)
    try LinesFile.write(bytes, to: invocation.url(of: path))
    return size
  }

  /// A picture 1280 pixels wide, as tall as the world's shape makes it (16 to 4096).
  static func pictureSize(of frame: Frame) -> OutputSize {
    let aspect = frame.worldWidth > 0 ? Double(frame.worldHeight / frame.worldWidth) : 0.5625
    return OutputSize(width: 1280, height: min(max(Int((1280 * aspect).rounded()), 16), 4096))
  }
}
