/// One way of calling the workload's trait code: a name for `--strategy`, its number in the
/// benchmark's list and a one-line description.
public struct DispatchStrategy: Sendable, Hashable {
  /// The short, stable name, e.g. `class-hierarchy`.
  public let name: String
  /// The strategy's number in the benchmark's list (1 to 9); variants share their number.
  public let number: Int
  /// One line saying what the strategy does.
  public let summary: String
  private let make: @Sendable (Workload) -> any Simulation

  private init(
    _ name: String, _ number: Int, _ summary: String,
    make: @escaping @Sendable (Workload) -> any Simulation
  ) {
    self.name = name
    self.number = number
    self.summary = summary
    self.make = make
  }

  /// Builds the strategy's representation of a workload's entities.
  func makeSimulation(_ workload: Workload) -> any Simulation {
    make(workload)
  }

  /// Strategies compare by name.
  public static func == (lhs: DispatchStrategy, rhs: DispatchStrategy) -> Bool {
    lhs.name == rhs.name
  }

  /// Hashes the name.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
  }

  /// Every strategy, in the order the benchmark runs and reports them.
  public static let all: [DispatchStrategy] = [
    DispatchStrategy(
      "class-hierarchy", 1,
      "Base class, update() overridden per subclass; objects in random type order."
    ) { ClassHierarchySimulation($0, sortedByKind: false) },
    DispatchStrategy(
      "class-hierarchy-sorted", 1,
      "The same class hierarchy with the objects sorted by type."
    ) { ClassHierarchySimulation($0, sortedByKind: true) },
    DispatchStrategy(
      "existential-structs", 2,
      "[any Simulated] of structs with default implementations; large kinds boxed."
    ) { ExistentialSimulation($0, .structs) },
    DispatchStrategy(
      "existential-classes", 3,
      "[any Simulated] of internal final classes with the same default implementations."
    ) { ExistentialSimulation($0, .classes) },
    DispatchStrategy(
      "existential-classes-public", 3,
      "The same classes declared public: every property access pays an exclusivity check."
    ) { ExistentialSimulation($0, .publicClasses) },
    DispatchStrategy(
      "dynamic-cast", 4,
      "[any Body] with an as? cast per trait (any Moving, any Regenerating) per entity per tick."
    ) { DynamicCastSimulation($0) },
    DispatchStrategy(
      "enum-switch", 5,
      "A closed enum of kinds, one switch per entity."
    ) { EnumSwitchSimulation($0) },
    DispatchStrategy(
      "type-erased-pools", 6,
      "A pool per type behind an existential; the loop via a static requirement, specialised."
    ) { TypeErasedPoolSimulation($0, specialised: true) },
    DispatchStrategy(
      "type-erased-pools-unspecialised", 6,
      "The same pools with the loop written in the generic pool: runs unspecialised."
    ) { TypeErasedPoolSimulation($0, specialised: false) },
    DispatchStrategy(
      "generic-arrays", 7,
      "A contiguous array per concrete type, each stepped by a specialised generic loop."
    ) { GenericArraySimulation($0) },
    DispatchStrategy(
      "soa", 8,
      "Structure of arrays: plain Float arrays, one pass per axis and one for health."
    ) { StructureOfArraysSimulation($0) },
    DispatchStrategy(
      "soa-simd", 8,
      "Structure of arrays with a SIMD2<Float> position and velocity per entity."
    ) { SIMDPairSimulation($0) },
    DispatchStrategy(
      "soa-simd8", 8,
      "Structure of arrays in SIMD8<Float> chunks of eight entities: vectorised by hand."
    ) { SIMDLaneSimulation($0) },
    DispatchStrategy(
      "world-rows", 9,
      "Prototype: each type one array of whole entities, the traits' methods run in place."
    ) {
      PrototypeSimulation<
        RowArray<WorldScout>, RowArray<WorldRunner>, RowArray<WorldBrute>, RowArray<WorldHauler>
      >($0)
    },
    DispatchStrategy(
      "world-component-columns", 9,
      "Prototype: a column per component, copied into a template entity and back per system."
    ) {
      PrototypeSimulation<
        ComponentColumns<WorldScout>, ComponentColumns<WorldRunner>, ComponentColumns<WorldBrute>,
        ComponentColumns<WorldHauler>
      >($0)
    },
    DispatchStrategy(
      "world-block-rows", 9,
      "Prototype: word columns in blocks, each block copied out to whole entities and back."
    ) {
      PrototypeSimulation<
        BlockRows<WorldScout>, BlockRows<WorldRunner>, BlockRows<WorldBrute>, BlockRows<WorldHauler>
      >($0)
    },
    DispatchStrategy(
      "traitsandbox-world", 9,
      "TraitSandbox's World stepping the real MovementTrait and HealthTrait systems."
    ) { WorldSimulation($0) },
  ]

  /// The strategy with this name, if there is one.
  public static func named(_ name: String) -> DispatchStrategy? {
    all.first { $0.name == name }
  }
}
