import Foundation
import Imaging
import JSON

extension PlayableGame {
  /// Makes the snapshot's bytes, then writes them.
  public func writeSnapshot(to url: URL) throws {
    try AtomicFile.write(try snapshot(), to: url)
  }

  /// None: `run` and `sweep` need `--ticks`.
  public var ticksLeft: Int? { nil }

  /// None.
  public func reportLines(since baseline: ReportBaseline) -> [String] { [] }

  /// None.
  public func reportMembers(since baseline: ReportBaseline) -> [(key: String, value: JSONValue)] {
    []
  }
}

extension PlayableGame where ReportBaseline == Void {
  /// Nothing.
  public var reportBaseline: Void { () }
}
