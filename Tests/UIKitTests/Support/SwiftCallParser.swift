import Foundation

/// A copied animation call read back, for tests only: `Callee(label: value, …)` with numbers,
/// `.member`s, `[lists]`, nested calls (`CGPoint(x:y:)`, `UISpringTimingParameters(…)`,
/// `UIView.AnimationOptions(rawValue:)`), the `{ … }` placeholder of a closure, and one method
/// called on a call's result (`UIViewPropertyAnimator(…).startAnimation(afterDelay: 0.1)`).
/// Anything else is a parse error, so a call the generator prints wrong fails the test that reads it.
indirect enum SwiftValue: Equatable {
    case number(Double)
    case member(String)
    case list([SwiftValue])
    case call(String, [(label: String?, value: SwiftValue)])
    /// `base.method(…)`: the base call, and the method as a call named by the method alone.
    case chain(SwiftValue, SwiftValue)
    case closure

    static func == (a: SwiftValue, b: SwiftValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): x == y
        case (.member(let x), .member(let y)): x == y
        case (.list(let x), .list(let y)): x == y
        case (.closure, .closure): true
        case (.chain(let x, let f), .chain(let y, let g)): x == y && f == g
        case (.call(let f, let x), .call(let g, let y)):
            f == g && x.count == y.count && zip(x, y).allSatisfy { $0.label == $1.label && $0.value == $1.value }
        default: false
        }
    }

    /// The argument labelled `label` of a call.
    subscript(_ label: String) -> SwiftValue? {
        guard case .call(_, let arguments) = self else { return nil }
        return arguments.first { $0.label == label }?.value
    }

    var labels: [String] {
        guard case .call(_, let arguments) = self else { return [] }
        return arguments.compactMap(\.label)
    }

    var callee: String? {
        guard case .call(let callee, _) = self else { return nil }
        return callee
    }

    var number: Double? {
        guard case .number(let value) = self else { return nil }
        return value
    }
}

struct SwiftCallParser {
    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    private let characters: [Character]
    private var index = 0

    /// The whole text as one call.
    static func parse(_ text: String) throws -> SwiftValue {
        var parser = SwiftCallParser(characters: Array(text))
        var value = try parser.value()
        if parser.peek == "." {
            parser.index += 1
            let method = try parser.value()
            guard case .call = method else { throw parser.error("a method call") }
            value = .chain(value, method)
        }
        parser.skipSpaces()
        guard parser.index == parser.characters.count else { throw parser.error("trailing text") }
        if case .chain = value { return value }
        guard case .call = value else { throw parser.error("not a call") }
        return value
    }

    private init(characters: [Character]) {
        self.characters = characters
    }

    private mutating func value() throws -> SwiftValue {
        skipSpaces()
        guard let c = peek else { throw error("a value") }
        if c == "{" {
            try expect("{ … }")
            return .closure
        }
        if c == "[" {
            index += 1
            var items: [SwiftValue] = []
            skipSpaces()
            if peek == "]" { index += 1; return .list(items) }
            while true {
                items.append(try value())
                skipSpaces()
                if peek == "]" { index += 1; return .list(items) }
                try expect(",")
            }
        }
        if c == "." {
            index += 1
            return .member(identifier())
        }
        if c == "-" || c.isNumber {
            let start = index
            index += 1
            while let d = peek, d.isNumber || d == "." || d == "e" || d == "-" || d == "+" { index += 1 }
            guard let number = Double(String(characters[start..<index])) else { throw error("a number") }
            return .number(number)
        }
        var callee = identifier()
        while peek == "." {
            index += 1
            callee += "." + identifier()
        }
        guard !callee.isEmpty else { throw error("a value") }
        try expect("(")
        var arguments: [(String?, SwiftValue)] = []
        skipSpaces()
        if peek == ")" { index += 1; return .call(callee, []) }
        while true {
            skipSpaces()
            let save = index
            let name = identifier()
            var label: String?
            if !name.isEmpty, peek == ":" {
                index += 1
                label = name
            } else {
                index = save
            }
            arguments.append((label, try value()))
            skipSpaces()
            if peek == ")" { index += 1; return .call(callee, arguments) }
            try expect(",")
        }
    }

    private var peek: Character? { index < characters.count ? characters[index] : nil }

    private mutating func identifier() -> String {
        let start = index
        while let c = peek, c.isLetter || c.isNumber || c == "_" { index += 1 }
        return String(characters[start..<index])
    }

    private mutating func skipSpaces() {
        while peek == " " { index += 1 }
    }

    private mutating func expect(_ text: String) throws {
        skipSpaces()
        for c in text {
            guard peek == c else { throw error("'\(text)'") }
            index += 1
        }
    }

    private func error(_ expected: String) -> ParseError {
        ParseError(description: "expected \(expected) at \(index) of \(String(characters))")
    }
}
