import Foundation

/// The CPU time a process has used, from Linux's /proc/PID/stat: what a server spends per
/// request, however fast the load generator can drive it.
enum ProcessCPU {
    /// utime + stime of `pid` in seconds; nil where /proc is not there or the process is gone.
    static func seconds(pid: Int) -> Double? {
        guard let handle = FileHandle(forReadingAtPath: "/proc/\(pid)/stat") else { return nil }
        defer { try? handle.close() }
        let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (state); utime and stime are fields 14 and 15, in clock ticks.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
