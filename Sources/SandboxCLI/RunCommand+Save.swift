import GameShell
import MonsterWars
import TraitSandbox

extension RunCommand {
  /// Saves the match where `--save` asks, and times the save and its state hash into
  /// `profile` when there is one.
  func save(_ match: Match, timedIn profile: inout RunProfile?, clock: MonotonicClock)
    throws(CommandFailure)
  {
    if let savePath {
      let saveStart = clock.now()
      try SavedFileIO.save(match, to: savePath, invocation: invocation)
      profile?.saveSeconds = clock.now() - saveStart
    }
    if profile != nil {
      let hashStart = clock.now()
      _ = match.world.stateHash()
      profile?.hashSeconds = clock.now() - hashStart
    }
  }
}
