extension World {
  /// What each system took in the last tick, in the order they ran, then the parts of the
  /// tick's end (despawns, spawns, the spatial sort), in seconds: what F1 shows. Empty unless
  /// `measuresSystemTimes` was on.
  package var lastTickTimes: [(name: String, seconds: Double)] {
    guard !lastSystemTimes.isEmpty else { return [] }
    let end = lastTickEndTimes
    return zip(systems, lastSystemTimes).map { ($0.name, $1) } + [
      ("despawns", end.despawns), ("spawns", end.spawns), ("spatialSort", end.spatialSort),
    ]
  }
}
