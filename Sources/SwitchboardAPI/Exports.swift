// Re-exported so that `import SwitchboardAPI` is enough to use the hub types, AWS credentials and,
// on Linux, the `URLRequest` that interceptors receive (it lives in FoundationNetworking there).
@_exported import Switchboard
// Credentials providers and the signer configure AWS_IAM, so they come with the plugin too.
@_exported import SwitchboardSigV4

#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif

// What `WebSocketRealtimeTransport` is configured with, so that trusting a development CA for
// `wss://` subscriptions needs no second import.
@_exported import struct SwitchboardNet.TLSConfiguration
@_exported import enum SwitchboardNet.TLSError
@_exported import struct SwitchboardNet.WebSocketConfiguration
