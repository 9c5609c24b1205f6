// Re-exported so that `import SwitchboardAPI` is enough to use the hub types and, on Linux, the
// `URLRequest` that interceptors receive (it lives in FoundationNetworking there).
@_exported import Switchboard

#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif
