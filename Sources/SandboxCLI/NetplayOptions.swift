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
  /// `--headless`: no window; with `--script`, the orders come from a file.
  static let headless = Flag(
    "headless", help: "Play with no window: the orders come from --script (none without it).")
  /// `--script`: the orders a headless peer gives.
  static let script: Option<String?> = .text(
    "script", valueName: "file",
    help: "With --headless, the orders to give: one 'TICK order KIND', 'TICK cancel' or "
      + "'TICK restart' (the host's only) a line, # starting a comment.")
  /// `--record`: where to save the match.
  static let record: Option<String?> = .text(
    "record", valueName: "file",
    help: "When the match ends, save it (both players' inputs by tick) to this recording "
      + "file, which 'sandbox replay' replays to the same stateHash.")
  /// `--timeout`: how long the other player may be silent.
  static let timeout = NetworkOptions.timeout

  /// The options both commands take, in help order.
  static let shared: [any OptionDeclaration] =
    [
      SharedOptions.scenario, SharedOptions.entities, headless, script, record, simulate, timeout,
      SharedOptions.size, DemoCommand.renderer, SharedOptions.assets,
    ] + NetworkOptions.desyncOptions
}

/// What `sandbox host` and `sandbox join` read from the shared options.
struct NetplaySetup {
  let scenarioName: String
  let entities: Int?
  let isHeadless: Bool
  let scriptPath: String?
  let recordPath: String?
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
    scriptPath = try options[NetplayOptions.script]
    recordPath = try options[NetplayOptions.record]
    faults = try options[NetplayOptions.simulate] ?? NetworkFaults()
    timeout = try options[NetplayOptions.timeout]
    size = try options[SharedOptions.size]
    renderer = try RendererOption.choice(options, environment: invocation.environment)
    assetsOption = try options[SharedOptions.assets]
    desync = try NetworkOptions.DesyncSettings(options)
    if scriptPath != nil && !isHeadless {
      throw .usage("--script goes with --headless: in a window, the player gives the orders")
    }
  }
}
