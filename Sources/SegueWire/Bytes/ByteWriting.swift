// Little-endian writers over the caller's reused buffer. Each appends in place: once the buffer's
// capacity covers a frame, writing one allocates nothing.

extension Array where Element == UInt8 {
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }

    mutating func appendFloat32(_ value: Double) {
        appendLittleEndian(Float(value).bitPattern)
    }

    mutating func appendFloat64(_ value: Double) {
        appendLittleEndian(value.bitPattern)
    }

    /// Unsigned LEB128: 7 bits a byte, low bits first, high bit set on every byte but the last.
    /// Ids, depths and lengths are small, so most take one byte instead of four.
    mutating func appendVarint(_ value: UInt32) {
        var rest = value
        while rest >= 0x80 {
            append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        append(UInt8(truncatingIfNeeded: rest))
    }

    /// A varint byte count, then the UTF-8 bytes (copied straight from the string's storage).
    mutating func appendString(_ string: String) {
        appendVarint(UInt32(clamping: string.utf8.count))
        append(contentsOf: string.utf8)
    }

    /// r, g, b, a bytes, each rounded and clamped as `UIColor.rgba8` defines.
    mutating func appendColor(_ rgba: UInt32) {
        appendLittleEndian(rgba)
    }
}
