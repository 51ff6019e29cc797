import Foundation

/// A linked OpenGL program and the places of its uniforms, looked up once.
struct OpenGLProgram {
  /// The program's name in OpenGL.
  let name: UInt32
  private let locations: [String: Int32]

  /// Compiles `vertex` and `fragment` and links them, looking up `uniforms`.
  ///
  /// - Throws: `SDLError` with OpenGL's log when a shader does not compile or the program does
  ///   not link.
  init(
    _ gl: OpenGLFunctions, vertex: String, fragment: String, uniforms: [String], label: String
  ) throws(SDLError) {
    let vertexShader = try Self.compile(gl, vertex, kind: GL.vertexShader, label: label)
    defer { gl.deleteShader(vertexShader) }
    let fragmentShader = try Self.compile(gl, fragment, kind: GL.fragmentShader, label: label)
    defer { gl.deleteShader(fragmentShader) }
    let program = gl.createProgram()
    gl.attachShader(program, vertexShader)
    gl.attachShader(program, fragmentShader)
    gl.linkProgram(program)
    var status: Int32 = 0
    gl.getProgramiv(program, GL.linkStatus, &status)
    guard status != 0 else {
      let log = Self.log(gl, of: program, isProgram: true)
      gl.deleteProgram(program)
      throw SDLError(function: "glLinkProgram", message: "the \(label) program: \(log)")
    }
    var locations: [String: Int32] = [:]
    for uniform in uniforms {
      locations[uniform] = uniform.withCString { gl.getUniformLocation(program, $0) }
    }
    name = program
    self.locations = locations
  }

  /// The place of a uniform named when the program was made; -1 (which OpenGL ignores) for
  /// one the compiler left out.
  subscript(_ uniform: String) -> Int32 {
    locations[uniform] ?? -1
  }

  private static func compile(
    _ gl: OpenGLFunctions, _ source: String, kind: UInt32, label: String
  ) throws(SDLError) -> UInt32 {
    let shader = gl.createShader(kind)
    source.withCString { text in
      var pointer: UnsafePointer<CChar>? = text
      gl.shaderSource(shader, 1, &pointer, nil)
    }
    gl.compileShader(shader)
    var status: Int32 = 0
    gl.getShaderiv(shader, GL.compileStatus, &status)
    guard status != 0 else {
      let log = Self.log(gl, of: shader, isProgram: false)
      gl.deleteShader(shader)
      let stage = kind == GL.vertexShader ? "vertex" : "fragment"
      throw SDLError(
        function: "glCompileShader", message: "the \(label) \(stage) shader: \(log)")
    }
    return shader
  }

  private static func log(_ gl: OpenGLFunctions, of object: UInt32, isProgram: Bool) -> String {
    var length: Int32 = 0
    if isProgram {
      gl.getProgramiv(object, GL.infoLogLength, &length)
    } else {
      gl.getShaderiv(object, GL.infoLogLength, &length)
    }
    guard length > 1 else { return "no log" }
    var text = [CChar](repeating: 0, count: Int(length))
    if isProgram {
      gl.getProgramInfoLog(object, length, nil, &text)
    } else {
      gl.getShaderInfoLog(object, length, nil, &text)
    }
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
