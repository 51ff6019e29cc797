import JSON

extension PlayableGame {
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
