// libFuzzer target: recording files. `scripts/fuzz.sh FuzzRecording SECONDS` builds it with
// -DFUZZING and runs it; an ordinary build compiles the same check behind a stub (see FuzzDriver).
import FuzzDriver
import MonsterWars
import TraitSandbox

/// Reads the input as a recording: every input must give a recording or a `SavedFileError`. A
/// recording must write and read back equal, and replay its first few hundred ticks or stop with
/// a `SavedFileError`.
func check(_ bytes: UnsafeBufferPointer<UInt8>) {
  // The envelope's length and checksum are made right, or most changes would stop at them.
  let input = SavedFileKind.resealed(Array(bytes))
  guard let recording = try? MatchRecording(bytes: input) else { return }
  let written: [UInt8]
  do {
    written = try recording.bytes()
  } catch {
    preconditionFailure("a recording that was read could not be written: \(error)")
  }
  precondition(
    (try? MatchRecording(bytes: written)) == recording,
    "a recording did not survive writing and reading")
  guard (recording.swarmCount ?? recording.scenario.swarm?.count ?? 0) <= 2_000 else { return }
  var session = recording.start()
  var script = ReplayScript(recording)
  for _ in 0..<300 {
    guard (try? script.step(&session)) == true else { return }
  }
}

@main enum FuzzRecording {
  static func main() { runFuzzer(named: "FuzzRecording", check) }
}
