import Foundation
import Frames
import HeadlessRenderer
import Imaging
import MonsterWars

/// Options several subcommands share, spelled and checked the same everywhere.
enum SharedOptions {
  static let scenario = OptionSpec(
    name: "scenario", valueName: "name-or-path",
    help: "A scenario in Assets/scenarios by name, or a JSON file by path.",
    defaultValue: "duel")
  static let seed = OptionSpec(
    name: "seed", valueName: "n", help: "Seeds all randomness (0 to 2^64-1).", defaultValue: "1")
  static let size = OptionSpec(
    name: "size", valueName: "WxH", help: "Picture size in pixels (16x16 to 8192x8192).",
    defaultValue: "1280x720")
  static let assets = OptionSpec(
    name: "assets", valueName: "dir",
    help: "The assets folder (default: found from the repository, or SANDBOX_ASSETS).")
}

/// A picture size in pixels.
struct OutputSize: Equatable {
  var width: Int
  var height: Int

  static let standard = OutputSize(width: 1280, height: 720)
  static let limits = 16...8192
}

extension ParsedOptions {
  /// `--scenario`, or `duel`.
  func scenarioName() throws(CommandFailure) -> String {
    let name = string("scenario") ?? "duel"
    guard !name.isEmpty else { throw .usage("Missing value for '--scenario <name-or-path>'") }
    return name
  }

  /// `--size WxH`, checked, or 1280x720.
  func outputSize() throws(CommandFailure) -> OutputSize {
    guard let text = string("size") else { return .standard }
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
      throw .usage("The value '\(text)' is invalid for '--size <WxH>': expected e.g. 1280x720")
    }
    guard OutputSize.limits.contains(width), OutputSize.limits.contains(height) else {
      throw .usage(
        "The value '\(text)' is invalid for '--size <WxH>': each side must be "
          + "\(OutputSize.limits.lowerBound) to \(OutputSize.limits.upperBound)")
    }
    return OutputSize(width: width, height: height)
  }
}

/// The assets folder and what commands load from it.
struct AssetFolder {
  let root: URL

  var scenarios: URL { root.appendingPathComponent("scenarios") }
  var sprites: URL { root.appendingPathComponent("sprites") }

  static func locate(option: String?, invocation: Sandbox.Invocation) throws(CommandFailure)
    -> AssetFolder
  {
    AssetFolder(
      root: try AssetLocator.locate(
        option: option, environment: invocation.environment,
        executablePath: invocation.executablePath,
        workingDirectory: invocation.workingDirectory))
  }

  /// Every sprite a match draws, decoded and checked; all problems are reported at once.
  func loadSprites() throws(CommandFailure) -> SpriteLibrary {
    do {
      return try SpriteLibrary.load(from: sprites, required: Match.spriteIDs)
    } catch {
      let onlyMissing = error.problems.allSatisfy { $0.hasSuffix(": missing") }
      throw CommandFailure(
        message: error.description,
        exitCode: onlyMissing ? ExitCode.noInput : ExitCode.dataError)
    }
  }

  /// The scenario a command names: by name from `scenarios/`, or by path.
  func loadScenario(_ nameOrPath: String, invocation: Sandbox.Invocation) throws(CommandFailure)
    -> Scenario
  {
    try locateScenario(nameOrPath, invocation: invocation).scenario
  }

  /// The scenario a command names, and the file it came from.
  func locateScenario(_ nameOrPath: String, invocation: Sandbox.Invocation)
    throws(CommandFailure) -> (scenario: Scenario, file: URL)
  {
    let looksLikePath = nameOrPath.contains("/") || nameOrPath.hasSuffix(".json")
    let url: URL
    if looksLikePath {
      url = URL(
        fileURLWithPath: nameOrPath,
        relativeTo: URL(fileURLWithPath: invocation.workingDirectory, isDirectory: true))
    } else {
      url = Scenario.resolve(nameOrPath, scenariosDirectory: scenarios)
    }
    do {
      return (try Scenario.load(contentsOf: url), url)
    } catch {
      if case .fileNotFound = error, !looksLikePath {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: scenarios.path)) ?? []
        let known = names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        throw CommandFailure(
          message: "No scenario named '\(nameOrPath)' (\(url.path) does not exist); "
            + "available: \(known.isEmpty ? "none" : known.joined(separator: ", "))",
          exitCode: error.exitCode)
      }
      throw CommandFailure(message: error.description, exitCode: error.exitCode)
    }
  }
}

/// Writes pictures: PNG or BMP by the file's extension, atomically.
enum PictureFile {
  /// Checks that `path` names a file type we can write.
  static func checkExtension(_ path: String, option: String) throws(CommandFailure) {
    let lowered = path.lowercased()
    guard lowered.hasSuffix(".png") || lowered.hasSuffix(".bmp") else {
      throw .usage("The value '\(path)' is invalid for '\(option)': expected a .png or .bmp file")
    }
  }

  /// Encodes and writes `image` to `url`.
  static func write(_ image: Image, to url: URL) throws(CommandFailure) {
    let bytes = url.pathExtension.lowercased() == "bmp" ? BMP.encode(image) : PNG.encode(image)
    do {
      try AtomicFile.write(bytes, to: url)
    } catch {
      throw CommandFailure(
        message: "Cannot write \(url.path): \(error)", exitCode: ExitCode.cannotCreate)
    }
  }
}

/// Writes every k-th frame of a run as `frame_<tick>.png`.
struct FrameRecorder {
  let folder: URL
  let every: Int
  var backend: HeadlessBackend
  private(set) var framesWritten = 0

  init(
    folder: String, every: Int, size: OutputSize, sprites: SpriteLibrary,
    invocation: Sandbox.Invocation
  ) throws(CommandFailure) {
    self.folder = URL(
      fileURLWithPath: folder,
      relativeTo: URL(fileURLWithPath: invocation.workingDirectory, isDirectory: true))
    self.every = every
    backend = HeadlessBackend(width: size.width, height: size.height, sprites: sprites)
    do {
      try FileManager.default.createDirectory(at: self.folder, withIntermediateDirectories: true)
    } catch {
      throw CommandFailure(
        message:
          "--frames: cannot create folder \(self.folder.path): \(error.localizedDescription)",
        exitCode: ExitCode.cannotCreate)
    }
  }

  /// Writes the match's current frame if its tick is a multiple of `every`.
  mutating func record(_ match: Match) throws(CommandFailure) {
    let tick = match.world.tick
    guard tick % UInt64(every) == 0 else { return }
    backend.render(match.makeFrame())
    let digits = String(tick)
    let name = "frame_" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
    try PictureFile.write(backend.image, to: folder.appendingPathComponent(name))
    framesWritten += 1
  }
}
