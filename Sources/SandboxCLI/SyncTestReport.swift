import Foundation
import Frames
import GameShell
import Gameplay
import JSON

extension SyncTest {
  /// The sync test in `sandbox run --json`'s report: rollbacks, snapshot size and the median
  /// timings, in milliseconds.
  var jsonValue: JSONValue {
    .object([
      ("rollback", .integer(rollback)),
      ("rollbacks", .integer(rollbacks)),
      ("snapshotBytes", .integer(snapshotBytes)),
      ("medianSnapshotMilliseconds", .measured(snapshotSeconds.median * 1000)),
      ("medianRollbackMilliseconds", .measured(rollbackSeconds.median * 1000)),
      ("medianMemoryRollbackMilliseconds", .measured(memoryRollbackSeconds.median * 1000)),
      ("medianKeptTickMilliseconds", .measured(keptTickSeconds.median * 1000)),
      ("medianPlainTickMilliseconds", .measured(plainTickSeconds.median * 1000)),
    ])
  }

  /// The sync test's two lines in `sandbox run`'s text report.
  var reportText: String {
    "Sync test:  rolled back \(rollback) ticks and stepped again "
      + "\(NumberText.grouped(rollbacks)) times, always to the straight run's state "
      + "(snapshots of \(NumberText.grouped(snapshotBytes)) bytes; medians: "
      + String(
        format: "a snapshot %.2f ms, restoring it and stepping %d ticks %.2f ms)\n",
        snapshotSeconds.median * 1000, rollback, rollbackSeconds.median * 1000)
      + String(
        format:
          "            from memory, as netplay rolls back: %d ticks again %.2f ms; a tick "
          + "%.3f ms while the state before it is kept, %.3f ms when not\n",
        rollback, memoryRollbackSeconds.median * 1000, keptTickSeconds.median * 1000,
        plainTickSeconds.median * 1000)
  }
}
