// Re-exported so that `import SwitchboardAPI` is enough: the hub's types, the record store, what
// `WebSocketRealtimeTransport` is configured with (trusting a development CA for `wss://` needs no
// second import), the AWS credentials that configure AWS_IAM and, on Linux, the `URLRequest` that
// stages and interceptors receive (it lives in FoundationNetworking there).
@_exported import Switchboard
// The record store: typed operations write their results there, and watchers read it.
@_exported import SwitchboardStore

@_exported import struct SwitchboardNet.TLSConfiguration
@_exported import enum SwitchboardNet.TLSError
@_exported import struct SwitchboardNet.WebSocketConfiguration
// Credentials only: SigV4 signing itself is the plugin's business (SigV4RequestSigner).
@_exported import struct SwitchboardSigV4.AWSCredentials
@_exported import enum SwitchboardSigV4.AWSCredentialsError
@_exported import protocol SwitchboardSigV4.AWSCredentialsProvider
@_exported import class SwitchboardSigV4.CredentialsProviderChain
@_exported import struct SwitchboardSigV4.EnvironmentCredentialsProvider
@_exported import struct SwitchboardSigV4.SharedFileCredentialsProvider
@_exported import struct SwitchboardSigV4.StaticCredentialsProvider

#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif
