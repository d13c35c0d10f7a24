import Synchronization

/// Which builder wrote a display list, which of its builds it is, and for each node the last build
/// that changed what the wire carries of it: its own (parent-relative) geometry, opacity, colors,
/// shape and corners, strings, font and text layout, shadow, border and glyph. Moving with a parent is not a change.
///
/// An encoder that sent build G of a source need only compare the nodes stamped after G, as long
/// as the paint order has not changed since G either. Builds only grow and every write that
/// changes a node restamps it, so a stamp at or before G proves the node holds G's values, however
/// many builds (or frames the encoder skipped) lie between.
package struct NodeChanges: Sendable {
    /// The writer, unique in the process; `NodeChanges.unknown` for a list made or edited by hand.
    package private(set) var source = NodeChanges.unknown
    /// The writer's build counter when it wrote the list; counts from 1.
    package private(set) var build: UInt64 = 0
    /// The last build that changed the paint order: the node count, or an id or depth at an index.
    package private(set) var structureChangedAt: UInt64 = 0
    /// Per node, in paint order, the last build that changed its own values.
    package private(set) var ownValuesChangedAt: [UInt64] = []

    /// The source of a list no builder vouches for: nothing can be skipped.
    package static let unknown: UInt64 = 0
    private static let lastSource = Atomic<UInt64>(unknown)

    package init() {}

    /// A source no other builder in the process has.
    package static func newSource() -> UInt64 {
        lastSource.add(1, ordering: .relaxed).newValue
    }

    /// Starts `build` of `source` over a list of `nodeCount` nodes. Unless the list is exactly what
    /// the source wrote in its previous build, nothing can be compared with: every node and the
    /// structure are stamped as changed. Returns whether the list is that previous build's, which
    /// is also when a builder may trust what it remembers of the nodes it wrote.
    @discardableResult
    package mutating func begin(build: UInt64, of source: UInt64, nodeCount: Int) -> Bool {
        let continues = self.source == source && source != Self.unknown && self.build &+ 1 == build
            && ownValuesChangedAt.count == nodeCount
        self.source = source
        self.build = build
        guard !continues else { return true }
        structureChangedAt = build
        ownValuesChangedAt.removeAll(keepingCapacity: true)
        ownValuesChangedAt.append(contentsOf: repeatElement(build, count: nodeCount))
        return false
    }

    /// Node `index` (at most one past the end) changed its own values in this build.
    package mutating func noteOwnValuesChanged(at index: Int) {
        if index == ownValuesChangedAt.count {
            ownValuesChangedAt.append(build)
        } else {
            ownValuesChangedAt[index] = build
        }
    }

    package mutating func noteStructureChanged() {
        structureChangedAt = build
    }

    /// Keeps the first `count` stamps; fewer nodes is a structure change.
    package mutating func trim(to count: Int) {
        guard ownValuesChangedAt.count > count else { return }
        ownValuesChangedAt.removeSubrange(count...)
        structureChangedAt = build
    }

    /// The list was edited outside its builder: no stamp can be trusted.
    mutating func forget() {
        source = Self.unknown
    }

    mutating func copyContents(of other: NodeChanges) {
        source = other.source
        build = other.build
        structureChangedAt = other.structureChangedAt
        ownValuesChangedAt.removeAll(keepingCapacity: true)
        ownValuesChangedAt.append(contentsOf: other.ownValuesChangedAt)
    }

    /// Whether an encoder that last encoded `build` of `source` can trust these stamps now: same
    /// source, no earlier build, and the same paint order. Then exactly the nodes stamped after
    /// `build` may differ from what it encoded.
    package func tracksChanges(since build: UInt64, of source: UInt64) -> Bool {
        self.source == source && source != Self.unknown && self.build >= build && structureChangedAt <= build
    }
}
