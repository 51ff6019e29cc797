import GameShell
import Testing

@testable import SandboxCLI

/// Options declared as commands declare theirs.
private enum Declared {
  static let seed: Option<UInt64> = .integer(
    "seed", help: "Seeds all randomness (0 to 2^64-1).", in: .min ... .max, default: 1)
  static let size = Option<OutputSize>(
    "size", valueName: "WxH", help: "Picture size in pixels (16x16 to 8192x8192).",
    default: .standard, parse: OutputSize.init(parsing:))
  static let entities: Option<Int?> = .integer(
    "entities", help: "How many monsters a swarm scenario places (0 to 10000000).",
    in: 0...10_000_000)
}

@Suite("Option declarations: usage, help and values")
struct OptionTests {
  @Test("an option shows its placeholder and its default; a flag shows neither")
  func synopsisAndHelp() {
    #expect(Declared.seed.synopsis == "--seed <n>")
    #expect(
      Declared.seed.helpWithDefault == "Seeds all randomness (0 to 2^64-1). (default: 1)")
    #expect(Declared.size.helpWithDefault.hasSuffix("(default: 1280x720)"))
    #expect(Declared.entities.defaultDescription == nil)
    let run = sandbox("help", "run").output
    #expect(run.contains("(default: until the"), "\(run)")
    #expect(run.contains("--json ") && !run.contains("--json <"))
    #expect(run.contains("--every <k>"))
  }

  @Test("every command declares each option once")
  func uniqueNames() {
    for spec in Sandbox.subcommands {
      let names = spec.options.map(\.name)
      #expect(Set(names).count == names.count, "\(spec.name): \(names)")
    }
  }

  @Test("integers are read in decimal and checked against their range")
  func integers() throws {
    #expect(try Declared.seed.value(from: "18446744073709551615") == .max)
    #expect(throws: OptionValueError.invalid("expected a whole number")) {
      try Declared.seed.value(from: "0x10")
    }
    #expect(throws: OptionValueError.invalid("expected a whole number from 0 to 10000000")) {
      try Declared.entities.value(from: "10000001")
    }
    // A whole number the option's type cannot hold is out of its range, and says which.
    let seeds = "expected a whole number from 0 to 18446744073709551615"
    #expect(throws: OptionValueError.invalid(seeds)) { try Declared.seed.value(from: "-1") }
    #expect(throws: OptionValueError.invalid(seeds)) {
      try Declared.seed.value(from: "18446744073709551616")
    }
    #expect(throws: OptionValueError.invalid("expected a whole number")) {
      try Declared.seed.value(from: "-")
    }
  }

  @Test("sizes are WxH within 16 to 8192 on each side")
  func sizes() throws {
    #expect(try Declared.size.value(from: "320X180") == OutputSize(width: 320, height: 180))
    #expect(throws: OptionValueError.invalid("expected e.g. 1280x720")) {
      try Declared.size.value(from: "320x180x2")
    }
    #expect(throws: OptionValueError.invalid("each side must be 16 to 8192")) {
      try Declared.size.value(from: "8193x16")
    }
  }

  @Test("picture files must be .png or .bmp; an empty --out is missing")
  func pictureFiles() throws {
    let out = GameRenderCommand<MonsterWarsGame>.out
    #expect(try out.value(from: "a/B.BMP") == "a/B.BMP")
    #expect(throws: OptionValueError.invalid("expected a .png or .bmp file")) {
      try out.value(from: "x.gif")
    }
    #expect(throws: OptionValueError.empty) { try out.value(from: "") }
  }
}
