import Foundation

/// A throw-away CA and server certificates made with the `openssl` command-line tool at test
/// time (nothing is committed). `nil`, after printing why, when `openssl` is not installed.
///
/// They are made once per test run, on a Dispatch thread: waiting for `openssl` blocks, and
/// blocking the few cooperative-pool threads would stall every other test's sockets meanwhile.
public struct TestCertificates: Sendable {
    private static let once = CertificateCache()

    /// The certificates of this test run (made on first use).
    public static func shared(caller: String = #function) async -> TestCertificates? {
        await once.value(caller: caller)
    }

    /// Where the files are.
    public let directory: URL
    /// The CA certificate (PEM file).
    public var caFile: URL { directory.appendingPathComponent("ca.pem") }
    /// A leaf for IP address 127.0.0.1.
    public var ipLeaf: (chain: URL, key: URL) {
        (directory.appendingPathComponent("ip.pem"), directory.appendingPathComponent("ip.key"))
    }
    /// A leaf for the DNS name `other.example` only.
    public var otherLeaf: (chain: URL, key: URL) {
        (directory.appendingPathComponent("other.pem"), directory.appendingPathComponent("other.key"))
    }

    static func make(caller: String = #function) -> TestCertificates? {
        guard
            let openssl = ["/usr/bin/openssl", "/usr/local/bin/openssl", "/opt/homebrew/bin/openssl"]
                .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else {
            print("skipping \(caller): the openssl command-line tool is not installed")
            return nil
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("switchboard-tls-\(UUID())")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            func run(_ arguments: [String]) throws {
                let child = try SpawnedChild(
                    openssl, arguments, environment: ProcessInfo.processInfo.environment, directory: directory,
                    standardInput: STDIN_FILENO, standardOutput: nil, standardError: nil)
                guard child.blockUntilExit().status == 0 else {
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "openssl \(arguments)"])
                }
            }
            let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
            try run(
                ["req", "-x509"] + ec + [
                    "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=Switchboard Test CA",
                    "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
                ])
            for (name, san) in [("ip", "IP:127.0.0.1"), ("other", "DNS:other.example")] {
                try run(["req"] + ec + ["-keyout", "\(name).key", "-out", "\(name).csr", "-subj", "/CN=\(name)"])
                try "subjectAltName=\(san)\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
                    .write(to: directory.appendingPathComponent("\(name).ext"), atomically: true, encoding: .utf8)
                try run([
                    "x509", "-req", "-in", "\(name).csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                    "-out", "\(name).pem", "-days", "2", "-extfile", "\(name).ext",
                ])
            }
        } catch {
            print("skipping \(caller): making test certificates failed: \(error)")
            return nil
        }
        return TestCertificates(directory: directory)
    }

    /// Deletes the files.
    public func remove() { try? FileManager.default.removeItem(at: directory) }
}

/// Makes the certificates at most once, off the cooperative pool.
private actor CertificateCache {
    private var made: TestCertificates??

    func value(caller: String) async -> TestCertificates? {
        if let made { return made }
        let certificates = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: TestCertificates.make(caller: caller)) }
        }
        made = .some(certificates)
        return certificates
    }
}
