// The real-time server's options and counters, which `LocalServer` takes and reports (the mock
// server's are the same types).
@_exported import struct SwitchboardRealtimeServer.RealtimeServerOptions
@_exported import struct SwitchboardRealtimeServer.RealtimeServerStatistics
