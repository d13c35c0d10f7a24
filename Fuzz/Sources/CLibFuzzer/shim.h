// libFuzzer's driver entry point (compiler-rt's FuzzerInterface.h), declared for Swift.
#pragma once
#include <stddef.h>
#include <stdint.h>

typedef int (*LLVMFuzzerCallback)(const uint8_t *data, size_t size);

/// Runs libFuzzer with the command line's flags, calling `callback` for each input: what libFuzzer's
/// own `main` does (Package.swift says why the targets call it themselves).
int LLVMFuzzerRunDriver(int *argc, char ***argv, LLVMFuzzerCallback callback);
