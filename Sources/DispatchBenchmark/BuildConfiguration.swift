/// How this binary was compiled: what decides whether its timings mean anything and which
/// optional flags (see `Package.swift`) they were measured with.
public struct BuildConfiguration: Sendable, Decodable, Equatable {
  /// Whether the code was optimised; timings from a debug build mean nothing.
  public var isOptimized: Bool
  /// The compiler flags that matter for the timings, e.g. `["-O", "-target-cpu native"]`.
  public var flags: [String]

  /// Describes a build.
  public init(isOptimized: Bool, flags: [String]) {
    self.isOptimized = isOptimized
    self.flags = flags
  }

  /// The flags joined for display, e.g. `-O, -target-cpu native`.
  public var summary: String { flags.joined(separator: ", ") }

  /// The build of the running binary, from the compilation conditions `Package.swift` defines
  /// for the `SANDBOX_*` environment variables.
  public static let current: BuildConfiguration = {
    var flags: [String] = []
    #if DEBUG
      let isOptimized = false
      flags.append("-Onone (debug)")
    #else
      let isOptimized = true
      #if SANDBOX_UNCHECKED
        flags.append("-Ounchecked")
      #else
        flags.append("-O")
      #endif
    #endif
    #if SANDBOX_TARGET_CPU_NATIVE
      flags.append("-target-cpu native")
    #elseif SANDBOX_TARGET_CPU_X86_64_V2
      flags.append("-target-cpu x86-64-v2")
    #elseif SANDBOX_TARGET_CPU_X86_64_V3
      flags.append("-target-cpu x86-64-v3")
    #elseif SANDBOX_TARGET_CPU_X86_64_V4
      flags.append("-target-cpu x86-64-v4")
    #elseif SANDBOX_TARGET_CPU
      flags.append("-target-cpu (from SANDBOX_TARGET_CPU)")
    #else
      flags.append("no -target-cpu (baseline x86-64)")
    #endif
    #if SANDBOX_EXCLUSIVITY_UNCHECKED
      flags.append("-enforce-exclusivity=unchecked")
    #endif
    return BuildConfiguration(isOptimized: isOptimized, flags: flags)
  }()
}
