/// A subcommand's name, summary and options, from which both parsing and help are derived.
package struct CommandSpec: Sendable {
  /// The subcommand's name, e.g. `run`.
  package var name: String
  /// One line saying what it does.
  package var abstract: String
  /// A paragraph of further explanation, if any.
  package var discussion: String?
  /// The options it accepts, in the order help lists them.
  package var options: [any OptionDeclaration]
  /// The one word the command takes besides its options, if any: its name in usage and its
  /// help, e.g. `("file", "A recording.")`.
  package var argument: (name: String, help: String)? = nil
  /// The program the subcommand belongs to, as usage names it: `sandbox`, `boids`.
  package var program = "sandbox"

  /// Declares a subcommand of `program`.
  package init(
    name: String, abstract: String, discussion: String? = nil,
    options: [any OptionDeclaration], argument: (name: String, help: String)? = nil,
    program: String = "sandbox"
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.options = options
    self.argument = argument
    self.program = program
  }

  /// The usage line.
  package var usage: String {
    let options = options.map { $0.isRequired ? $0.synopsis : "[\($0.synopsis)]" }
      .joined(separator: " ")
    let argument = self.argument.map { " <\($0.name)>" } ?? ""
    return "\(program) \(name)\(argument)" + (options.isEmpty ? "" : " " + options)
  }

  /// The full help text, in swift-argument-parser's familiar layout.
  package var help: String {
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
