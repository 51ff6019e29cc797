import Foundation
import Frames
import Imaging

extension OpenGLBackend {
  /// The three programs, with their samplers pointed at their texture units.
  struct Programs {
    let instances: OpenGLProgram
    let bars: OpenGLProgram
    let quads: OpenGLProgram

    /// The uniforms every vertex shader has.
    static let shared = ["u_output", "u_offset", "u_scale", "u_atlas", "u_world", "u_outputHeight"]

    init(_ gl: OpenGLFunctions) throws(SDLError) {
      let fragment = OpenGLShaders.fragment
      instances = try OpenGLProgram(
        gl, vertex: OpenGLShaders.instanceVertex, fragment: fragment,
        uniforms: Self.shared + [
          "u_t", "u_moving", "u_earlierFloats", "u_earlierWords", "u_kinds", "u_rotations",
          "u_dots",
        ], label: "instance")
      bars = try OpenGLProgram(
        gl, vertex: OpenGLShaders.barVertex, fragment: fragment,
        uniforms: Self.shared + [
          "u_t", "u_moving", "u_floats", "u_earlierSlots", "u_earlierFloats",
        ], label: "health bar")
      quads = try OpenGLProgram(
        gl, vertex: OpenGLShaders.quadVertex, fragment: fragment, uniforms: Self.shared,
        label: "quad")
      let units: [(String, UInt32)] = [
        ("u_atlas", Resources.atlasUnit), ("u_world", Resources.worldUnit),
        ("u_kinds", Resources.kindsUnit), ("u_rotations", Resources.rotationsUnit),
        ("u_dots", Resources.dotsUnit), ("u_earlierFloats", Resources.earlierFloatsUnit),
        ("u_earlierWords", Resources.earlierWordsUnit), ("u_floats", Resources.floatsUnit),
        ("u_earlierSlots", Resources.slotsUnit),
      ]
      for program in [instances, bars, quads] {
        gl.useProgram(program.name)
        for (uniform, unit) in units { gl.uniform1i(program[uniform], Int32(unit)) }
      }
      gl.useProgram(0)
    }
  }

  /// The buffers, textures and vertex arrays the programs draw from, made once.
  struct Resources {
    static let atlasUnit: UInt32 = 0
    static let kindsUnit: UInt32 = 1
    static let rotationsUnit: UInt32 = 2
    static let dotsUnit: UInt32 = 3
    static let earlierFloatsUnit: UInt32 = 4
    static let earlierWordsUnit: UInt32 = 5
    static let floatsUnit: UInt32 = 6
    static let slotsUnit: UInt32 = 7
    static let worldUnit: UInt32 = 8

    let atlasTexture: UInt32
    let kindsBuffer: UInt32
    let kindsTexture: UInt32
    let rotationsTexture: UInt32
    let dotsTexture: UInt32
    /// Two buffers of instances, the latest frame's and the one before, taking turns.
    let spriteBuffers: [UInt32]
    /// Each sprite buffer read as 32-bit floats and as 32-bit words, five per instance.
    let spriteFloatTextures: [UInt32]
    let spriteWordTextures: [UInt32]
    /// For each instance of the latest frame, its entity's instance in the one before.
    let slotsBuffer: UInt32
    let slotsTexture: UInt32
    let barsBuffer: UInt32
    let quadsBuffer: UInt32
    let instanceArray: UInt32
    let barArray: UInt32
    let quadArray: UInt32
    let worldTexture: UInt32

    init(_ gl: OpenGLFunctions, atlas: Image) {
      func make(_ count: Int, _ generate: (Int32, UnsafeMutablePointer<UInt32>?) -> Void)
        -> [UInt32]
      {
        var names = [UInt32](repeating: 0, count: count)
        generate(Int32(count), &names)
        return names
      }
      let textures = make(10, gl.genTextures)
      let buffers = make(6, gl.genBuffers)
      let arrays = make(3, gl.genVertexArrays)
      atlasTexture = textures[0]
      kindsTexture = textures[1]
      rotationsTexture = textures[2]
      dotsTexture = textures[3]
      spriteFloatTextures = [textures[4], textures[5]]
      spriteWordTextures = [textures[6], textures[7]]
      slotsTexture = textures[8]
      worldTexture = textures[9]
      kindsBuffer = buffers[0]
      spriteBuffers = [buffers[1], buffers[2]]
      slotsBuffer = buffers[3]
      barsBuffer = buffers[4]
      quadsBuffer = buffers[5]
      instanceArray = arrays[0]
      barArray = arrays[1]
      quadArray = arrays[2]

      gl.pixelStorei(GL.unpackAlignment, 1)
      Self.texture2D(
        gl, atlasTexture, unit: Self.atlasUnit, internalFormat: GL.rgba8UnsignedInteger,
        width: atlas.width, height: atlas.height, format: GL.rgbaInteger, type: GL.unsignedByte,
        data: atlas.pixels)
      Self.texture2D(
        gl, rotationsTexture, unit: Self.rotationsUnit, internalFormat: GL.rg32Float,
        width: 256, height: 256, format: GL.rg, type: GL.float, data: Self.rotationTable())
      Self.texture2D(
        gl, dotsTexture, unit: Self.dotsUnit, internalFormat: GL.r8UnsignedInteger, width: 256,
        height: 256, format: GL.redInteger, type: GL.unsignedByte, data: Self.dotTable())
      gl.activeTexture(GL.texture0 + Self.worldUnit)
      gl.bindTexture(GL.texture2D, worldTexture)
      for (parameter, value) in [
        (GL.textureMinFilter, GL.nearest), (GL.textureMagFilter, GL.nearest),
        (GL.textureWrapS, GL.clampToEdge), (GL.textureWrapT, GL.clampToEdge),
      ] {
        gl.texParameteri(GL.texture2D, parameter, value)
      }
      bindBufferViews(gl)
      gl.disable(GL.depthTest)
      gl.disable(GL.cullFace)
      gl.enable(GL.blend)
      gl.blendFuncSeparate(GL.sourceAlpha, GL.oneMinusSourceAlpha, GL.one, GL.oneMinusSourceAlpha)
    }

    /// The cosine and sine of every 65536th of a turn, as the rasterizer computes them.
    private static func rotationTable() -> [Float] {
      var rotations = [Float](repeating: 0, count: 65536 * 2)
      for turns in 0..<65536 {
        let rotation = SpriteInstance(
          kind: 0, x: 0, y: 0, widthBits: 0, heightBits: 0, turns: UInt16(turns), tint: .white,
          health: 0
        ).rotation
        rotations[turns * 2] = Float(cos(Double(rotation)))
        rotations[turns * 2 + 1] = Float(sin(Double(rotation)))
      }
      return rotations
    }

    /// Each channel's dot value at each health, as `SpriteInstance.dotColor` gives it.
    private static func dotTable() -> [UInt8] {
      var dots = [UInt8](repeating: 0, count: 256 * 256)
      for health in 0..<256 {
        for channel in 0..<256 {
          dots[health * 256 + channel] =
            SpriteInstance.dotColor(
              tint: Color(red: UInt8(channel), green: 0, blue: 0), health: UInt8(health)
            ).red
        }
      }
      return dots
    }

    /// Gives the buffers texture views, for the shaders to read instances by place, and the
    /// vertex arrays one instance per attribute step.
    private func bindBufferViews(_ gl: OpenGLFunctions) {
      // Texture views of the buffers, for the shaders to read instances by place.
      let views: [(UInt32, UInt32, UInt32)] = [
        (kindsTexture, kindsBuffer, GL.rgba32Integer),
        (spriteFloatTextures[0], spriteBuffers[0], GL.r32Float),
        (spriteFloatTextures[1], spriteBuffers[1], GL.r32Float),
        (spriteWordTextures[0], spriteBuffers[0], GL.r32UnsignedInteger),
        (spriteWordTextures[1], spriteBuffers[1], GL.r32UnsignedInteger),
        (slotsTexture, slotsBuffer, GL.r32UnsignedInteger),
      ]
      for (texture, buffer, format) in views {
        // A buffer needs storage before a texture can view it.
        gl.bindBuffer(GL.textureBuffer, buffer)
        gl.bufferData(GL.textureBuffer, 16, nil, GL.streamDraw)
        gl.bindTexture(GL.textureBuffer, texture)
        gl.texBuffer(GL.textureBuffer, format, buffer)
      }
      gl.bindBuffer(GL.textureBuffer, 0)
      gl.bindTexture(GL.textureBuffer, 0)
      for array in [instanceArray, barArray, quadArray] {
        gl.bindVertexArray(array)
        for location in 0..<6 { gl.vertexAttribDivisor(UInt32(location), 1) }
      }
      gl.bindVertexArray(0)
    }

    /// Makes `texture` a 2D texture of `data`, sampled texel by texel.
    private static func texture2D<Element>(
      _ gl: OpenGLFunctions, _ texture: UInt32, unit: UInt32, internalFormat: UInt32, width: Int,
      height: Int, format: UInt32, type: UInt32, data: [Element]
    ) {
      gl.activeTexture(GL.texture0 + unit)
      gl.bindTexture(GL.texture2D, texture)
      for (parameter, value) in [
        (GL.textureMinFilter, GL.nearest), (GL.textureMagFilter, GL.nearest),
        (GL.textureWrapS, GL.clampToEdge), (GL.textureWrapT, GL.clampToEdge),
      ] {
        gl.texParameteri(GL.texture2D, parameter, value)
      }
      data.withUnsafeBytes { bytes in
        gl.texImage2D(
          GL.texture2D, 0, Int32(internalFormat), Int32(width), Int32(height), 0, format, type,
          bytes.baseAddress)
      }
    }

    func delete(_ gl: OpenGLFunctions) {
      let textures =
        [
          atlasTexture, kindsTexture, rotationsTexture, dotsTexture, slotsTexture, worldTexture,
        ] + spriteFloatTextures + spriteWordTextures
      textures.withUnsafeBufferPointer { gl.deleteTextures(Int32($0.count), $0.baseAddress) }
      let buffers = [kindsBuffer, slotsBuffer, barsBuffer, quadsBuffer] + spriteBuffers
      buffers.withUnsafeBufferPointer { gl.deleteBuffers(Int32($0.count), $0.baseAddress) }
      let arrays = [instanceArray, barArray, quadArray]
      arrays.withUnsafeBufferPointer { gl.deleteVertexArrays(Int32($0.count), $0.baseAddress) }
    }
  }
}
