#if canImport(Glibc)
import Glibc
#endif

/// How many bytes the program holds on the heap, for the benchmarks' "does a frame allocate?" check.
enum HeapUsage {
    /// glibc's `mallinfo2().uordblks`: bytes in allocated chunks (0 where it cannot be read).
    ///
    /// <malloc.h> is not in the Glibc module, so the function is looked up at run time. It returns a
    /// 10 × size_t struct, which the x86-64 SysV ABI returns through a hidden pointer passed as the
    /// first argument: exactly a C function taking that pointer. Other ABIs differ; they read 0.
    static func bytesInUse() -> Int {
        #if canImport(Glibc) && arch(x86_64)
        typealias MallInfo2 = @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallinfo2") else { return 0 }
        let mallinfo2 = unsafeBitCast(symbol, to: MallInfo2.self)
        var fields = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &fields) { buffer in
            _ = mallinfo2(buffer.baseAddress!)
            // arena, ordblks, smblks, hblks, hblkhd, usmblks, fsmblks, uordblks, fordblks, keepcost
            return buffer.load(fromByteOffset: 7 * MemoryLayout<Int>.stride, as: Int.self)
        }
        #else
        return 0
        #endif
    }
}
