import Foundation
import Frames
import HeadlessRenderer
import Imaging
import MonsterWars
import SDLBackend
import TraitSandbox

/// How to run the demo.
public struct DemoConfiguration: Sendable {
  /// The scenario to play.
  public var scenario: Scenario
  /// The scenario's file, watched for edits that reload unit and castle stats live; `nil`
  /// watches nothing (a replay).
  public var scenarioFile: URL?
  /// Seeds the match.
  public var seed: UInt64
  /// The window's initial width in pixels.
  public var width: Int
  /// The window's initial height in pixels.
  public var height: Int
  /// Quit after this many frames, if set.
  public var frameLimit: Int?
  /// Quit once the match reaches this tick, drawn, if set.
  public var tickLimit: Int?
  /// The threads the match steps on; every core but the one the window draws on, if not set.
  public var threadCount: Int?
  /// Save the last frame here (PNG or BMP by extension), if set.
  public var screenshot: URL?
  /// Let the AI play the left castle too.
  public var isAutoplay: Bool
  /// How many monsters a swarm scenario places, if overridden.
  public var swarmCount: Int?
  /// The sprites to draw with, placeholders included (`SpriteLibrary.load(from:sprites:)`).
  public var sprites: SpriteLibrary
  /// A video driver to force (tests use "dummy"); `nil` uses the display.
  public var videoDriver: String?
  /// A recording to play back instead of letting the player play; it sets the scenario, seed,
  /// autoplay and swarm count.
  public var replay: MatchRecording?
  /// Where to write a recording of the session when it ends, if anywhere.
  public var recordTo: URL?
  /// The program and version a recording names, e.g. `sandbox 0.1.0`.
  public var program = "sandbox"
  /// How to draw: the GPU, the CPU, or whichever suits the display.
  public var renderer = RendererChoice.auto
  /// The camera the window opens with; `nil` shows the whole arena.
  public var camera: Camera?
  /// A match over the network to show and play instead of one against the computer.
  public var netplay: NetplayWindow?
  /// A match over the network to watch, as a spectator, instead.
  public var spectating: SpectatorWindow?
  /// Told once, at start, which renderer the demo took and why.
  public var announce: @Sendable (String) -> Void = { _ in }

  /// Creates a configuration.
  public init(
    scenario: Scenario, scenarioFile: URL?, seed: UInt64, width: Int, height: Int,
    frameLimit: Int?, screenshot: URL?, isAutoplay: Bool, swarmCount: Int? = nil,
    sprites: SpriteLibrary, videoDriver: String? = nil
  ) {
    self.swarmCount = swarmCount
    self.scenario = scenario
    self.scenarioFile = scenarioFile
    self.seed = seed
    self.width = width
    self.height = height
    self.frameLimit = frameLimit
    self.screenshot = screenshot
    self.isAutoplay = isAutoplay
    self.sprites = sprites
    self.videoDriver = videoDriver
  }
}
