import Frames
import Imaging

/// A backend that draws frames into a window: what the demo draws with, whichever way it draws.
///
/// Not `Sendable`: like every SDL and OpenGL object it must stay on the thread that made it.
public protocol WindowRenderer: AnyObject {
  /// The window drawn into.
  var window: Window { get }
  /// The output's width in pixels; follows window resizes.
  var width: Int { get }
  /// The output's height in pixels; follows window resizes.
  var height: Int { get }
  /// Draws `frame`, each instance moved `alpha` of the way from its entity's instance in the
  /// pairing's earlier frame.
  func render(_ frame: Frame, pairedWith pairing: InstancePairing?, alpha: Float) throws(SDLError)
  /// Shows the last rendered frame.
  func present()
  /// The pixels drawn so far this frame; call before `present()`.
  func screenshot() throws(SDLError) -> Image
}

extension SDLBackend: WindowRenderer {
  /// The window the renderer draws into.
  public var window: Window { renderer.window }
}

extension OpenGLBackend: WindowRenderer {}
