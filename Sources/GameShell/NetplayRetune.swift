/// The host's settings file, watched while a match over the network plays: new settings go to
/// both sides' games as the host's input, for a game that takes them so.
struct NetplayRetune<G: PlayableGame> {
  /// The file.
  var file: GameSettingsFile<G>
  /// The settings the match plays now.
  private(set) var current: GameSettings

  /// Watches `file`, whose settings the match starts with (`current`).
  init(file: GameSettingsFile<G>, current: GameSettings) {
    self.file = file
    self.current = current
  }

  /// Looks at the file: new settings give `game`'s retune input, which the host sends with its
  /// next tick, and the view says what they change; the view says what is wrong with the file,
  /// or that the game takes new settings only by starting again, which a match over the network
  /// does not.
  ///
  /// - Complexity: One `stat` when the file has not changed.
  mutating func check(_ game: G, view: inout GameView) -> G.Input? {
    guard let result = file.poll() else { return nil }
    switch result {
    case .failure(let problem):
      view.say(problem.description)
      return nil
    case .success(let settings):
      guard settings != current else { return nil }
      let old = current
      current = settings
      guard let given = game.retuneInput(from: old, to: settings) else {
        view.say(
          "\(file.path): \(G.name) takes new settings only by starting again, which a match "
            + "over the network does not")
        return nil
      }
      view.say("\(file.path): \(given.said), on both sides")
      return given.input
    }
  }
}
