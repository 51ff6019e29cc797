/// The state of something that earns a resource and spends it on new entities: the budget,
/// in whatever units a game counts (coins, energy, mana).
public struct Spawner: Component {
  /// What is there to spend.
  public var budget: Float
  /// What is earned per second.
  public var income: Float
  /// Seconds between spending decisions.
  public var thinkInterval: Float
  /// Seconds until the next spending decision.
  public var thinkRemaining: Float = 0
  /// What has been spent so far.
  public var spent: Float = 0

  /// Creates a spawner with a starting budget.
  public init(budget: Float, income: Float, thinkInterval: Float) {
    self.budget = budget
    self.income = income
    self.thinkInterval = thinkInterval
  }

  /// Takes `cost` from the budget if it holds that much; returns whether it did.
  @inlinable
  public mutating func pay(_ cost: Float) -> Bool {
    guard budget >= cost else { return false }
    budget -= cost
    spent += cost
    return true
  }

  /// Mixes every stored value into the hasher: what the default (`hashEncoding(into:)`) feeds,
  /// without walking the encoding.
  @inlinable
  public func hash(into hasher: inout StateHasher) {
    hasher.combine(budget)
    hasher.combine(income)
    hasher.combine(thinkInterval)
    hasher.combine(thinkRemaining)
    hasher.combine(spent)
  }
}

/// Something that earns a resource over time and decides how to spend it.
public protocol SpawnerTrait: GameObject {
  /// The trait's state.
  var spawner: Spawner { get set }

  /// Earns over one step; by default `income` per second.
  mutating func earn(in context: TickContext)

  /// Decides what to buy; by default saves everything. Called every `thinkInterval` seconds.
  mutating func spend(in context: inout TickContext)

  /// Runs the spawner for one tick: earns, and spends when it is time to think.
  mutating func updateSpawner(in context: inout TickContext)

  /// Steps every entity of this type; the spawner system calls this once per tick.
  static func stepSpawners(_ pool: inout EntityPool<Self>, in context: inout TickContext)
}

extension SpawnerTrait {
  /// Earns `income` per second.
  @inlinable
  public mutating func earn(in context: TickContext) {
    spawner.budget += spawner.income * context.deltaTime
  }

  /// Saves everything.
  @inlinable
  public mutating func spend(in context: inout TickContext) {}

  /// Earns, and spends every `thinkInterval` seconds.
  @inlinable
  public mutating func updateSpawner(in context: inout TickContext) {
    earn(in: context)
    spawner.thinkRemaining -= context.deltaTime
    if spawner.thinkRemaining <= 0 {
      spawner.thinkRemaining += spawner.thinkInterval
      spend(in: &context)
    }
  }

  /// Runs `updateSpawner` for every entity.
  ///
  /// - Complexity: O(n) in the pool's entities, plus what their spending does.
  @inlinable
  public static func stepSpawners(_ pool: inout EntityPool<Self>, in context: inout TickContext) {
    @inline(__always) func update(_ entity: inout Self, _ context: inout TickContext) {
      entity.updateSpawner(in: &context)
    }
    pool.updateEach(in: &context, update)
  }
}

extension TraitSystem {
  /// Lets every `SpawnerTrait` entity earn and spend.
  public static let spawner = TraitSystem(name: "spawner", trait: (any SpawnerTrait).self) {
    ($0 as? any SpawnerTrait.Type)?.spawnerJob
  }
}

extension SpawnerTrait {
  /// The spawner system's work on this type: `stepSpawners`, and what it touches.
  static var spawnerJob: any AnySystemJob {
    // What to buy is each type's own decision: it may keep plans of its own, and draw lots.
    SystemJob(
      component: \Self.spawner,
      reads: [.position, .faction, .component(\.spawner), .ownState],
      writes: [.component(\.spawner), .ownState], effects: [.spawns, .randomness],
      run: { Self.stepSpawners(&$0, in: &$1) })
  }
}
