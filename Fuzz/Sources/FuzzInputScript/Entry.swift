import CLibFuzzer

/// The executable's entry point. SwiftPM links it as `main` (`--defsym main=FuzzInputScript_main`), which
/// takes precedence over libFuzzer's own `main`; both run the same driver over the same callback.
@_cdecl("FuzzInputScript_main")
public func fuzzInputScriptMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzInputScript(data, size) }
}
