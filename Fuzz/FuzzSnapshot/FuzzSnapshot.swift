// libFuzzer target: snapshot files. `scripts/fuzz.sh FuzzSnapshot SECONDS` builds it with
// -DFUZZING and runs it; an ordinary build compiles the same check behind a stub (see FuzzDriver).
import FuzzDriver
import MonsterWars
import TraitSandbox

/// Reads the input as a snapshot: every input must give a match or a `SavedFileError`. A match
/// must save and read back to the same state, and step a few ticks.
func check(_ bytes: UnsafeBufferPointer<UInt8>) {
  // The envelope's length and checksum are made right, or most changes would stop at them.
  let input = SavedFileKind.resealed(Array(bytes))
  guard var match = try? MatchSnapshot.match(from: input) else { return }
  let saved: [UInt8]
  do {
    saved = try MatchSnapshot.bytes(of: match)
  } catch {
    preconditionFailure("a snapshot that was read could not be saved: \(error)")
  }
  let again = try? MatchSnapshot.match(from: saved)
  precondition(
    again?.world.stateHash() == match.world.stateHash(),
    "a snapshot did not survive saving and reading")
  guard match.world.entityCount <= 5_000 else { return }
  for _ in 0..<3 { match.step() }
}

@main enum FuzzSnapshot {
  static func main() { runFuzzer(named: "FuzzSnapshot", check) }
}
