// Re-exported so that `import SwitchboardAPI` is enough to use the hub types, AWS credentials
// (credentials providers and the signer configure AWS_IAM), what `WebSocketRealtimeTransport` is
// configured with (trusting a development CA for `wss://` needs no second import) and, on Linux,
// the `URLRequest` that interceptors receive (it lives in FoundationNetworking there).
@_exported import Switchboard
@_exported import SwitchboardSigV4

@_exported import struct SwitchboardNet.TLSConfiguration
@_exported import enum SwitchboardNet.TLSError
@_exported import struct SwitchboardNet.WebSocketConfiguration

#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif
