/// An immutable picture of one simulation moment: what to draw, not how.
///
/// The world draws itself into a frame after a tick; backends turn frames into pixels. Its
/// entities are `instances`, columns of compact records written straight from the world's
/// own; `world` holds any other commands in world units. Both are scaled to fit the output
/// (keeping the aspect ratio). `overlay` commands (the HUD) are in `overlayCanvas`'s units,
/// scaled the same way. Command lists are sorted by layer; instances
/// and commands are drawn in layer order together (see `worldRuns`).
public struct Frame: Sendable, Equatable {
  /// The width of the standard canvas (`OverlayCanvas.standard`).
  public static let overlayWidth: Float = 1280
  /// The height of the standard canvas (`OverlayCanvas.standard`).
  public static let overlayHeight: Float = 720

  /// The simulation tick this frame shows.
  public var tick: UInt64
  /// The world's width in world units.
  public var worldWidth: Float
  /// The world's height in world units.
  public var worldHeight: Float
  /// The picture stretched under the world, if any.
  public var background: SpriteID?
  /// The entities, as columns of instances.
  public var instances: FrameInstances
  /// World-space commands beside the instances, sorted by layer.
  public var world: [DrawCommand]
  /// Overlay (HUD) commands, sorted by layer.
  public var overlay: [DrawCommand]
  /// The part of the world to show; `nil` shows all of it.
  public var camera: Camera?
  /// The canvas `overlay` is laid out on: `OverlayCanvas.standard` unless the frame was made
  /// for a window (`FrameBuilder.canvas`).
  public var overlayCanvas: OverlayCanvas = .standard

  /// Creates a frame; commands are sorted by layer, keeping list order within a layer.
  public init(
    tick: UInt64, worldWidth: Float, worldHeight: Float, background: SpriteID? = nil,
    instances: FrameInstances = FrameInstances(), world: [DrawCommand] = [],
    overlay: [DrawCommand] = []
  ) {
    self.tick = tick
    self.worldWidth = worldWidth
    self.worldHeight = worldHeight
    self.background = background
    self.instances = instances
    self.world = Self.sortedByLayer(world)
    self.overlay = Self.sortedByLayer(overlay)
  }

  /// A stable sort by layer. Frames use a handful of layers, so a counting sort (count each
  /// layer, then place every command at its layer's next slot) beats a comparison sort of
  /// tens of thousands of commands, and copies each command once.
  /// - Complexity: O(n x distinct layers) at worst, O(n) for the few layers frames use, or
  ///   O(n log n) when there are many layers.
  private static func sortedByLayer(_ commands: [DrawCommand]) -> [DrawCommand] {
    guard zip(commands, commands.dropFirst()).contains(where: { $0.layer > $1.layer }) else {
      return commands
    }
    var layers: [(layer: Int, count: Int)] = []
    var last = 0
    for command in commands {
      // Runs of one layer are common: check the last one found first.
      if last < layers.count, layers[last].layer == command.layer {
        layers[last].count += 1
        continue
      }
      if let index = layers.firstIndex(where: { $0.layer == command.layer }) {
        layers[index].count += 1
        last = index
        continue
      }
      layers.append((command.layer, 1))
      last = layers.count - 1
      if layers.count > 16 {
        return commands.enumerated()
          .sorted { ($0.element.layer, $0.offset) < ($1.element.layer, $1.offset) }
          .map(\.element)
      }
    }
    let order = layers.indices.sorted { layers[$0].layer < layers[$1].layer }
    var starts = [Int](repeating: 0, count: layers.count)
    var next = 0
    for index in order {
      starts[index] = next
      next += layers[index].count
    }
    let layerOf = layers.map(\.layer)
    return [DrawCommand](unsafeUninitializedCapacity: commands.count) { buffer, count in
      var slot = 0
      for command in commands {
        if layerOf[slot] != command.layer {
          slot = layerOf.firstIndex(of: command.layer) ?? 0
        }
        (buffer.baseAddress! + starts[slot]).initialize(to: command)
        starts[slot] += 1
      }
      count = commands.count
    }
  }

  /// The sprites this frame uses, each once, sorted by name.
  public var spriteIDs: [SpriteID] {
    var ids = Set<SpriteID>()
    if let background { ids.insert(background) }
    for kind in instances.kinds { ids.insert(kind.sprite) }
    for command in world + overlay {
      switch command.shape {
      case .sprite(let sprite): ids.insert(sprite.sprite)
      case .text: ids.insert(.font)
      case .rect, .line, .healthBar: break
      }
    }
    return ids.sorted()
  }

  /// A part of the world drawn in one go: a kind's sprites, a kind's health bars, or a run of
  /// commands of one layer.
  public enum WorldRun: Sendable, Equatable {
    /// The sprites of the kind at this place in `instances.kinds`.
    case sprites(kind: Int)
    /// The health bars of the kind at this place in `instances.kinds`.
    case healthBars(kind: Int)
    /// These commands of `world`, all of one layer.
    case commands(Range<Int>)
  }

  /// The world's parts in the order they are drawn: by layer; within a layer, the kinds'
  /// sprites in kind order, then their health bars, then the commands in list order.
  ///
  /// - Complexity: O(k log k + c) for k kinds and c commands.
  public var worldRuns: [WorldRun] {
    var runs: [(layer: Int, rank: Int, run: WorldRun)] = []
    for (index, kind) in instances.kinds.enumerated() {
      if !kind.sprites.isEmpty { runs.append((kind.layer, index, .sprites(kind: index))) }
      if !kind.bars.isEmpty {
        runs.append((kind.healthBarLayer, Self.maximumKindCount + index, .healthBars(kind: index)))
      }
    }
    var start = 0
    while start < world.count {
      let layer = world[start].layer
      var end = start + 1
      while end < world.count, world[end].layer == layer { end += 1 }
      runs.append((layer, 2 * Self.maximumKindCount + start, .commands(start..<end)))
      start = end
    }
    return runs.sorted { ($0.layer, $0.rank) < ($1.layer, $1.rank) }.map(\.run)
  }

  private static let maximumKindCount = FrameInstances.maximumKindCount

  /// The frame `alpha` of the way from this one to `next`, for rendering between fixed steps.
  ///
  /// Instances of entities present in both frames move and turn smoothly (see
  /// `InstancePairing`); everything else is taken from `next` (at alpha 1 the result equals
  /// `next`). A window drawing many frames between two ticks pairs them once instead and
  /// draws with `RenderBackend.drawFrame(_:pairedWith:alpha:)`.
  /// - Complexity: O(n) in the number of instances.
  public func interpolated(toward next: Frame, alpha: Float) -> Frame {
    let t = alpha.isNaN ? 1 : min(max(alpha, 0), 1)
    if t >= 1 { return next }
    let pairing = InstancePairing(from: instances, to: next.instances)
    var result = next
    result.instances.move(pairedWith: pairing, t: t)
    return result
  }
}

extension FrameInstances {
  /// Moves every instance `t` of the way from its entity's instance in the pairing's earlier
  /// frame (see `InstancePairing.sprite(_:of:t:)`).
  mutating func move(pairedWith pairing: InstancePairing, t: Float) {
    let moved = sprites.indices.map { pairing.sprite($0, of: self, t: t) }
    self = FrameInstances(kinds: kinds, sprites: moved, identities: identities, bars: bars)
  }
}
