// Re-exported so that `import SwitchboardAPI` is enough to use the hub types, AWS credentials
// (credentials providers and the signer configure AWS_IAM), what `WebSocketRealtimeTransport` is
// configured with (trusting a development CA for `wss://` needs no second import) and, on Linux,
// the `URLRequest` that interceptors receive (it lives in FoundationNetworking there).
@_exported import Switchboard
// The record store: typed operations write their results there, and watchers read it.
@_exported import SwitchboardStore

@_exported import struct SwitchboardNet.TLSConfiguration
@_exported import enum SwitchboardNet.TLSError
@_exported import struct SwitchboardNet.WebSocketConfiguration
// Only what configuring AWS_IAM and debugging a signature need: SwitchboardSigV4's SHA-256, HMAC
// and hex helpers are internal to the package, and out of every app's namespace, where CryptoKit
// users already have those names.
@_exported import struct SwitchboardSigV4.AWSCredentials
@_exported import enum SwitchboardSigV4.AWSCredentialsError
@_exported import protocol SwitchboardSigV4.AWSCredentialsProvider
@_exported import struct SwitchboardSigV4.AppSyncIAMAuthorization
@_exported import class SwitchboardSigV4.CredentialsProviderChain
@_exported import struct SwitchboardSigV4.EnvironmentCredentialsProvider
@_exported import struct SwitchboardSigV4.SharedFileCredentialsProvider
@_exported import enum SwitchboardSigV4.SigV4Error
@_exported import struct SwitchboardSigV4.SigV4HeaderField
@_exported import struct SwitchboardSigV4.SigV4Request
@_exported import struct SwitchboardSigV4.SigV4Signature
@_exported import struct SwitchboardSigV4.SigV4Signer
@_exported import struct SwitchboardSigV4.SigV4Timestamp
@_exported import enum SwitchboardSigV4.SigV4VerificationError
@_exported import struct SwitchboardSigV4.SigV4Verifier
@_exported import struct SwitchboardSigV4.StaticCredentialsProvider

#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif
