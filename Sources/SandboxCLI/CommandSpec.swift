/// A subcommand's name, summary and options, from which both parsing and help are derived.
struct CommandSpec: Sendable {
  /// The subcommand's name, e.g. `run`.
  var name: String
  /// One line saying what it does.
  var abstract: String
  /// A paragraph of further explanation, if any.
  var discussion: String?
  /// The options it accepts, in the order help lists them.
  var options: [any OptionDeclaration]
  /// The one word the command takes besides its options, if any: its name in usage and its
  /// help, e.g. `("file", "A recording.")`.
  var argument: (name: String, help: String)? = nil

  /// The usage line.
  var usage: String {
    let options = options.map { "[\($0.synopsis)]" }.joined(separator: " ")
    let argument = self.argument.map { " <\($0.name)>" } ?? ""
    return "sandbox \(name)\(argument)" + (options.isEmpty ? "" : " " + options)
  }

  /// The full help text, in swift-argument-parser's familiar layout.
  var help: String {
    var lines = ["OVERVIEW: \(abstract)", ""]
    if let discussion { lines += HelpLayout.wrap(discussion, width: HelpLayout.lineWidth) + [""] }
    lines += ["USAGE: \(usage)", ""]
    if let argument {
      lines += ["ARGUMENTS:"] + HelpLayout.columns([("<\(argument.name)>", argument.help)]) + [""]
    }
    lines += ["OPTIONS:"]
    let rows =
      options.map { ($0.synopsis, $0.helpWithDefault) } + [("-h, --help", "Show help information.")]
    lines += HelpLayout.columns(rows)
    return lines.joined(separator: "\n") + "\n"
  }
}
