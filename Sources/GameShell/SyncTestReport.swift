import Foundation
import Frames
import Gameplay
import JSON

extension SyncTest {
  /// The sync test in `run --json`'s report: rollbacks, snapshot size and the median timings,
  /// in milliseconds.
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

  /// The sync test in `run`'s text report: what it checked, and what its snapshots and
  /// rollbacks cost (medians).
  var reportText: String {
    "rolled back \(rollback) ticks and stepped again \(NumberText.grouped(rollbacks)) times, "
      + "always to the straight run's state (snapshots of \(NumberText.grouped(snapshotBytes)) "
      + String(
        format: "bytes; medians: a snapshot %.2f ms, restoring it and stepping %d ticks %.2f ms; "
          + "from memory, as netplay rolls back, %.2f ms; a tick %.3f ms while the state before "
          + "it is kept, %.3f ms when not)",
        snapshotSeconds.median * 1000, rollback, rollbackSeconds.median * 1000,
        memoryRollbackSeconds.median * 1000, keptTickSeconds.median * 1000,
        plainTickSeconds.median * 1000)
  }
}
