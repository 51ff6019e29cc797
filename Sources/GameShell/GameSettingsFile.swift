import Foundation
import Gameplay
import Imaging
import JSON
import SDLBackend

/// A game's settings file, which the window reloads when it changes: read by the game
/// (`PlayableGame.settings(reading:over:)`), by default an object of whole numbers by setting
/// name, `{"count": 300}`. A setting the file leaves out keeps the value the command line gave
/// it.
struct GameSettingsFile<G: PlayableGame> {
  /// The largest settings file read: far more than any game's settings need.
  static var maximumSize: Int { 1 << 20 }

  /// The file, as the command line named it.
  let path: String
  /// What the command line set, which the file's values go over.
  let base: GameSettings
  private var watched: WatchedFile<InputFileError>

  /// The file at `url`, named `path` in messages, over the command line's `base`.
  init(_ url: URL, path: String, base: GameSettings) {
    self.path = path
    self.base = base
    watched = WatchedFile(url) { url throws(InputFileError) in
      try InputFile.read(url, limit: Self.maximumSize)
    }
  }

  /// The settings the file holds now.
  ///
  /// - Throws: `CommandFailure` naming the file: exit 66 when it cannot be read, 65 when what it
  ///   holds is not the game's settings.
  func read() throws(CommandFailure) -> GameSettings {
    let bytes: [UInt8]
    do {
      bytes = try InputFile.read(watched.url, limit: Self.maximumSize)
    } catch {
      throw CommandFailure(
        message: "--\(G.settingsFileOption): \(error)", exitCode: ExitCode.noInput)
    }
    switch settings(in: bytes) {
    case .success(let settings): return settings
    case .failure(let problem):
      throw CommandFailure(
        message: "--\(G.settingsFileOption): \(problem)", exitCode: ExitCode.dataError)
    }
  }

  /// The settings the file holds, or what is wrong with it, if it changed since the last
  /// poll.
  mutating func poll() -> Result<GameSettings, SettingsProblem>? {
    switch watched.poll() {
    case nil: nil
    case .failure(let error): .failure(SettingsProblem(error.description))
    case .success(let bytes): settings(in: bytes)
    }
  }

  /// The settings `bytes` give over `base`, as the game reads them, or what is wrong with
  /// them, naming the file.
  func settings(in bytes: [UInt8]) -> Result<GameSettings, SettingsProblem> {
    Result { () throws(SettingsProblem) in
      try G.settings(reading: SettingsDocument(name: path, bytes: bytes), over: base)
    }
  }
}

extension SettingsDocument {
  /// The settings of `G` the document gives over `base`, read as an object of whole numbers by
  /// setting name, each within its setting's range.
  ///
  /// - Throws: `SettingsProblem` naming the document and the line and column or the setting.
  func wholeNumbers<G: PlayableGame>(
    of game: G.Type, over base: GameSettings
  ) throws(SettingsProblem) -> GameSettings {
    func problem(_ text: String) -> SettingsProblem { SettingsProblem("\(name): \(text)") }
    let document: JSONValue
    do {
      document = try JSONValue.parse(Data(bytes))
    } catch {
      throw problem("\(error)")
    }
    guard case .object(let members) = document else {
      throw problem(
        "expected an object of settings, such as {\"\(G.settings.first?.name ?? "count")\": 3}")
    }
    var values = base.values
    for (name, value) in members {
      guard let setting = G.settings.first(where: { $0.name == name }) else {
        let known = G.settings.map { "'\($0.name)'" }.joined(separator: ", ")
        throw problem(
          "'\(name)' is not a setting of \(G.name)" + (known.isEmpty ? "" : " (it has \(known))"))
      }
      guard let number = Self.wholeNumber(value), setting.range.contains(number) else {
        throw problem(
          "'\(name)' must be a whole number from \(setting.range.lowerBound) to "
            + "\(setting.range.upperBound), not \(value.rendered)")
      }
      values[name] = number
    }
    var settings = GameSettings(G.settings, values: values)
    settings.document = base.document
    return settings
  }

  /// `value` as a whole number, if it is one.
  private static func wholeNumber(_ value: JSONValue) -> Int? {
    switch value {
    case .integer(let number): number
    case .unsigned(let number): Int(exactly: number)
    case .number(let number): number.rounded() == number ? Int(exactly: number) : nil
    default: nil
    }
  }
}

/// How a window starts its game again: R, or a change of the settings file it watches, which
/// the game takes mid-game where it can (`PlayableGame.retune(from:to:)`). Every restart plays
/// the seed, threads and people the window started with, and the newest settings.
struct GameRestart<G: PlayableGame> {
  /// The settings file the window watches, if it watches one.
  var file: GameSettingsFile<G>?
  /// The seed every restart plays.
  let seed: UInt64
  /// The threads every restart steps on.
  let threads: Int
  /// The seats people hold in every restart.
  let people: Set<Int>
  /// The settings the next restart plays: the newest the file held.
  private(set) var current: GameSettings

  /// Restarts games of `seed` on `threads` threads whose seats `people` hold, which play
  /// `current` now, reloading `file` if given.
  init(
    file: GameSettingsFile<G>?, seed: UInt64, threads: Int, people: Set<Int>,
    current: GameSettings
  ) {
    self.file = file
    self.seed = seed
    self.threads = threads
    self.people = people
    self.current = current
  }

  /// Starts `play`'s game again from its first tick, with the newest settings; returns
  /// whether it did (a game whose recording cannot start is shown as a problem instead).
  @discardableResult
  func restart(_ play: inout GamePlay<G>) -> Bool {
    var game = G(seed: seed, settings: current)
    game.threadCount = threads
    game.letPeoplePlay(seats: people)
    game.measuresSystemTimes = true
    do {
      play.restart(with: try GameOptions<G>.recorder(of: game))
      return true
    } catch {
      play.settingsProblem = "cannot start again: \(error.message)"
      return false
    }
  }

  /// Takes a frame's events: R starts the game again (gives the game's restart input, if it
  /// takes one); otherwise, a quarter of a second apart (every 15th `frame`), a look at the
  /// file.
  mutating func take(_ events: [InputEvent], frame: Int, _ play: inout GamePlay<G>) {
    if events.contains(.keyDown(.character("r"))) {
      if let input = play.recorder.game.restartInput {
        play.give(SeatInput(seat: 0, input: input))
      } else {
        restart(&play)
      }
    } else if frame % 15 == 0 {
      check(&play)
    }
  }

  /// Looks at the file: when it holds new settings, the game takes them mid-game (as an input, if
  /// it takes them so), or starts again with them, and says so; when it holds something wrong,
  /// `play` shows what until it is fixed.
  ///
  /// - Complexity: One `stat` when the file has not changed.
  mutating func check(_ play: inout GamePlay<G>) {
    guard let result = file?.poll(), let path = file?.path else { return }
    switch result {
    case .failure(let problem):
      play.settingsProblem = problem.description
    case .success(let settings):
      play.settingsProblem = nil
      guard settings != current else { return }
      let old = current
      current = settings
      if let given = play.recorder.game.retuneInput(from: old, to: settings) {
        play.give(SeatInput(seat: 0, input: given.input))
        play.view.say("\(path): \(given.said)")
        return
      }
      var game = play.recorder.game
      if let said = game.retune(from: old, to: settings) {
        if play.goOn(from: game) {
          play.view.say("\(path): \(said)")
        } else {
          play.settingsProblem = "\(path): cannot go on with the game retuned"
        }
        return
      }
      guard restart(&play) else { return }
      let changed = G.settings.filter { settings.value(of: $0.name) != old.value(of: $0.name) }
        .map { "\($0.name) \(settings.value(of: $0.name).map(String.init) ?? "unset")" }
      play.view.say(
        "\(path): restarted with "
          + (changed.isEmpty ? "what it holds now" : changed.joined(separator: ", ")))
    }
  }
}
