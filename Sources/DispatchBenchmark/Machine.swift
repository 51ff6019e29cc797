import Foundation

/// The machine a benchmark ran on, as reports state it.
public struct Machine: Sendable, Decodable, Equatable {
  /// The processor's model name, e.g. `AMD EPYC`.
  public var processor: String
  /// The processors the system reports as active.
  public var processorCount: Int
  /// The operating system and architecture, e.g. `Linux x86_64`.
  public var system: String

  /// Describes a machine.
  public init(processor: String, processorCount: Int, system: String) {
    self.processor = processor
    self.processorCount = processorCount
    self.system = system
  }

  /// The machine this process runs on.
  public static var current: Machine {
    Machine(
      processor: processorName() ?? "unknown processor",
      processorCount: ProcessInfo.processInfo.activeProcessorCount, system: systemName())
  }

  /// `processor, N cores, system`.
  public var summary: String {
    "\(processor), \(processorCount) \(processorCount == 1 ? "core" : "cores"), \(system)"
  }

  private static func processorName() -> String? {
    #if os(Linux)
      guard let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else {
        return nil
      }
      for line in cpuinfo.split(separator: "\n") where line.hasPrefix("model name") {
        guard let colon = line.firstIndex(of: ":") else { continue }
        return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      }
      return nil
    #else
      return nil
    #endif
  }

  private static func systemName() -> String {
    #if os(Linux)
      let system = "Linux"
    #elseif os(macOS)
      let system = "macOS"
    #else
      let system = "unknown system"
    #endif
    #if arch(x86_64)
      return system + " x86_64"
    #elseif arch(arm64)
      return system + " arm64"
    #else
      return system
    #endif
  }
}
