import Frames
import Gameplay
import SDLBackend
import Testing
import TraitSandbox

@testable import GameShell

@Suite("GameShell: the window while a step runs longer than a frame")
struct WindowStepsTests {
  @Test("the view takes the camera's, the help's and the clock's keys and the wheel by itself")
  func viewEvents() {
    let own: [InputEvent] = [
      .wheel(steps: 1, x: 10, y: 10), .keyDown(.left), .keyDown(.home), .keyDown(.f1),
      .keyDown(.space), .keyDown(.character("]")), .keyDown(.character("h")),
      .keyDown(.character("+")), .keyDown(.character(".")), .keyDown(.character("f")),
    ]
    #expect(own.allSatisfy(GameWindow<Drift>.isViewEvent))
    // The game's keys, clicks, R and the timeline wait for the game.
    let game: [InputEvent] = [
      .keyDown(.character("u")), .keyDown(.character("r")), .keyDown(.character("t")),
      .mouseDown(x: 5, y: 5), .rightMouseDown(x: 5, y: 5), .keyDown(.enter),
    ]
    #expect(!game.contains(where: GameWindow<Drift>.isViewEvent))
  }

  @Test("what the player did to the view meanwhile, and the frames drawn, go back to the play")
  func takeBack() throws {
    var play = GamePlay(
      try Recorder(Drift(seed: 1, settings: GameSettings(Drift.settings))), tickLimit: nil,
      replaying: nil)
    var state = GameWindow<Drift>.LoopState(now: 10)
    var view = play.view
    _ = view.handle(.keyDown(.character("]")), worldWidth: 640, worldHeight: 360, focus: nil)
    _ = view.handle(.keyDown(.f1), worldWidth: 640, worldHeight: 360, focus: nil)
    let composition = play.composition(alpha: 1)
    state.during = (
      view, composition,
      [
        .init(seconds: 0.05, drawn: (draw: 0.03, present: 0.002)),
        .init(seconds: 0.05, drawn: (draw: 0.03, present: 0.002)),
      ]
    )
    state.takeBack((ticks: 1, seconds: 0.1), into: &play, at: 10.1)
    #expect(play.view.camera?.zoom == 2 && play.view.showsFigures)
    #expect(state.during == nil && state.lastFrame == 10.1)
    // The two frames drawn again, then the one after the step 0.1 s on: the first of all has
    // no frame before it, so 2 gaps of 0.05 and 0.1 s, 13.3 frames a second.
    #expect(play.figures.summary.first == "frame rate: 13.3 frames a second")
    #expect(play.figures.summary.last?.hasSuffix(" ms (2 between frames)") == true)
  }
}
