import Dispatch
import Frames

/// What the instance buffers hold: the arrays uploaded (kept, so that their storage, by which
/// they are recognised, is not reused while they are on the GPU) and which buffer is the
/// latest frame's.
struct UploadedInstances {
  /// The instances in each of the two sprite buffers.
  var sprites: [[SpriteInstance]?] = [nil, nil]
  /// The buffer holding the latest frame's instances.
  var current = 0
  /// The pairing whose earlier places the slots buffer holds.
  var slots: [UInt32]?
  /// The bars in the bars buffer.
  var bars: [HealthBarInstance]?
  /// The kinds in the kinds buffer, as sprite and dot.
  var kinds: [(sprite: SpriteID, showsDot: Bool)] = []

  /// Whether two arrays share their storage: the same frame's column.
  static func same<Element>(_ a: [Element]?, _ b: [Element]) -> Bool {
    guard let a, a.count == b.count else { return false }
    return a.withUnsafeBufferPointer { first in
      b.withUnsafeBufferPointer { second in first.baseAddress == second.baseAddress }
    }
  }

  /// The buffer holding `sprites`, if one does.
  func buffer(holding sprites: [SpriteInstance]) -> Int? {
    (0..<2).first { Self.same(self.sprites[$0], sprites) }
  }
}

extension OpenGLBackend {
  /// Makes sure the GPU holds `instances` (and, when moving, the pairing's earlier instances
  /// and earlier places), uploading only what it does not hold yet.
  ///
  /// - Complexity: O(instances) when the frame is new, O(1) when it was drawn before.
  func upload(_ instances: FrameInstances, pairedWith pairing: InstancePairing?) {
    let held = uploaded.buffer(holding: instances.sprites)
    let current: Int
    if let held {
      current = held
    } else {
      // Not on the GPU yet: into the buffer that does not hold the pairing's earlier frame.
      let earlier = pairing.flatMap { uploaded.buffer(holding: $0.earlier.sprites) }
      current = earlier.map { 1 - $0 } ?? 1 - uploaded.current
      write(instances.sprites, into: current)
    }
    uploaded.current = current
    if let pairing {
      if uploaded.buffer(holding: pairing.earlier.sprites) != 1 - current {
        write(pairing.earlier.sprites, into: 1 - current)
      }
      if !UploadedInstances.same(uploaded.slots, pairing.earlierSprites) {
        uploadedBytes += pairing.earlierSprites.count * 4
        fill(resources.slotsBuffer, with: pairing.earlierSprites)
        uploaded.slots = pairing.earlierSprites
      }
    }
    if !UploadedInstances.same(uploaded.bars, instances.bars) {
      uploadedBytes += instances.bars.count * MemoryLayout<HealthBarInstance>.stride
      fill(resources.barsBuffer, with: instances.bars)
      uploaded.bars = instances.bars
    }
    let kinds = instances.kinds.map { (sprite: $0.sprite, showsDot: $0.showsDot) }
    if !kinds.elementsEqual(
      uploaded.kinds, by: { $0.sprite == $1.sprite && $0.showsDot == $1.showsDot })
    {
      uploadKinds(kinds)
      uploaded.kinds = kinds
    }
  }

  private func write(_ sprites: [SpriteInstance], into buffer: Int) {
    uploadedBytes += sprites.count * SpriteInstance.byteCount
    fill(resources.spriteBuffers[buffer], with: sprites)
    uploaded.sprites[buffer] = sprites
  }

  /// Writes `elements` at the start of `buffer`.
  ///
  /// Large writes go through a mapping of the buffer, copied into on every core: a million
  /// instances are 20 MB, which one thread copies in milliseconds.
  func fill<Element>(_ buffer: UInt32, with elements: [Element]) {
    gl.bindBuffer(GL.arrayBuffer, buffer)
    defer { gl.bindBuffer(GL.arrayBuffer, 0) }
    elements.withUnsafeBytes { bytes in
      guard let source = bytes.baseAddress, bytes.count > 0 else { return }
      // Storage of one size (grown by half again when too small) orphaned for each write, the
      // usual way to stream: the driver hands out a block of that size instead of waiting
      // for draws still reading the old one.
      var capacity = bufferCapacities[buffer, default: 0]
      if bytes.count > capacity {
        capacity = max(bytes.count + bytes.count / 2, 4096)
        bufferCapacities[buffer] = capacity
      }
      gl.bufferData(GL.arrayBuffer, capacity, nil, GL.streamDraw)
      if bytes.count >= Self.mappedCopySize,
        let mapped = gl.mapBufferRange(
          GL.arrayBuffer, 0, bytes.count, GL.mapWriteBit | GL.mapInvalidateBufferBit)
      {
        ParallelCopy.copy(bytes.count, from: source, to: mapped, threads: copyThreads)
        if gl.unmapBuffer(GL.arrayBuffer) != 0 { return }
        // The mapping was lost (the driver says its contents are undefined): write again.
      }
      gl.bufferSubData(GL.arrayBuffer, 0, bytes.count, source)
    }
  }

  /// Writes at least this many bytes through a mapping copied into on every core.
  static let mappedCopySize = 1 << 20

  /// Each kind's atlas regions (as drawn and mirrored) and flags (dot, sprite present), three
  /// texels a kind.
  private func uploadKinds(_ kinds: [(sprite: SpriteID, showsDot: Bool)]) {
    var texels: [Int32] = []
    texels.reserveCapacity(kinds.count * 12)
    for kind in kinds {
      let found = regions[kind.sprite]
      for region in [found?.normal, found?.mirrored] {
        texels += [region?.x, region?.y, region?.width, region?.height].map { Int32($0 ?? 0) }
      }
      texels += [kind.showsDot ? 1 : 0, found == nil ? 0 : 1, 0, 0]
    }
    fill(resources.kindsBuffer, with: texels)
  }

  // MARK: - Drawing the world

  /// Draws `frame`'s world in layer order: its commands as quads, its instances and bars with
  /// one instanced draw per run of kinds, moved `t` of the way from the earlier frame when
  /// `t` is given.
  func drawWorld(of frame: Frame, viewport: Viewport, moving t: Float?) {
    var backend = self
    let instances = frame.instances
    var pending: (isBars: Bool, range: Range<Int>)?
    func flushRun() {
      guard let run = pending else { return }
      pending = nil
      flushQuads()
      if run.isBars {
        drawBars(run.range, viewport: viewport, moving: t)
      } else {
        drawInstances(run.range, viewport: viewport, moving: t)
      }
    }
    for run in frame.worldRuns {
      switch run {
      case .sprites(let kind), .healthBars(let kind):
        let isBars = { if case .healthBars = run { true } else { false } }()
        let range = isBars ? instances.kinds[kind].bars : instances.kinds[kind].sprites
        // Runs of kinds that lie one after another in the columns are one draw.
        if let current = pending, current.isBars == isBars,
          current.range.upperBound == range.lowerBound
        {
          pending = (isBars, current.range.lowerBound..<range.upperBound)
        } else {
          flushRun()
          pending = (isBars, range)
        }
      case .commands(let range):
        flushRun()
        for command in frame.world[range] { backend.draw(command, in: viewport) }
      }
    }
    flushRun()
  }

  /// Sets the uniforms every program has.
  private func setShared(_ program: OpenGLProgram, viewport: Viewport) {
    gl.useProgram(program.name)
    gl.uniform2f(program["u_output"], outputWidth, outputHeight)
    gl.uniform2f(program["u_offset"], viewport.offsetX, viewport.offsetY)
    gl.uniform1f(program["u_scale"], viewport.scale)
    gl.uniform1f(program["u_outputHeight"], outputHeight)
  }

  private func bind(_ texture: UInt32, unit: UInt32, target: UInt32 = GL.textureBuffer) {
    gl.activeTexture(GL.texture0 + unit)
    gl.bindTexture(target, texture)
  }

  /// One instanced draw of the instances at `range`, four vertices each.
  private func drawInstances(_ range: Range<Int>, viewport: Viewport, moving t: Float?) {
    guard !range.isEmpty else { return }
    let program = programs.instances
    setShared(program, viewport: viewport)
    gl.uniform1f(program["u_t"], t ?? 1)
    gl.uniform1i(program["u_moving"], t == nil ? 0 : 1)
    let current = uploaded.current
    bind(resources.kindsTexture, unit: Resources.kindsUnit)
    bind(resources.rotationsTexture, unit: Resources.rotationsUnit, target: GL.texture2D)
    bind(resources.dotsTexture, unit: Resources.dotsUnit, target: GL.texture2D)
    bind(resources.spriteFloatTextures[1 - current], unit: Resources.earlierFloatsUnit)
    bind(resources.spriteWordTextures[1 - current], unit: Resources.earlierWordsUnit)
    bind(resources.atlasTexture, unit: Resources.atlasUnit, target: GL.texture2D)
    gl.bindVertexArray(resources.instanceArray)
    gl.bindBuffer(GL.arrayBuffer, resources.spriteBuffers[current])
    point(
      [
        .floats(2, GL.float, at: 0), .floats(2, GL.halfFloat, at: 8),
        .integers(4, GL.unsignedByte, at: 12), .integers(1, GL.unsignedShort, at: 16),
        .integers(2, GL.unsignedByte, at: 18),
      ], stride: SpriteInstance.byteCount, from: range.lowerBound)
    if t != nil {
      gl.bindBuffer(GL.arrayBuffer, resources.slotsBuffer)
      point([.integers(1, GL.unsignedInt, at: 0)], stride: 4, from: range.lowerBound, first: 5)
    } else {
      gl.disableVertexAttribArray(5)
    }
    gl.bindBuffer(GL.arrayBuffer, 0)
    gl.drawArraysInstanced(GL.triangleStrip, 0, 4, Int32(range.count))
    gl.bindVertexArray(0)
  }

  /// One instanced draw of the health bars at `range`, a frame and a fill (twelve vertices)
  /// each.
  private func drawBars(_ range: Range<Int>, viewport: Viewport, moving t: Float?) {
    guard !range.isEmpty else { return }
    let program = programs.bars
    setShared(program, viewport: viewport)
    gl.uniform1f(program["u_t"], t ?? 1)
    gl.uniform1i(program["u_moving"], t == nil ? 0 : 1)
    let current = uploaded.current
    bind(resources.spriteFloatTextures[current], unit: Resources.floatsUnit)
    bind(resources.slotsTexture, unit: Resources.slotsUnit)
    bind(resources.spriteFloatTextures[1 - current], unit: Resources.earlierFloatsUnit)
    gl.bindVertexArray(resources.barArray)
    gl.bindBuffer(GL.arrayBuffer, resources.barsBuffer)
    point(
      [
        .integers(1, GL.unsignedInt, at: 0), .floats(2, GL.float, at: 4),
        .floats(2, GL.float, at: 12), .floats(1, GL.float, at: 20),
      ], stride: MemoryLayout<HealthBarInstance>.stride, from: range.lowerBound)
    gl.bindBuffer(GL.arrayBuffer, 0)
    gl.drawArraysInstanced(GL.triangles, 0, 12, Int32(range.count))
    gl.bindVertexArray(0)
  }
}

/// One per-instance attribute a vertex shader reads from the bound array buffer.
struct VertexAttribute {
  /// Values per instance.
  let count: Int32
  /// Their OpenGL type.
  let type: UInt32
  /// Whether the shader reads them as integers (`glVertexAttribIPointer`), else as floats.
  let isInteger: Bool
  /// Where they start in an instance, in bytes.
  let offset: Int

  static func floats(_ count: Int32, _ type: UInt32, at offset: Int) -> VertexAttribute {
    VertexAttribute(count: count, type: type, isInteger: false, offset: offset)
  }

  static func integers(_ count: Int32, _ type: UInt32, at offset: Int) -> VertexAttribute {
    VertexAttribute(count: count, type: type, isInteger: true, offset: offset)
  }
}

extension OpenGLBackend {
  /// Points the bound vertex array's locations `first`, `first + 1`, ... at `attributes` of
  /// the bound array buffer's instances, `stride` bytes each, from the instance at `instance`.
  func point(_ attributes: [VertexAttribute], stride: Int, from instance: Int, first: UInt32 = 0) {
    let base = instance * stride
    for (index, attribute) in attributes.enumerated() {
      let location = first + UInt32(index)
      let offset = UnsafeRawPointer(bitPattern: base + attribute.offset)
      if attribute.isInteger {
        gl.vertexAttribIPointer(location, attribute.count, attribute.type, Int32(stride), offset)
      } else {
        gl.vertexAttribPointer(location, attribute.count, attribute.type, 0, Int32(stride), offset)
      }
      gl.enableVertexAttribArray(location)
    }
  }
}

/// A copy shared between threads in contiguous parts.
enum ParallelCopy {
  /// Copies `count` bytes from `source` to `destination` on up to `threads` threads.
  static func copy(
    _ count: Int, from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer,
    threads: Int
  ) {
    let parts = max(1, min(threads, count / (256 << 10)))
    guard parts > 1 else {
      destination.copyMemory(from: source, byteCount: count)
      return
    }
    let work = CopyWork(source: source, destination: destination)
    DispatchQueue.concurrentPerform(iterations: parts) { part in
      let lower = count * part / parts
      let upper = count * (part + 1) / parts
      (work.destination + lower).copyMemory(from: work.source + lower, byteCount: upper - lower)
    }
  }
}

/// What the threads of `ParallelCopy.copy` share: each writes only its own part.
private struct CopyWork: @unchecked Sendable {
  let source: UnsafeRawPointer
  let destination: UnsafeMutableRawPointer
}
