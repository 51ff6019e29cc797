extension Frame {
  /// The entity drawn topmost at world point `(x, y)`, if any: what a click there picks.
  ///
  /// - Complexity: O(instances + world commands).
  package func entity(atX x: Float, y: Float) -> AnyEntityID? {
    let instances = self.instances
    var found: (layer: Int, entity: AnyEntityID)?
    if let index = instances.topmost(containingX: x, y: y),
      let entity = instances.entity(at: index)
    {
      found = (instances.kinds[Int(instances.sprites[index].kind)].layer, entity)
    }
    for command in world.reversed() {
      guard case .sprite(let sprite) = command.shape, let entity = sprite.entity,
        abs(x - sprite.x) <= sprite.width / 2 && abs(y - sprite.y) <= sprite.height / 2
      else { continue }
      // Commands of a layer are drawn after its instances.
      if command.layer >= found?.layer ?? .min { return entity }
      break
    }
    return found?.entity
  }

  /// Where `entity` is drawn and how large, in world units: its instance, or else its sprite
  /// command; `nil` when the frame does not show it. With a `pairing` of the frame's instances
  /// with an earlier frame's, where the instance is drawn `alpha` of the way from its partner.
  ///
  /// - Complexity: O(instances + world commands).
  package func place(
    of entity: AnyEntityID, pairedWith pairing: InstancePairing? = nil, alpha: Float = 1
  ) -> (x: Float, y: Float, width: Float, height: Float)? {
    if let index = instances.index(of: entity) {
      let t = alpha.isNaN ? 1 : min(max(alpha, 0), 1)
      let sprite =
        pairing.flatMap { $0.earlierSprites.count == instances.count ? $0 : nil }.map {
          $0.sprite(index, of: instances, t: t)
        } ?? instances.sprites[index]
      return (sprite.x, sprite.y, sprite.width, sprite.height)
    }
    for command in world {
      if case .sprite(let sprite) = command.shape, sprite.entity == entity {
        return (sprite.x, sprite.y, sprite.width, sprite.height)
      }
    }
    return nil
  }
}
