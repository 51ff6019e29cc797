import CSDL2

/// The OpenGL 3.3 core functions the GPU renderer calls, looked up once through
/// `SDL_GL_GetProcAddress` in the context SDL made (SDL2 links no OpenGL library itself, and the
/// package takes no dependency for one).
///
/// Not `Sendable`: OpenGL calls belong to the thread whose context is current.
struct OpenGLFunctions {
  typealias Enum = UInt32

  let getString: @convention(c) (Enum) -> UnsafePointer<UInt8>?
  let getError: @convention(c) () -> Enum
  let getIntegerv: @convention(c) (Enum, UnsafeMutablePointer<Int32>?) -> Void
  let viewport: @convention(c) (Int32, Int32, Int32, Int32) -> Void
  let clearColor: @convention(c) (Float, Float, Float, Float) -> Void
  let clear: @convention(c) (UInt32) -> Void
  let enable: @convention(c) (Enum) -> Void
  let disable: @convention(c) (Enum) -> Void
  let blendFuncSeparate: @convention(c) (Enum, Enum, Enum, Enum) -> Void
  let genVertexArrays: @convention(c) (Int32, UnsafeMutablePointer<UInt32>?) -> Void
  let bindVertexArray: @convention(c) (UInt32) -> Void
  let deleteVertexArrays: @convention(c) (Int32, UnsafePointer<UInt32>?) -> Void
  let genBuffers: @convention(c) (Int32, UnsafeMutablePointer<UInt32>?) -> Void
  let bindBuffer: @convention(c) (Enum, UInt32) -> Void
  let bufferData: @convention(c) (Enum, Int, UnsafeRawPointer?, Enum) -> Void
  let bufferSubData: @convention(c) (Enum, Int, Int, UnsafeRawPointer?) -> Void
  let deleteBuffers: @convention(c) (Int32, UnsafePointer<UInt32>?) -> Void
  let vertexAttribPointer:
    @convention(c) (UInt32, Int32, Enum, UInt8, Int32, UnsafeRawPointer?) -> Void
  let vertexAttribIPointer: @convention(c) (UInt32, Int32, Enum, Int32, UnsafeRawPointer?) -> Void
  let enableVertexAttribArray: @convention(c) (UInt32) -> Void
  let disableVertexAttribArray: @convention(c) (UInt32) -> Void
  let vertexAttribDivisor: @convention(c) (UInt32, UInt32) -> Void
  let createShader: @convention(c) (Enum) -> UInt32
  let shaderSource:
    @convention(c) (
      UInt32, Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?
    ) -> Void
  let compileShader: @convention(c) (UInt32) -> Void
  let getShaderiv: @convention(c) (UInt32, Enum, UnsafeMutablePointer<Int32>?) -> Void
  let getShaderInfoLog:
    @convention(c) (UInt32, Int32, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<CChar>?) ->
      Void
  let deleteShader: @convention(c) (UInt32) -> Void
  let createProgram: @convention(c) () -> UInt32
  let attachShader: @convention(c) (UInt32, UInt32) -> Void
  let linkProgram: @convention(c) (UInt32) -> Void
  let getProgramiv: @convention(c) (UInt32, Enum, UnsafeMutablePointer<Int32>?) -> Void
  let getProgramInfoLog:
    @convention(c) (UInt32, Int32, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<CChar>?) ->
      Void
  let useProgram: @convention(c) (UInt32) -> Void
  let deleteProgram: @convention(c) (UInt32) -> Void
  let getUniformLocation: @convention(c) (UInt32, UnsafePointer<CChar>?) -> Int32
  let uniform1i: @convention(c) (Int32, Int32) -> Void
  let uniform1f: @convention(c) (Int32, Float) -> Void
  let uniform2f: @convention(c) (Int32, Float, Float) -> Void
  let genTextures: @convention(c) (Int32, UnsafeMutablePointer<UInt32>?) -> Void
  let bindTexture: @convention(c) (Enum, UInt32) -> Void
  let activeTexture: @convention(c) (Enum) -> Void
  let texImage2D:
    @convention(c) (Enum, Int32, Int32, Int32, Int32, Int32, Enum, Enum, UnsafeRawPointer?) -> Void
  let texSubImage2D:
    @convention(c) (Enum, Int32, Int32, Int32, Int32, Int32, Enum, Enum, UnsafeRawPointer?) -> Void
  let texParameteri: @convention(c) (Enum, Enum, Int32) -> Void
  let texBuffer: @convention(c) (Enum, Enum, UInt32) -> Void
  let deleteTextures: @convention(c) (Int32, UnsafePointer<UInt32>?) -> Void
  let pixelStorei: @convention(c) (Enum, Int32) -> Void
  let drawArraysInstanced: @convention(c) (Enum, Int32, Int32, Int32) -> Void
  let readPixels:
    @convention(c) (Int32, Int32, Int32, Int32, Enum, Enum, UnsafeMutableRawPointer?) -> Void
  let finish: @convention(c) () -> Void
  let mapBufferRange: @convention(c) (Enum, Int, Int, UInt32) -> UnsafeMutableRawPointer?
  let unmapBuffer: @convention(c) (Enum) -> UInt8

  /// Looks every function up in the current context.
  ///
  /// - Throws: `SDLError` naming the first function the context lacks.
  init() throws(SDLError) {
    func load<Function>(_ name: String) throws(SDLError) -> Function {
      guard let address = SDL_GL_GetProcAddress(name) else {
        throw SDLError(function: "SDL_GL_GetProcAddress", message: "OpenGL has no \(name)")
      }
      return unsafeBitCast(address, to: Function.self)
    }
    getString = try load("glGetString")
    getError = try load("glGetError")
    getIntegerv = try load("glGetIntegerv")
    viewport = try load("glViewport")
    clearColor = try load("glClearColor")
    clear = try load("glClear")
    enable = try load("glEnable")
    disable = try load("glDisable")
    blendFuncSeparate = try load("glBlendFuncSeparate")
    genVertexArrays = try load("glGenVertexArrays")
    bindVertexArray = try load("glBindVertexArray")
    deleteVertexArrays = try load("glDeleteVertexArrays")
    genBuffers = try load("glGenBuffers")
    bindBuffer = try load("glBindBuffer")
    bufferData = try load("glBufferData")
    bufferSubData = try load("glBufferSubData")
    deleteBuffers = try load("glDeleteBuffers")
    vertexAttribPointer = try load("glVertexAttribPointer")
    vertexAttribIPointer = try load("glVertexAttribIPointer")
    enableVertexAttribArray = try load("glEnableVertexAttribArray")
    disableVertexAttribArray = try load("glDisableVertexAttribArray")
    vertexAttribDivisor = try load("glVertexAttribDivisor")
    createShader = try load("glCreateShader")
    shaderSource = try load("glShaderSource")
    compileShader = try load("glCompileShader")
    getShaderiv = try load("glGetShaderiv")
    getShaderInfoLog = try load("glGetShaderInfoLog")
    deleteShader = try load("glDeleteShader")
    createProgram = try load("glCreateProgram")
    attachShader = try load("glAttachShader")
    linkProgram = try load("glLinkProgram")
    getProgramiv = try load("glGetProgramiv")
    getProgramInfoLog = try load("glGetProgramInfoLog")
    useProgram = try load("glUseProgram")
    deleteProgram = try load("glDeleteProgram")
    getUniformLocation = try load("glGetUniformLocation")
    uniform1i = try load("glUniform1i")
    uniform1f = try load("glUniform1f")
    uniform2f = try load("glUniform2f")
    genTextures = try load("glGenTextures")
    bindTexture = try load("glBindTexture")
    activeTexture = try load("glActiveTexture")
    texImage2D = try load("glTexImage2D")
    texSubImage2D = try load("glTexSubImage2D")
    texParameteri = try load("glTexParameteri")
    texBuffer = try load("glTexBuffer")
    deleteTextures = try load("glDeleteTextures")
    pixelStorei = try load("glPixelStorei")
    drawArraysInstanced = try load("glDrawArraysInstanced")
    readPixels = try load("glReadPixels")
    finish = try load("glFinish")
    mapBufferRange = try load("glMapBufferRange")
    unmapBuffer = try load("glUnmapBuffer")
  }

  /// The string OpenGL gives for `name` (`GL.renderer`, say), or "" for none.
  func string(_ name: Enum) -> String {
    getString(name).map { String(cString: $0) } ?? ""
  }
}

/// The OpenGL constants the GPU renderer uses, as the specification numbers them.
enum GL {
  static let vendor: UInt32 = 0x1F00
  static let renderer: UInt32 = 0x1F01
  static let version: UInt32 = 0x1F02
  static let noError: UInt32 = 0
  static let colorBufferBit: UInt32 = 0x4000
  static let blend: UInt32 = 0x0BE2
  static let depthTest: UInt32 = 0x0B71
  static let cullFace: UInt32 = 0x0B44
  static let one: UInt32 = 1
  static let sourceAlpha: UInt32 = 0x0302
  static let oneMinusSourceAlpha: UInt32 = 0x0303
  static let arrayBuffer: UInt32 = 0x8892
  static let textureBuffer: UInt32 = 0x8C2A
  static let streamDraw: UInt32 = 0x88E0
  static let staticDraw: UInt32 = 0x88E4
  static let float: UInt32 = 0x1406
  static let halfFloat: UInt32 = 0x140B
  static let unsignedByte: UInt32 = 0x1401
  static let unsignedShort: UInt32 = 0x1403
  static let unsignedInt: UInt32 = 0x1405
  static let int: UInt32 = 0x1404
  static let vertexShader: UInt32 = 0x8B31
  static let fragmentShader: UInt32 = 0x8B30
  static let compileStatus: UInt32 = 0x8B81
  static let linkStatus: UInt32 = 0x8B82
  static let infoLogLength: UInt32 = 0x8B84
  static let texture2D: UInt32 = 0x0DE1
  static let texture0: UInt32 = 0x84C0
  static let rgba: UInt32 = 0x1908
  static let rgba8: UInt32 = 0x8058
  static let rgba8UnsignedInteger: UInt32 = 0x8D7C
  static let rgbaInteger: UInt32 = 0x8D99
  static let r8UnsignedInteger: UInt32 = 0x8232
  static let redInteger: UInt32 = 0x8D94
  static let rg32Float: UInt32 = 0x8230
  static let rg: UInt32 = 0x8227
  static let r32Float: UInt32 = 0x822E
  static let r32UnsignedInteger: UInt32 = 0x8236
  static let rgba32Integer: UInt32 = 0x8D82
  static let textureMinFilter: UInt32 = 0x2801
  static let textureMagFilter: UInt32 = 0x2800
  static let nearest: Int32 = 0x2600
  static let textureWrapS: UInt32 = 0x2802
  static let textureWrapT: UInt32 = 0x2803
  static let clampToEdge: Int32 = 0x812F
  static let unpackAlignment: UInt32 = 0x0CF5
  static let packAlignment: UInt32 = 0x0D05
  static let unpackRowLength: UInt32 = 0x0CF2
  static let triangleStrip: UInt32 = 0x0005
  static let triangles: UInt32 = 0x0004
  static let mapWriteBit: UInt32 = 0x0002
  static let mapInvalidateBufferBit: UInt32 = 0x0008
}
