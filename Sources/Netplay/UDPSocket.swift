#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A UDP endpoint's address, IPv4 or IPv6, compared byte for byte.
public struct SocketAddress: Hashable, Sendable, CustomStringConvertible {
  fileprivate var storage: sockaddr_storage
  fileprivate var length: socklen_t

  fileprivate init(storage: sockaddr_storage, length: socklen_t) {
    self.storage = storage
    self.length = length
  }

  /// The addresses `host` and `port` name (a numeric address or a name the system resolves),
  /// IPv4 first.
  ///
  /// - Throws: `NetworkError.unresolved` if the system finds none.
  public static func resolve(host: String, port: UInt16) throws(NetworkError) -> [SocketAddress] {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_DGRAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &list)
    guard status == 0, let first = list else {
      throw .unresolved(host: host, reason: String(cString: gai_strerror(status)))
    }
    defer { freeaddrinfo(first) }
    var addresses: [SocketAddress] = []
    var entry: UnsafeMutablePointer<addrinfo>? = first
    while let current = entry {
      if let address = current.pointee.ai_addr {
        var storage = sockaddr_storage()
        let length = current.pointee.ai_addrlen
        withUnsafeMutableBytes(of: &storage) { target in
          target.copyMemory(
            from: UnsafeRawBufferPointer(start: address, count: Int(length)))
        }
        let candidate = SocketAddress(storage: storage, length: length)
        if !addresses.contains(candidate) { addresses.append(candidate) }
      }
      entry = current.pointee.ai_next
    }
    guard !addresses.isEmpty else {
      throw .unresolved(host: host, reason: "no address")
    }
    return addresses.sorted { $0.family == AF_INET && $1.family != AF_INET }
  }

  /// `AF_INET` or `AF_INET6`.
  var family: Int32 { Int32(storage.ss_family) }

  /// Whether this is a loopback address (127.0.0.0/8 or ::1, or ::ffff:127.x.y.z).
  public var isLoopback: Bool {
    withUnsafeBytes(of: storage) { bytes in
      if family == AF_INET {
        return bytes.load(fromByteOffset: 4, as: UInt8.self) == 127
      }
      // sin6_addr starts at byte 8.
      let address = Array(bytes[8..<24])
      if address == [UInt8](repeating: 0, count: 15) + [1] { return true }
      return address[0..<10].allSatisfy { $0 == 0 } && address[10] == 0xFF
        && address[11] == 0xFF && address[12] == 127
    }
  }

  /// The port.
  public var port: UInt16 {
    withUnsafeBytes(of: storage) { bytes in
      UInt16(bytes[2]) << 8 | UInt16(bytes[3])
    }
  }

  /// `127.0.0.1:7777` or `[::1]:7777`.
  public var description: String {
    var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
    var copy = storage
    let status = withUnsafePointer(to: &copy) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getnameinfo($0, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST)
      }
    }
    let name =
      status == 0
      ? String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
    return family == AF_INET6 ? "[\(name)]:\(port)" : "\(name):\(port)"
  }

  /// Whether both are the same address and port, byte for byte.
  public static func == (lhs: SocketAddress, rhs: SocketAddress) -> Bool {
    guard lhs.length == rhs.length else { return false }
    let count = Int(lhs.length)
    return withUnsafeBytes(of: lhs.storage) { left in
      withUnsafeBytes(of: rhs.storage) { right in
        left.prefix(count).elementsEqual(right.prefix(count))
      }
    }
  }

  /// Hashes the address's bytes, as `==` compares them.
  public func hash(into hasher: inout Hasher) {
    let count = Int(length)
    withUnsafeBytes(of: storage) {
      hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: $0.prefix(count)))
    }
  }
}

/// What went wrong with the network, in words a player can act on.
public enum NetworkError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The host name did not resolve.
  case unresolved(host: String, reason: String)
  /// A socket call failed.
  case system(call: String, reason: String)

  /// Why, in words.
  public var description: String {
    switch self {
    case .unresolved(let host, let reason): "cannot find host \(host): \(reason)"
    case .system(let call, let reason): "\(call) failed: \(reason)"
    }
  }

  static func lastError(_ call: String) -> NetworkError {
    .system(call: call, reason: String(cString: strerror(errno)))
  }
}

/// A non-blocking UDP socket: datagrams in and out, each at most `PacketCodec.maximumSize`
/// bytes, with a bounded wait for the next.
public final class UDPSocket {
  private let descriptor: Int32
  /// The family the socket was opened for.
  let family: Int32

  /// Opens a socket bound to `host` (an address of this machine; `nil` for every interface,
  /// IPv4 and IPv6) and `port` (0 picks a free one).
  ///
  /// - Throws: `NetworkError` if the address does not resolve or the port is taken.
  public convenience init(bindingTo host: String?, port: UInt16) throws(NetworkError) {
    let address: SocketAddress
    if let host {
      address = try SocketAddress.resolve(host: host, port: port)[0]
    } else {
      // Every interface, IPv6 and IPv4-mapped alike.
      var any = sockaddr_in6()
      any.sin6_family = sa_family_t(AF_INET6)
      any.sin6_port = port.bigEndian
      var storage = sockaddr_storage()
      withUnsafeMutableBytes(of: &storage) { target in
        withUnsafeBytes(of: any) { target.copyMemory(from: $0) }
      }
      address = SocketAddress(
        storage: storage, length: socklen_t(MemoryLayout<sockaddr_in6>.size))
    }
    try self.init(bindingTo: address)
  }

  /// Opens a socket of `peer`'s family bound to any free port: the joining side's.
  ///
  /// - Throws: `NetworkError` if no socket opens.
  public convenience init(toReach peer: SocketAddress) throws(NetworkError) {
    var storage = sockaddr_storage()
    storage.ss_family = sa_family_t(peer.family)
    let length =
      peer.family == AF_INET6
      ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size
    try self.init(bindingTo: SocketAddress(storage: storage, length: socklen_t(length)))
  }

  private init(bindingTo address: SocketAddress) throws(NetworkError) {
    family = address.family
    descriptor = socket(family, Int32(SOCK_DGRAM.rawValue), 0)
    guard descriptor >= 0 else { throw NetworkError.lastError("socket") }
    if family == AF_INET6 {
      var off: Int32 = 0
      setsockopt(
        descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &off, socklen_t(MemoryLayout<Int32>.size))
    }
    var copy = address.storage
    let status = withUnsafePointer(to: &copy) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, address.length)
      }
    }
    guard status == 0 else {
      let error = NetworkError.lastError("bind to \(address)")
      close(descriptor)
      throw error
    }
    let flags = fcntl(descriptor, F_GETFL, 0)
    _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
  }

  deinit {
    close(descriptor)
  }

  /// The port the socket is bound to.
  public var localPort: UInt16 {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let status = withUnsafeMutablePointer(to: &storage) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    return status == 0 ? SocketAddress(storage: storage, length: length).port : 0
  }

  /// Sends one datagram; a full buffer or an unreachable peer loses it, as the network may.
  ///
  /// - Returns: Whether the system took it.
  @discardableResult
  public func send(_ bytes: [UInt8], to address: SocketAddress) -> Bool {
    var copy = address.storage
    let sent = withUnsafePointer(to: &copy) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { target in
        bytes.withUnsafeBytes { buffer in
          sendto(
            descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL), target,
            address.length)
        }
      }
    }
    return sent == bytes.count
  }

  /// The next datagram waiting, with its sender, or `nil` if none came within `timeout`
  /// seconds (0 does not wait).
  public func receive(timeout: Double) -> (bytes: [UInt8], sender: SocketAddress)? {
    if timeout > 0 {
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let milliseconds = Int32(min(max(timeout * 1000, 0), 1000).rounded(.up))
      guard poll(&poller, 1, milliseconds) > 0 else { return nil }
    }
    // One byte more than a packet may have, so that a longer datagram is seen as one.
    var buffer = [UInt8](repeating: 0, count: PacketCodec.maximumSize + 1)
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let count = buffer.withUnsafeMutableBytes { target in
      withUnsafeMutablePointer(to: &storage) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          recvfrom(descriptor, target.baseAddress, target.count, 0, $0, &length)
        }
      }
    }
    guard count >= 0 else { return nil }
    return (Array(buffer.prefix(count)), SocketAddress(storage: storage, length: length))
  }
}
