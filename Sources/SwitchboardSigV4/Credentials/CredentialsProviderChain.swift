import Foundation

/// Tries providers in order and caches the first credentials found, asking again shortly before
/// they expire (or after a `notFound` from every provider, at the next call).
///
/// ```swift
/// let chain = CredentialsProviderChain.standard()  // environment, then ~/.aws files
/// let credentials = try await chain.credentials()
/// ```
public actor CredentialsProviderChain: AWSCredentialsProvider {
    private let providers: [any AWSCredentialsProvider]
    private let refreshMargin: TimeInterval
    private let now: @Sendable () -> Date
    private var cached: AWSCredentials?
    private var refresh: Task<AWSCredentials, any Error>?

    /// A chain of `providers`; credentials are refreshed `refreshMargin` seconds before they expire.
    public init(
        _ providers: [any AWSCredentialsProvider], refreshMargin: TimeInterval = 300,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.providers = providers
        self.refreshMargin = refreshMargin
        self.now = now
    }

    /// Environment variables, then the shared credentials and config files — the AWS CLI's order
    /// for static credentials.
    public static func standard() -> CredentialsProviderChain {
        CredentialsProviderChain([EnvironmentCredentialsProvider(), SharedFileCredentialsProvider()])
    }

    /// Cached credentials while they are fresh; otherwise the first provider's that has some.
    /// Concurrent callers share one refresh.
    public func credentials() async throws -> AWSCredentials {
        if let cached, !cached.expires(within: refreshMargin, of: now()) { return cached }
        if let refresh { return try await refresh.value }
        let task = Task { [providers, now] in try await Self.firstCredentials(from: providers, now: now) }
        refresh = task
        defer { refresh = nil }
        do {
            let credentials = try await task.value
            cached = credentials
            return credentials
        } catch {
            // Fresh-enough cached credentials are better than none while a source is briefly down.
            if let cached, !cached.expires(within: 0, of: now()) { return cached }
            throw error
        }
    }

    /// Forgets the cached credentials, so that the next call asks the providers again.
    public func invalidate() {
        cached = nil
    }

    private static func firstCredentials(from providers: [any AWSCredentialsProvider], now: () -> Date) async throws
        -> AWSCredentials
    {
        var reasons: [String] = []
        for provider in providers {
            do {
                let credentials = try await provider.credentials()
                if let expiration = credentials.expiration, expiration <= now() {
                    throw AWSCredentialsError.expired(source: "\(type(of: provider))", expiration: expiration)
                }
                return credentials
            } catch let error as AWSCredentialsError where error.allowsNextProvider {
                reasons.append(error.description)
            }
        }
        throw AWSCredentialsError.noProviderHadCredentials(reasons)
    }
}
