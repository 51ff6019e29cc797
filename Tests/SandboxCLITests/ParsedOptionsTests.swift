import GameShell
import Testing

@testable import SandboxCLI

/// A command with one option of each kind, for reading options without running anything.
private enum Example {
  static let count: Option<Int> = .integer(
    "count", help: "How many (1 to 5).", in: 1...5, default: 2)
  static let limit: Option<UInt8?> = .integer("limit", valueName: "k", help: "A limit.", in: 1...9)
  static let name: Option<String?> = .text("name", valueName: "text", help: "A name.")
  static let names = Option<[String]?>(
    "names", valueName: "a,b", help: "Known names, comma-separated.",
    parse: { text throws(OptionValueError) in
      let names = text.split(separator: ",").map(String.init)
      if let unknown = names.first(where: { !["a", "b"].contains($0) }) {
        throw .invalid("expected a or b", part: unknown)
      }
      return names
    })
  static let loud = Flag("loud", help: "Say it loudly.")

  static let spec = CommandSpec(
    name: "example", abstract: "An example.",
    options: [count, limit.required, name.required, names, loud])

  static func parse(_ arguments: String...) throws(CommandFailure) -> ParsedOptions {
    try ParsedOptions(arguments, spec: spec)
  }
}

/// The message of the usage error `body` throws, or `nil` if it throws none.
private func usageMessage(_ body: () throws -> Void) -> String? {
  do {
    try body()
    return nil
  } catch let failure as CommandFailure {
    #expect(failure.exitCode == ExitCode.usage && failure.showsUsage)
    return failure.message
  } catch {
    Issue.record("not a command failure: \(error)")
    return nil
  }
}

@Suite("Parsed options: typed reading")
struct ParsedOptionsTests {
  @Test("options not given read as their defaults, or nil, and flags as false")
  func defaults() throws {
    let options = try Example.parse()
    #expect(try options[Example.count] == 2)
    #expect(try options[Example.limit] == nil)
    #expect(try options[Example.name] == nil)
    #expect(!options[Example.loud])
    #expect(!options.contains(Example.count) && !options.contains(Example.loud))
    #expect(!options.wantsHelp)
  }

  @Test("--name value and --name=value read the same typed values")
  func values() throws {
    for arguments in [
      ["--count", "4", "--limit", "9", "--name", "x y", "--loud"],
      ["--count=4", "--limit=9", "--name=x y", "--loud"],
    ] {
      let options = try ParsedOptions(arguments, spec: Example.spec)
      #expect(try options[Example.count] == 4)
      #expect(try options[Example.limit] == 9 as UInt8)
      #expect(try options[Example.name] == "x y")
      #expect(options[Example.loud])
      #expect(options.contains(Example.count) && options.contains(Example.loud))
    }
    #expect(try Example.parse("--name=a=b")[Example.name] == "a=b")
  }

  @Test(
    "a value the option does not accept is a usage error naming the option",
    arguments: [
      (
        ["--count", "6"],
        "The value '6' is invalid for '--count <n>': expected a whole number from 1 to 5"
      ),
      (["--count=x"], "The value 'x' is invalid for '--count <n>': expected a whole number"),
      (
        ["--limit", "256"],
        "The value '256' is invalid for '--limit <k>': expected a whole number from 1 to 9"
      ),
      (["--name="], "Missing value for '--name <text>'"),
      (["--names", "a,c,b"], "The value 'c' is invalid for '--names <a,b>': expected a or b"),
    ])
  func invalidValues(arguments: [String], message: String) throws {
    let options = try ParsedOptions(arguments, spec: Example.spec)
    #expect(
      usageMessage {
        _ = try options[Example.count]
        _ = try options[Example.limit]
        _ = try options[Example.name]
        _ = try options[Example.names]
      } == message)
  }

  @Test("usage shows the options a command cannot do without unbracketed, the rest in brackets")
  func usageMarksRequired() {
    #expect(
      Example.spec.usage
        == "sandbox example [--count <n>] --limit <k> --name <text> [--names <a,b>] [--loud]")
  }

  @Test("a required option that is absent, or empty where that means missing, is named")
  func required() throws {
    #expect(try Example.parse("--limit", "3").required(Example.limit) == 3)
    #expect(
      usageMessage { _ = try Example.parse().required(Example.limit) } == "Missing '--limit <k>'")
    #expect(
      usageMessage { _ = try Example.parse("--name=").required(Example.name) }
        == "Missing '--name <text>'")
    #expect(
      usageMessage { _ = try Example.parse("--limit=").required(Example.limit) }
        == "The value '' is invalid for '--limit <k>': expected a whole number")
  }

  @Test(
    "the command line's shape is checked as it is parsed",
    arguments: [
      (["--size", "3"], "Unknown option '--size'"),
      (["--count"], "Missing value for '--count <n>'"),
      (["--count", "--loud"], "Missing value for '--count <n>'"),
      (["--count", "1", "--count=2"], "Option '--count' given more than once"),
      (["--loud", "--loud"], "Option '--loud' given more than once"),
      (["--loud=yes"], "Flag '--loud' takes no value"),
      (["-c"], "Unexpected argument '-c'"),
      (["3"], "Unexpected argument '3'"),
    ])
  func shape(arguments: [String], message: String) {
    #expect(usageMessage { _ = try ParsedOptions(arguments, spec: Example.spec) } == message)
  }

  @Test("-h and --help ask for help whatever else is given")
  func help() throws {
    #expect(try Example.parse("--count", "9", "-h").wantsHelp)
    #expect(try Example.parse("--help").wantsHelp)
  }
}
