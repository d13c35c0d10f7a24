/// A bounds-checked cursor over a received message. Every read returns nil instead of trapping
/// when the bytes run out, so a decoder turns any short or hostile input into its own typed error.
///
/// It reads the bytes where they lie (the transport's receive buffer, or an array's storage), so
/// a message is not copied to be decoded; a reader is valid only while its lender's scope lasts.
struct ByteReader {
    private let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    var remaining: Int { bytes.count - offset }
    var isAtEnd: Bool { offset == bytes.count }

    mutating func readUInt8() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func readLittleEndian<T: FixedWidthInteger>(_: T.Type) -> T? {
        let size = MemoryLayout<T>.size
        guard remaining >= size else { return nil }
        defer { offset += size }
        return T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    mutating func readFloat32() -> Float? {
        readLittleEndian(UInt32.self).map(Float.init(bitPattern:))
    }

    mutating func readFloat64() -> Double? {
        readLittleEndian(UInt64.self).map(Double.init(bitPattern:))
    }

    /// Unsigned LEB128 of at most 32 bits: nil when truncated or when a fifth byte carries bits
    /// beyond bit 31 or a continuation flag.
    mutating func readVarint() -> UInt32? {
        var value: UInt32 = 0
        for index in 0..<5 {
            guard let byte = readUInt8() else { return nil }
            if index == 4 && byte > 0x0F { return nil }
            value |= UInt32(byte & 0x7F) << (7 * index)
            if byte & 0x80 == 0 { return value }
        }
        return nil
    }

    /// The next `count` bytes, lent as the reader's own are: copy what must outlive the decode.
    mutating func readBytes(count: Int) -> UnsafeRawBufferPointer? {
        guard count >= 0, remaining >= count else { return nil }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
    }

    /// A varint length then that many bytes, which must be valid UTF-8.
    mutating func readString() -> StringRead {
        guard let length = readVarint(), let utf8 = readBytes(count: Int(length)) else { return .truncated }
        guard let string = String(validating: utf8, as: UTF8.self) else { return .invalidUTF8 }
        return .string(string)
    }

    enum StringRead {
        case string(String)
        case truncated
        case invalidUTF8
    }
}
