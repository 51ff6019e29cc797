import Foundation
import Testing

@testable import Netplay

@Suite("Netplay: session keys and tags")
struct SessionKeysTests {
  func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

  @Test("SHA-256 gives FIPS 180-4's digests, across block boundaries")
  func sha256() {
    #expect(
      hex(SHA256.hash([]))
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      hex(SHA256.hash(Array("abc".utf8)))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      hex(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    // A million 'a's, added in uneven pieces.
    var hasher = SHA256()
    var left = 1_000_000
    var piece = 1
    while left > 0 {
      let count = min(piece, left)
      hasher.update([UInt8](repeating: 0x61, count: count))
      left -= count
      piece = piece * 3 % 1000 + 1
    }
    #expect(
      hex(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test("HMAC-SHA-256 gives RFC 4231's tags")
  func hmac() {
    // Test case 1: a 20-byte key.
    let one = HMACKey([UInt8](repeating: 0x0b, count: 20)).tag(Array("Hi There".utf8))
    #expect(hex(one) == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    // Test case 2: a short key.
    let two = HMACKey(Array("Jefe".utf8)).tag(Array("what do ya want for nothing?".utf8))
    #expect(hex(two) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    // Test case 6: a key longer than a block, hashed first.
    let six = HMACKey([UInt8](repeating: 0xaa, count: 131)).tag(
      Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8))
    #expect(hex(six) == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
  }

  @Test("a sealed packet opens with its sender's key only, and any change breaks the tag")
  func sealAndOpen() throws {
    let keys = SessionKeys(code: SessionCode(value: 0x3f9a_12cd_88e0_4b71))
    let packet: [UInt8] = Array(0..<40)
    let sealed = keys.seal(packet, from: .guest, counter: 0x0102_0304)
    #expect(sealed.count == packet.count + SessionKeys.sealSize)
    #expect(Array(sealed[40..<44]) == [4, 3, 2, 1])
    let opened = try #require(keys.open(sealed, from: .guest))
    #expect(opened.packet == packet && opened.counter == 0x0102_0304)
    // The other direction's key, another code's, or any byte changed: no.
    #expect(keys.open(sealed, from: .host) == nil)
    #expect(
      SessionKeys(code: SessionCode(value: 0x3f9a_12cd_88e0_4b70)).open(sealed, from: .guest) == nil
    )
    for index in sealed.indices {
      var changed = sealed
      changed[index] ^= 0x10
      #expect(keys.open(changed, from: .guest) == nil, "byte \(index)")
    }
    #expect(keys.open(Array(sealed.prefix(11)), from: .guest) == nil)
  }

  @Test("the session number on the wire is the code's digest, not the code")
  func sessionNumber() {
    let code = SessionCode(value: 0x3f9a_12cd_88e0_4b71)
    let keys = SessionKeys(code: code)
    #expect(keys.session != code.value)
    #expect(keys.session == SessionKeys(code: code).session)
    #expect(keys.session != SessionKeys(code: SessionCode(value: code.value ^ 1)).session)
  }

  @Test("the replay window takes each counter once, out of order within 64, none older")
  func replayWindow() {
    var window = ReplayWindow()
    var taken: [Bool] = []
    for counter: UInt32 in [10, 10, 12, 11, 11, 75, 11, 12, 13, 1_000, 75, 999, 999] {
      taken.append(window.accept(counter))
    }
    // 75 - 11 = 64: 11 is out of the window once 75 came; 12 was seen; 13 was not and is
    // within it; after 1,000, 75 is far out and 999 new once.
    #expect(
      taken == [true, false, true, true, false, true, false, false, true, true, false, true, false])
  }

  @Test("each of the four ways has its own key: a datagram opens only the way it was sealed")
  func directions() {
    let keys = SessionKeys(code: SessionCode(value: 0x1234_5678_9ABC_DEF0))
    let ways: [SessionKeys.Direction] = [
      .hostToGuest, .guestToHost, .hostToSpectator, .spectatorToHost,
    ]
    for sealed in ways {
      let datagram = keys.seal([1, 2, 3, 4], going: sealed, counter: 9)
      for opened in ways {
        let result = keys.open(datagram, going: opened)
        #expect((result != nil) == (sealed == opened), "\(sealed) opened \(opened)")
        if let result { #expect(result.packet == [1, 2, 3, 4] && result.counter == 9) }
      }
    }
    // A role's datagrams go its own way: a spectator's to the host, the host's to its guest.
    #expect(
      keys.seal([5], from: .spectator, counter: 1)
        == keys.seal([5], going: .spectatorToHost, counter: 1))
    #expect(
      keys.seal([5], from: .host, counter: 1) == keys.seal([5], going: .hostToGuest, counter: 1))
  }
}
