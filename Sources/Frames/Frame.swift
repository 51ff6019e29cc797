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
    var result = next
    result.world = world.withUnsafeBufferPointer { earlierCommands in
      var earlier = EntityIndex(earlierCommands)
      return next.world.withUnsafeBufferPointer { commands in
        // Each command is written once: copied, or moved part of the way.
        [DrawCommand](unsafeUninitializedCapacity: commands.count) { buffer, count in
          for position in commands.indices {
            (buffer.baseAddress! + position).initialize(
              to: Self.interpolated(
                commands[position], position: position, from: earlierCommands,
                index: &earlier, t: t))
          }
          count = commands.count
        }
      }
    }
    return result
  }

  /// Calls `body` with each world command of `next`, in order, moved `alpha` of the way from
  /// this frame: the commands `interpolated(toward: next, alpha: alpha).world` holds, without
  /// making that array. A backend drawing them as they come saves writing, reading back and
  /// freeing a copy of the world, which for a big battle is most of the cost.
  /// - Complexity: O(n) in the number of commands.
  public func forEachWorldCommand(
    interpolatedToward next: Frame, alpha: Float, _ body: (DrawCommand) -> Void
  ) {
    let t = min(max(alpha, 0), 1)
    next.world.withUnsafeBufferPointer { commands in
      if t >= 1 {
        for command in commands { body(command) }
        return
      }
      world.withUnsafeBufferPointer { earlierCommands in
        var earlier = EntityIndex(earlierCommands)
        for position in commands.indices {
          body(
            Self.interpolated(
              commands[position], position: position, from: earlierCommands, index: &earlier,
              t: t))
        }
      }
    }
  }

  /// `command` moved `t` of the way from where its entity's command was in `earlier`.
  @inline(__always)
  private static func interpolated(
    _ command: DrawCommand, position: Int, from earlier: UnsafeBufferPointer<DrawCommand>,
    index: inout EntityIndex, t: Float
  ) -> DrawCommand {
    switch command.shape {
    case .sprite(var sprite):
      guard let entity = sprite.entity,
        let found = index.position(of: entity, near: position, isBar: false),
        case .sprite(let old) = earlier[found].shape,
        old.x != sprite.x || old.y != sprite.y || old.rotation != sprite.rotation
      else { return command }
      sprite.x = old.x + (sprite.x - old.x) * t
      sprite.y = old.y + (sprite.y - old.y) * t
      sprite.rotation = old.rotation + angleDifference(old.rotation, sprite.rotation) * t
      return DrawCommand(.sprite(sprite), layer: command.layer)
    case .healthBar(var bar):
      guard let entity = bar.entity,
        let found = index.position(of: entity, near: position, isBar: true),
        case .healthBar(let old) = earlier[found].shape,
        old.x != bar.x || old.y != bar.y
      else { return command }
      bar.x = old.x + (bar.x - old.x) * t
      bar.y = old.y + (bar.y - old.y) * t
      return DrawCommand(.healthBar(bar), layer: command.layer)
    case .rect, .line, .text:
      return command
    }
  }

  /// The signed shortest turn from angle `a` to angle `b`, in -pi...pi.
  private static func angleDifference(_ a: Float, _ b: Float) -> Float {
    var difference = (b - a).truncatingRemainder(dividingBy: 2 * .pi)
    if difference > .pi { difference -= 2 * .pi }
    if difference < -.pi { difference += 2 * .pi }
    return difference
  }
}

/// Finds an entity's sprite or health bar among one frame's world commands, for matching
/// commands across two frames.
///
/// Consecutive frames of a world list their entities in nearly the same order, so the command
/// at the same position, shifted by the last shift found, is tried first. Only when that
/// misses is a table of positions by identity built, once: dense when identities are a
/// compact range, as they usually are, else a dictionary.
private struct EntityIndex {
  private let commands: UnsafeBufferPointer<DrawCommand>
  /// How far the last sprite and the last bar found were from their positions in the other
  /// frame; kept apart, as sprites and bars lie in different layers.
  private var spriteShift = 0
  private var barShift = 0
  private var isBuilt = false
  private var lowest: UInt64 = 0
  /// Positions plus one (0 for none) of sprites and of bars, by identity minus `lowest`.
  private var sprites: [Int32] = []
  private var bars: [Int32] = []
  private var sparse: [UInt64: (sprite: Int, bar: Int)] = [:]

  init(_ commands: UnsafeBufferPointer<DrawCommand>) {
    self.commands = commands
  }

  /// Where the sprite (or, with `isBar`, the health bar) of `entity` is, looked for near
  /// `position` first.
  mutating func position(of entity: AnyEntityID, near position: Int, isBar: Bool) -> Int? {
    let guess = position + (isBar ? barShift : spriteShift)
    if guess >= 0, guess < commands.count,
      Self.entity(of: commands[guess].shape, isBar: isBar) == entity
    {
      return guess
    }
    if !isBuilt { build() }
    guard let found = index(of: entity.rawValue, isBar: isBar) else { return nil }
    if isBar { barShift = found - position } else { spriteShift = found - position }
    return found
  }

  private static func entity(of shape: DrawCommand.Shape, isBar: Bool) -> AnyEntityID? {
    switch shape {
    case .sprite(let sprite) where !isBar: sprite.entity
    case .healthBar(let bar) where isBar: bar.entity
    default: nil
    }
  }

  private func index(of id: UInt64, isBar: Bool) -> Int? {
    if !sprites.isEmpty {
      guard id >= lowest, id - lowest < UInt64(sprites.count) else { return nil }
      let stored = Int((isBar ? bars : sprites)[Int(id - lowest)])
      return stored > 0 ? stored - 1 : nil
    }
    guard let entry = sparse[id] else { return nil }
    let stored = isBar ? entry.bar : entry.sprite
    return stored > 0 ? stored - 1 : nil
  }

  /// The identity a sprite or health bar shows, and which of the two it is.
  private static func key(of shape: DrawCommand.Shape) -> (id: UInt64, isBar: Bool)? {
    switch shape {
    case .sprite(let sprite): sprite.entity.map { ($0.rawValue, false) }
    case .healthBar(let bar): bar.entity.map { ($0.rawValue, true) }
    case .rect, .line, .text: nil
    }
  }

  private mutating func build() {
    isBuilt = true
    var low = UInt64.max
    var high = UInt64.min
    var count = 0
    for command in commands {
      guard let key = Self.key(of: command.shape) else { continue }
      low = min(low, key.id)
      high = max(high, key.id)
      count += 1
    }
    guard count > 0 else { return }
    let isDense = high - low < UInt64(count) * 4 + 1024 && commands.count < Int(Int32.max)
    if isDense {
      lowest = low
      sprites = [Int32](repeating: 0, count: Int(high - low) + 1)
      bars = sprites
    }
    for (position, command) in commands.enumerated() {
      guard let key = Self.key(of: command.shape) else { continue }
      switch (isDense, key.isBar) {
      case (true, false): sprites[Int(key.id - low)] = Int32(position + 1)
      case (true, true): bars[Int(key.id - low)] = Int32(position + 1)
      case (false, false): sparse[key.id, default: (0, 0)].sprite = position + 1
      case (false, true): sparse[key.id, default: (0, 0)].bar = position + 1
      }
    }
  }
}
