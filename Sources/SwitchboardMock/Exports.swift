// The real-time server's options and counters, which `MockServer` takes and reports (the local
// server's are the same types).
@_exported import struct SwitchboardRealtimeServer.RealtimeServerOptions
@_exported import struct SwitchboardRealtimeServer.RealtimeServerStatistics
