import Frames

/// HUD view model: the end-of-match banner.
public struct OutcomeLabel: HUDLabel, Equatable, Sendable {
  /// How the match ended.
  public var outcome: MatchOutcome

  /// Creates the label.
  public init(outcome: MatchOutcome) {
    self.outcome = outcome
  }

  /// "LEFT CASTLE WINS" or "DRAW".
  public var text: String {
    switch outcome {
    case .victory(.left): "LEFT CASTLE WINS"
    case .victory(.right): "RIGHT CASTLE WINS"
    case .draw: "DRAW"
    }
  }

  /// Banner-sized.
  public var fontSize: Float { 40 }

  /// The winner's colour; white for a draw.
  public var textColor: Color { outcome.winner?.color ?? .white }
}
