/// One option a subcommand accepts, as help shows it.
struct OptionSpec: Sendable {
  /// The long name without dashes, e.g. `seed`.
  var name: String
  /// The value's placeholder, e.g. `n`; `nil` for a flag.
  var valueName: String?
  /// One line of help.
  var help: String
  /// The default as help shows it, if any.
  var defaultValue: String?

  /// The option as usage shows it: `--seed <n>` or `--json`.
  var synopsis: String {
    valueName.map { "--\(name) <\($0)>" } ?? "--\(name)"
  }
}

/// A subcommand's name, summary and options, from which both parsing and help are derived.
struct CommandSpec: Sendable {
  /// The subcommand's name, e.g. `run`.
  var name: String
  /// One line saying what it does.
  var abstract: String
  /// A paragraph of further explanation, if any.
  var discussion: String?
  /// The options it accepts.
  var options: [OptionSpec]

  /// The usage line.
  var usage: String {
    let options = options.map { "[\($0.synopsis)]" }.joined(separator: " ")
    return "sandbox \(name)" + (options.isEmpty ? "" : " " + options)
  }

  /// The full help text, in swift-argument-parser's familiar layout.
  var help: String {
    var lines = ["OVERVIEW: \(abstract)", ""]
    if let discussion { lines += HelpLayout.wrap(discussion, width: HelpLayout.lineWidth) + [""] }
    lines += ["USAGE: \(usage)", "", "OPTIONS:"]
    let rows =
      options.map { option in
        (option.synopsis, option.help + (option.defaultValue.map { " (default: \($0))" } ?? ""))
      } + [("-h, --help", "Show help information.")]
    lines += HelpLayout.columns(rows)
    return lines.joined(separator: "\n") + "\n"
  }
}

/// Two-column help rows, wrapped like swift-argument-parser's.
enum HelpLayout {
  static let labelWidth = 26
  static let lineWidth = 80

  /// Formats `(label, text)` rows with the text in a column of its own.
  static func columns(_ rows: [(String, String)]) -> [String] {
    var lines: [String] = []
    let indent = String(repeating: " ", count: labelWidth)
    for (label, text) in rows {
      let wrapped = wrap(text, width: lineWidth - labelWidth)
      var first = "  " + label
      if first.count >= labelWidth {
        lines.append(first)
        first = indent
      } else {
        first += String(repeating: " ", count: labelWidth - first.count)
      }
      for (index, line) in wrapped.enumerated() {
        lines.append((index == 0 ? first : indent) + line)
      }
    }
    return lines
  }

  /// Splits text into lines of at most `width` characters at spaces.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      if !current.isEmpty && current.count + 1 + word.count > width {
        lines.append(current)
        current = ""
      }
      current += (current.isEmpty ? "" : " ") + word
    }
    if !current.isEmpty || lines.isEmpty { lines.append(current) }
    return lines
  }
}

/// The options given to one subcommand, checked against its spec.
struct ParsedOptions {
  /// The spec the options were checked against.
  let spec: CommandSpec
  private var values: [String: String] = [:]
  private var flags: Set<String> = []
  /// Whether `-h` or `--help` was given.
  private(set) var wantsHelp = false

  /// Parses `arguments` (the words after the subcommand) against `spec`.
  ///
  /// Accepts `--name value` and `--name=value`; rejects unknown options, missing values,
  /// repeated options and stray arguments.
  init(_ arguments: [String], spec: CommandSpec) throws(CommandFailure) {
    self.spec = spec
    var remaining = arguments[...]
    while let word = remaining.popFirst() {
      if word == "-h" || word == "--help" {
        wantsHelp = true
        continue
      }
      guard word.hasPrefix("--"), word.count > 2 else {
        throw .usage("Unexpected argument '\(word)'")
      }
      var name = String(word.dropFirst(2))
      var inlineValue: String?
      if let equals = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      guard let option = spec.options.first(where: { $0.name == name }) else {
        throw .usage("Unknown option '--\(name)'")
      }
      guard values[name] == nil, !flags.contains(name) else {
        throw .usage("Option '--\(name)' given more than once")
      }
      if option.valueName == nil {
        guard inlineValue == nil else { throw .usage("Flag '--\(name)' takes no value") }
        flags.insert(name)
      } else if let inlineValue {
        values[name] = inlineValue
      } else {
        guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
          throw .usage("Missing value for '\(option.synopsis)'")
        }
        values[name] = value
      }
    }
  }

  /// Whether a flag was given.
  func flag(_ name: String) -> Bool {
    flags.contains(name)
  }

  /// The raw value of an option, if given.
  func string(_ name: String) -> String? {
    values[name]
  }

  /// An integer option's value, checked against `range`.
  func integer<Value: FixedWidthInteger>(
    _ name: String, in range: ClosedRange<Value>
  ) throws(CommandFailure) -> Value? {
    guard let text = values[name] else { return nil }
    let synopsis = "--\(name) <\(spec.options.first { $0.name == name }?.valueName ?? "n")>"
    guard let value = Value(text, radix: 10) else {
      throw .usage("The value '\(text)' is invalid for '\(synopsis)': expected a whole number")
    }
    guard range.contains(value) else {
      throw .usage(
        "The value '\(text)' is invalid for '\(synopsis)': expected \(range.lowerBound)"
          + " to \(range.upperBound)")
    }
    return value
  }
}
