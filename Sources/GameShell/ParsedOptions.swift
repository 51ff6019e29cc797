/// The options given to one subcommand, checked against its spec and read by their
/// declarations: `try options[GameOptions.seed]`, `options[GameOptions.json]`.
///
/// Parsing checks only the shape of the command line; each value is converted, and any error
/// in it reported, when the command reads it.
package struct ParsedOptions {
  /// The spec the options were checked against.
  package let spec: CommandSpec
  private var values: [String: String] = [:]
  private var flags: Set<String> = []
  /// Whether `-h` or `--help` was given.
  package private(set) var wantsHelp = false
  /// The command's one word besides its options (see `CommandSpec.argument`), if given.
  private var argumentValue: String?

  /// Parses `arguments` (the words after the subcommand) against `spec`.
  ///
  /// Accepts `--name value` and `--name=value`; rejects unknown options, missing values,
  /// repeated options and stray arguments.
  package init(_ arguments: [String], spec: CommandSpec) throws(CommandFailure) {
    self.spec = spec
    var remaining = arguments[...]
    while let word = remaining.popFirst() {
      if word == "-h" || word == "--help" {
        wantsHelp = true
        continue
      }
      guard word.hasPrefix("--"), word.count > 2 else {
        guard spec.argument != nil, argumentValue == nil, !word.isEmpty else {
          throw .usage("Unexpected argument \(quoted(word))")
        }
        argumentValue = word
        continue
      }
      var name = String(word.dropFirst(2))
      var inlineValue: String?
      if let equals = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      guard let option = spec.options.first(where: { $0.name == name }) else {
        throw .usage("Unknown option \(quoted("--" + name))")
      }
      guard values[name] == nil, !flags.contains(name) else {
        throw .usage("Option '--\(name)' given more than once")
      }
      if !option.takesValue {
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

  /// The command's one word besides its options; a usage error if it was not given.
  package func argument() throws(CommandFailure) -> String {
    guard let name = spec.argument?.name else {
      preconditionFailure("'sandbox \(spec.name)' takes no argument")
    }
    guard let argumentValue else { throw .usage("Missing '<\(name)>'") }
    return argumentValue
  }

  /// Whether `flag` was given.
  package subscript(flag: Flag) -> Bool {
    assert(declares(flag), "'\(flag.synopsis)' is not an option of 'sandbox \(spec.name)'")
    return flags.contains(flag.name)
  }

  /// The value of `option`: converted from the command line, or its default when not given.
  package subscript<Value>(option: Option<Value>) -> Value {
    get throws(CommandFailure) {
      assert(declares(option), "'\(option.synopsis)' is not an option of 'sandbox \(spec.name)'")
      guard let text = values[option.name] else { return option.defaultValue }
      return try convert(
        text, for: option, ifEmpty: .usage("Missing value for '\(option.synopsis)'"))
    }
  }

  /// The value of an option the command cannot do without: not giving it, or giving it empty
  /// where that counts as missing, is a usage error.
  package func required<Value>(_ option: Option<Value?>) throws(CommandFailure) -> Value {
    assert(declares(option), "'\(option.synopsis)' is not an option of 'sandbox \(spec.name)'")
    assert(
      spec.options.contains { $0.name == option.name && $0.isRequired },
      "'\(option.synopsis)' is read as required but declared as optional: declare it `.required`")
    let missing = CommandFailure.usage("Missing '\(option.synopsis)'")
    guard let text = values[option.name],
      let value = try convert(text, for: option, ifEmpty: missing)
    else { throw missing }
    return value
  }

  /// Whether `option` was given on the command line (whatever its value).
  package func contains(_ option: some OptionDeclaration) -> Bool {
    assert(declares(option), "'\(option.synopsis)' is not an option of 'sandbox \(spec.name)'")
    return values[option.name] != nil || flags.contains(option.name)
  }

  /// Converts `text` for `option`, turning a conversion error into a usage error.
  private func convert<Value>(
    _ text: String, for option: Option<Value>, ifEmpty missing: CommandFailure
  ) throws(CommandFailure) -> Value {
    do {
      return try option.value(from: text)
    } catch {
      switch error {
      case .empty:
        throw missing
      case .invalid(let reason, let part):
        throw .usage(
          "The value \(quoted(part ?? text)) is invalid for '\(option.synopsis)': \(reason)")
      }
    }
  }

  private func declares(_ option: some OptionDeclaration) -> Bool {
    spec.options.contains { $0.name == option.name && $0.takesValue == option.takesValue }
  }
}
