import BoidsArt
import BoidsGame
import Frames
import HeadlessRenderer
import Imaging
import Testing

@Suite("Sprite art")
struct SpriteArtTests {
  @Test("every sprite the scene draws is drawn in code, at the size it is drawn in the world")
  func everySpriteExists() throws {
    let images = SpriteArt.images()
    #expect(Set(images.keys) == Set(BoidsScene.spriteIDs))
    let boid = try #require(images[Boid.sprite])
    #expect((boid.width, boid.height) == (Int(Boid.size.x), Int(Boid.size.y)))
    let hawk = try #require(images[Hawk.sprite])
    #expect((hawk.width, hawk.height) == (Int(Hawk.size.x), Int(Hawk.size.y)))
    // Birds are shapes on a transparent ground.
    #expect(boid[x: 0, y: 0].a == 0 && boid[x: 7, y: 7].a == 255)
    #expect(hawk[x: 27, y: 0].a == 0 && hawk[x: 14, y: 14].a == 255)
  }

  @Test("a headless picture of the scene shows the hawks' rust and the boids' slate")
  func pictureShowsBirds() throws {
    let scene = BoidsScene(seed: 1, boidCount: 40)
    var backend = HeadlessBackend(
      width: 1280, height: 720, sprites: try SpriteLibrary(images: SpriteArt.images()))
    backend.render(scene.makeFrame())
    let image = backend.image
    var rust = 0
    var slate = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let pixel = image[x: x, y: y]
        if pixel.r > 150 && pixel.g < 130 && pixel.b < 90 { rust += 1 }
        if pixel.r < 50 && pixel.g < 50 && pixel.b < 70 { slate += 1 }
      }
    }
    #expect(rust > 4 * 100)
    #expect(slate > 40 * 20)
  }
}
