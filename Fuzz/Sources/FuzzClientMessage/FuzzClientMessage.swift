// libFuzzer target: `ClientMessage(decoding:)`, the decoder for every byte a page sends the server.
//
// Checked for every input:
// - decoding never traps, hangs or grows memory (the sanitizers and libFuzzer's limits catch those);
// - a rejected message yields an error reply the page can read back: `ErrorMessage(error)` encodes,
//   and `FrameDecoder` decodes it to the same code and sentence;
// - an accepted message survives the encoder: `ClientMessage(decoding: message.encoded())` is an
//   equal message, and encoding that again gives the same bytes (the encoding is stable after one
//   trip; the first may differ from the input only where milliseconds become seconds).

import SegueWire

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzClientMessage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let message: ClientMessage
    do {
        message = try ClientMessage(decoding: bytes)
    } catch {
        checkErrorReply(for: error, input: bytes)
        return 0
    }
    checkRoundTrip(message, input: bytes)
    return 0
}

private func checkRoundTrip(_ message: ClientMessage, input: [UInt8]) {
    let encoded = message.encoded()
    let again: ClientMessage
    do {
        again = try ClientMessage(decoding: encoded)
    } catch {
        fail("re-encoded message is rejected: \(error)", message: message, input: input, encoded: encoded)
    }
    guard again == message else {
        fail("re-encoded message decodes to \(again)", message: message, input: input, encoded: encoded)
    }
    let reencoded = again.encoded()
    guard reencoded == encoded else {
        fail("second encoding differs: \(hex(reencoded))", message: message, input: input, encoded: encoded)
    }
}

private func checkErrorReply(for error: ClientMessageError, input: [UInt8]) {
    let reply = ErrorMessage(error)
    var decoder = FrameDecoder()
    let decoded: ServerMessage
    do {
        decoded = try decoder.decode(reply.encoded())
    } catch {
        fatalError("error reply for \(hex(input)) is unreadable: \(error)")
    }
    guard decoded == .error(reply) else {
        fatalError("error reply for \(hex(input)) decodes to \(decoded), not \(reply)")
    }
}

private func fail(_ problem: String, message: ClientMessage, input: [UInt8], encoded: [UInt8]) -> Never {
    fatalError("round trip: \(problem)\n  input   \(hex(input))\n  message \(message)\n  encoded \(hex(encoded))")
}

private func hex(_ bytes: [UInt8]) -> String {
    bytes.map { byte in
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }.joined(separator: " ")
}
