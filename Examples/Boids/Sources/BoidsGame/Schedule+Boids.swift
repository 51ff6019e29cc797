import TraitSandbox

extension Schedule {
  /// The built-in phases with one more: `flock`, right after `think`, so boids choose their
  /// velocity before hawks strike (`act`) and everything moves (`move`).
  public static let boids = Schedule.standard.inserting(.init("flock", [.flocking]), after: "think")
}
