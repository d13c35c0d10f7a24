/// One thing `segue-port` says about a file: a rewrite it makes, or a construct it cannot port.
///
/// Positions are those of the file as it was read: 1-based lines and 1-based columns counted in
/// UTF-8 bytes, as the Swift compiler counts them.
public struct Finding: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// `before` was replaced by `after`.
        case rewrite(before: String, after: String)
        /// An attribute or modifier was dropped.
        case removal(String)
        /// `what` is left as it is and will not build on Linux, because of `why`.
        case unportable(what: String, why: String)
    }

    public var line: Int
    public var column: Int
    public var kind: Kind

    public init(line: Int, column: Int, kind: Kind) {
        self.line = line
        self.column = column
        self.kind = kind
    }

    public var isUnportable: Bool {
        if case .unportable = kind { return true }
        return false
    }

    /// The line `segue-port` prints: `path:line:column: message`.
    public func formatted(path: String) -> String {
        "\(path):\(line):\(column): \(message)"
    }

    public var message: String {
        switch kind {
        case let .rewrite(before, after): "\(before) → \(after)"
        case let .removal(removed): "removed \(removed)"
        case let .unportable(what, why): "cannot port: \(what) — \(why)"
        }
    }
}
