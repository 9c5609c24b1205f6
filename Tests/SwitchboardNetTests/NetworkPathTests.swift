import Foundation
import Testing

@testable import SwitchboardNet

/// What the network path says about connections, and the monitor's first report.
@Suite struct NetworkPathTests {
    @Test func aConnectionIsCarriedWhileItsAddressIsOnAnInterfaceThatIsUp() {
        let path = NetworkPath(addresses: ["10.0.0.5", "fe80::1"])
        #expect(path.isUsable)
        #expect(path.carries(localHost: "10.0.0.5"))
        #expect(path.carries(localHost: "fe80::1%eth0"))
        #expect(!path.carries(localHost: "10.0.0.6"))
        #expect(path.carries(localHost: "::ffff:10.0.0.5"))
        // Loopback needs no interface in the list.
        for host in ["127.0.0.1", "127.3.2.1", "::1", "localhost"] { #expect(path.carries(localHost: host)) }
        #expect(!NetworkPath(addresses: []).isUsable)
    }

    @Test func theCurrentPathListsNoLoopbackAddress() {
        let path = NetworkPath.current()
        #expect(!path.addresses.contains("127.0.0.1") && !path.addresses.contains("::1"))
    }

    @Test func theMonitorReportsThePathAtOnce() async throws {
        var paths = NetworkMonitor.shared.paths().makeAsyncIterator()
        let first = await paths.next()
        #expect(first == NetworkPath.current())
    }
}
