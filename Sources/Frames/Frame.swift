/// An immutable picture of one simulation moment: what to draw, not how.
///
/// The world draws itself into a frame after a tick; backends turn frames into pixels. `world`
/// commands are in world units and are scaled to fit the output (keeping the aspect ratio);
/// `overlay` commands (the HUD) are in a fixed `overlayWidth` x `overlayHeight` canvas, scaled
/// the same way. Both lists are sorted by layer.
public struct Frame: Sendable, Equatable {
  /// The width of the canvas overlay commands are placed on.
  public static let overlayWidth: Float = 1280
  /// The height of the canvas overlay commands are placed on.
  public static let overlayHeight: Float = 720

  /// The simulation tick this frame shows.
  public var tick: UInt64
  /// The world's width in world units.
  public var worldWidth: Float
  /// The world's height in world units.
  public var worldHeight: Float
  /// The picture stretched under the world, if any.
  public var background: SpriteID?
  /// World-space commands, sorted by layer.
  public var world: [DrawCommand]
  /// Overlay (HUD) commands, sorted by layer.
  public var overlay: [DrawCommand]
  /// The part of the world to show; `nil` shows all of it.
  public var camera: Camera?

  /// Creates a frame; commands are sorted by layer, keeping list order within a layer.
  public init(
    tick: UInt64, worldWidth: Float, worldHeight: Float, background: SpriteID? = nil,
    world: [DrawCommand] = [], overlay: [DrawCommand] = []
  ) {
    self.tick = tick
    self.worldWidth = worldWidth
    self.worldHeight = worldHeight
    self.background = background
    self.world = Self.sortedByLayer(world)
    self.overlay = Self.sortedByLayer(overlay)
  }

  /// A stable sort by layer. Frames use a handful of layers, so one pass per distinct layer
  /// beats a comparison sort of tens of thousands of commands.
  /// - Complexity: O(n x distinct layers), or O(n log n) when there are many layers.
  private static func sortedByLayer(_ commands: [DrawCommand]) -> [DrawCommand] {
    guard zip(commands, commands.dropFirst()).contains(where: { $0.layer > $1.layer }) else {
      return commands
    }
    var layers: [Int] = []
    for command in commands where !layers.contains(command.layer) {
      layers.append(command.layer)
      if layers.count > 16 {
        return commands.enumerated()
          .sorted { ($0.element.layer, $0.offset) < ($1.element.layer, $1.offset) }
          .map(\.element)
      }
    }
    var sorted: [DrawCommand] = []
    sorted.reserveCapacity(commands.count)
    for layer in layers.sorted() {
      for command in commands where command.layer == layer { sorted.append(command) }
    }
    return sorted
  }

  /// The sprites this frame uses, each once, sorted by name.
  public var spriteIDs: [SpriteID] {
    var ids = Set<SpriteID>()
    if let background { ids.insert(background) }
    for command in world + overlay {
      switch command.shape {
      case .sprite(let sprite): ids.insert(sprite.sprite)
      case .text: ids.insert(.font)
      case .rect, .line, .healthBar: break
      }
    }
    return ids.sorted()
  }

  /// The frame `alpha` of the way from this one to `next`, for rendering between fixed steps.
  ///
  /// Sprites and health bars of entities present in both frames move and turn smoothly;
  /// everything else is taken from `next` (at alpha 1 the result equals `next`).
  /// - Complexity: O(n) in the number of commands.
  public func interpolated(toward next: Frame, alpha: Float) -> Frame {
    let t = min(max(alpha, 0), 1)
    if t >= 1 { return next }
    let sprites = EntityTable(world) { command in
      if case .sprite(let sprite) = command.shape, let entity = sprite.entity {
        (entity.rawValue, sprite)
      } else {
        nil
      }
    }
    let bars = EntityTable(world) { command in
      if case .healthBar(let bar) = command.shape, let entity = bar.entity {
        (entity.rawValue, bar)
      } else {
        nil
      }
    }
    var result = next
    result.world = next.world.map { command in
      var command = command
      switch command.shape {
      case .sprite(var sprite):
        if let entity = sprite.entity, let old = sprites[entity.rawValue] {
          sprite.x = old.x + (sprite.x - old.x) * t
          sprite.y = old.y + (sprite.y - old.y) * t
          sprite.rotation = old.rotation + Self.angleDifference(old.rotation, sprite.rotation) * t
          command.shape = .sprite(sprite)
        }
      case .healthBar(var bar):
        if let entity = bar.entity, let old = bars[entity.rawValue] {
          bar.x = old.x + (bar.x - old.x) * t
          bar.y = old.y + (bar.y - old.y) * t
          command.shape = .healthBar(bar)
        }
      case .rect, .line, .text: break
      }
      return command
    }
    return result
  }

  /// The signed shortest turn from angle `a` to angle `b`, in -pi...pi.
  private static func angleDifference(_ a: Float, _ b: Float) -> Float {
    var difference = (b - a).truncatingRemainder(dividingBy: 2 * .pi)
    if difference > .pi { difference -= 2 * .pi }
    if difference < -.pi { difference += 2 * .pi }
    return difference
  }
}

/// Values keyed by entity identity, for matching commands across two frames.
///
/// Identities of one frame are usually a dense range, so a table indexed by identity replaces
/// hashing; a dictionary takes over when they are sparse.
private struct EntityTable<Value> {
  private var lowest: UInt64 = 0
  private var dense: [Value?] = []
  private var sparse: [UInt64: Value] = [:]

  init(_ commands: [DrawCommand], _ entry: (DrawCommand) -> (UInt64, Value)?) {
    let entries = commands.compactMap(entry)
    guard let low = entries.lazy.map(\.0).min(), let high = entries.lazy.map(\.0).max() else {
      return
    }
    if high - low < UInt64(entries.count) * 4 + 1024 {
      lowest = low
      dense = [Value?](repeating: nil, count: Int(high - low) + 1)
      for (id, value) in entries { dense[Int(id - low)] = value }
    } else {
      for (id, value) in entries { sparse[id] = value }
    }
  }

  subscript(id: UInt64) -> Value? {
    if !dense.isEmpty {
      guard id >= lowest, id - lowest < UInt64(dense.count) else { return nil }
      return dense[Int(id - lowest)]
    }
    return sparse[id]
  }
}
