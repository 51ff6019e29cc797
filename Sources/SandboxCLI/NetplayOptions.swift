import DesktopDemo
import Foundation
import GameShell
import MonsterWars
import Netplay
import SDLBackend

/// The options `sandbox host` and `sandbox join` share, declared once.
enum NetplayOptions {
  /// The port a host listens on unless told otherwise.
  static let defaultPort = NetplayAddress.defaultPort

  /// `--simulate`: faults to put on every datagram sent.
  static let simulate = NetworkOptions.simulate
  /// `--headless`: no window; with `--inputs`, the orders come from a file.
  static let headless = Flag(
    "headless", help: "Play with no window: the orders come from --inputs (none without it).")
  /// `--inputs`: the orders a headless peer gives.
  static let inputs: Option<String?> = .text(
    "inputs", valueName: "file",
    help: "With --headless, the orders to give: one 'TICK order KIND', 'TICK cancel' or "
      + "'TICK restart' (the host's only) a line, # starting a comment.")
  /// `--record`: where to save the match.
  static let record: Option<String?> = .text(
    "record", valueName: "file",
    help: "When the match ends, save it (both players' inputs by tick) to this recording "
      + "file, which 'sandbox replay' replays to the same stateHash.")
  /// `--png`: a picture of where the match ended.
  static let png: Option<String?> = .text(
    "png", valueName: "file",
    help: "When the match ends, write a picture of where it ended to this file as a PNG, at "
      + "--size."
  ) {
    text throws(OptionValueError) in
    guard text.lowercased().hasSuffix(".png") else { throw .invalid("expected a .png file") }
  }
  /// `--threads`: how many threads step this side's match.
  static let threads: Option<Int?> = .integer(
    "threads", help: "Threads that step the match (1 to 256); the stateHash is the same for any.",
    in: 1...256, defaultDescription: "all cores; in a window, all but the one it draws on")
  /// `--timeout`: how long the other player may be silent.
  static let timeout = NetworkOptions.timeout

  /// The options both commands take, in help order.
  static let shared: [any OptionDeclaration] =
    [
      SharedOptions.scenario, SharedOptions.entities, headless, inputs, record, png, simulate,
      timeout, SharedOptions.size, threads, DemoCommand.renderer, SharedOptions.assets,
    ] + NetworkOptions.desyncOptions
}

/// What `sandbox host` and `sandbox join` read from the shared options.
struct NetplaySetup {
  let scenarioName: String
  let entities: Int?
  let isHeadless: Bool
  let inputsPath: String?
  let recordPath: String?
  /// Where `--png` writes, if anywhere.
  let pngURL: URL?
  /// The threads each side's match steps on (`--threads`).
  let threads: Int
  let faults: NetworkFaults
  let timeout: Int
  let size: OutputSize
  let renderer: RendererChoice
  let assetsOption: String?
  let desync: NetworkOptions.DesyncSettings

  init(options: ParsedOptions, invocation: Sandbox.Invocation) throws(CommandFailure) {
    scenarioName = try options[SharedOptions.scenario]
    entities = try options[SharedOptions.entities]
    isHeadless = options[NetplayOptions.headless]
    inputsPath = try options[NetplayOptions.inputs]
    recordPath = try options[NetplayOptions.record]
    pngURL = try options[NetplayOptions.png].map { invocation.url(of: $0) }
    // In a window, every core but the one it draws on, as the demo steps its match.
    let cores = ProcessInfo.processInfo.activeProcessorCount
    threads = try options[NetplayOptions.threads] ?? (isHeadless ? cores : max(1, cores - 1))
    faults = try options[NetplayOptions.simulate] ?? NetworkFaults()
    timeout = try options[NetplayOptions.timeout]
    size = try options[SharedOptions.size]
    renderer = try RendererOption.choice(options, environment: invocation.environment)
    assetsOption = try options[SharedOptions.assets]
    desync = try NetworkOptions.DesyncSettings(options)
    if inputsPath != nil && !isHeadless {
      throw .usage("--inputs goes with --headless: in a window, the player gives the orders")
    }
  }

  /// Checks that a match in a window has a display to open it on (exit 69 if not), once the
  /// options are known to be right: said before the network opens, rather than once the other
  /// player has come.
  func checkDisplay(environment: [String: String]) throws(CommandFailure) {
    guard !isHeadless, let problem = SDLSession.displayProblem(environment: environment) else {
      return
    }
    throw CommandFailure(
      message: "\(problem); with --headless, the match plays without a window",
      exitCode: ExitCode.unavailable)
  }
}
