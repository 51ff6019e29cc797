/// What a sweep of games adds up to: how many ended each way, each way's share of the games with
/// its 95% Wilson score interval, and how long they ran.
///
/// Games are added in seed order, so the same sweep always sums to the same figures.
package struct SweepTally: Equatable, Sendable {
  /// How many games of the sweep ended one way.
  package struct Outcome: Equatable, Sendable {
    /// How the games ended, in the game's words.
    package let name: String
    /// How many did.
    package fileprivate(set) var games: Int
  }

  /// Games added.
  package var gameCount: Int { lengths.count }
  /// How long the games ran.
  package private(set) var lengths = TickLengths()
  /// Each outcome seen, in the order first seen.
  private var seen: [Outcome] = []
  /// Where each outcome is in `seen`.
  private var positions: [String: Int] = [:]

  /// No games yet.
  package init() {}

  /// Adds a game that ran `ticks` ticks and ended as `outcome` says.
  ///
  /// - Complexity: O(1) on average.
  package mutating func add(outcome: String, ticks: Int) {
    lengths.add(ticks)
    if let position = positions[outcome] {
      seen[position].games += 1
    } else {
      positions[outcome] = seen.count
      seen.append(Outcome(name: outcome, games: 1))
    }
  }

  /// The outcomes, the most frequent first, those as frequent in the order of their names.
  ///
  /// - Complexity: O(k log k) for k outcomes.
  package var outcomes: [Outcome] {
    seen.sorted { ($0.games, $1.name) > ($1.games, $0.name) }
  }

  /// How many games ended as `outcome` says.
  package func games(endingIn outcome: String) -> Int {
    positions[outcome].map { seen[$0].games } ?? 0
  }

  /// The 95% Wilson score interval of the share of games that ended as `outcome` says, if any
  /// game was added.
  package func interval(of outcome: String) -> WilsonScoreInterval? {
    WilsonScoreInterval(successes: games(endingIn: outcome), trials: gameCount)
  }
}
