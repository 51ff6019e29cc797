import SDLBackend

/// `--renderer`, which every command that opens a window takes: the GPU, the CPU, or whichever
/// suits the display; `SANDBOX_RENDERER` when the option is not given.
package enum RendererOption {
  /// The option.
  package static var option: Option<RendererChoice?> {
    Option(
      "renderer", valueName: "auto|gpu|software",
      help: "Draw on the GPU (instanced OpenGL 3.3, or where that is missing SDL's accelerated "
        + "renderer) or the CPU (the pure-Swift rasterizer on every core); auto takes the CPU "
        + "where OpenGL is a software rasterizer, and elsewhere times both on the first frames "
        + "and keeps the faster. The window says which it took and why.",
      defaultDescription: "$\(RendererChoice.environmentKey), or auto"
    ) { text throws(OptionValueError) in try choice(named: text) }
  }

  /// The renderer `text` names, in any case.
  @Sendable package static func choice(named text: String) throws(OptionValueError)
    -> RendererChoice
  {
    guard let choice = RendererChoice(rawValue: text.lowercased()) else {
      throw .invalid(
        "expected one of " + RendererChoice.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return choice
  }

  /// The renderer `--renderer` names, else `SANDBOX_RENDERER` in `environment`, else `auto`.
  ///
  /// - Throws: A usage error naming the variable when it names no renderer.
  package static func choice(
    _ options: ParsedOptions, environment: [String: String]
  ) throws(CommandFailure) -> RendererChoice {
    if let choice = try options[option] { return choice }
    let fromEnvironment = environment[RendererChoice.environmentKey] ?? ""
    guard !fromEnvironment.isEmpty else { return .auto }
    do {
      return try choice(named: fromEnvironment)
    } catch {
      throw .usage(
        "\(RendererChoice.environmentKey)=\(quoted(fromEnvironment)): "
          + "expected one of " + RendererChoice.allCases.map(\.rawValue).joined(separator: ", "))
    }
  }
}
