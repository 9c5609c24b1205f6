// libFuzzer's entry for programs that have their own main: SwiftPM names an executable target's
// entry point after the module and aliases `main` to it, so libFuzzer's own main is never linked
// and each target's main.swift hands its input callback to the driver instead.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
