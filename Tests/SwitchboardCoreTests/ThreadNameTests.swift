import Foundation
import Testing

@testable import SwitchboardCore

/// A thread's name reaches the system, cut to what Linux keeps without splitting a character.
@Suite struct ThreadNameTests {
    @Test(arguments: [
        ("sb-loop-3", "sb-loop-3"),
        ("switchboard-event-loop", "switchboard-eve"),
        // "é" is two bytes: the 15th byte would split it, so the name stops before it.
        ("fourteen-bytesé", "fourteen-bytes"),
    ])
    func aThreadNamedHasThatNameCutTo15Bytes(name: String, expected: String) async {
        let seen = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            Thread.detachNewThread {
                ThreadName.set(name)
                continuation.resume(returning: ThreadName.current)
            }
        }
        #expect(seen == expected)
    }
}
