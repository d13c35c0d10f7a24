/// Receives the memory a world reads to build its next frame, in the order it first reads it: the
/// objects and the arrays' buffers behind a window, its engine, its views and its encoder.
///
/// The server's transport is the one visitor: it has the next session's memory fetched while it
/// serves the one before (SegueServer's `PrefetchList`). A visitor must neither read through nor
/// keep what it is given; the walk only names where memory is. `package`, so that no scene and no
/// package that depends on Segue sees it.
package protocol FrameMemoryVisitor {
    /// An object's allocation, from its start: its header, then its stored properties.
    mutating func visit(_ object: AnyObject)
    /// An array's buffer: its header (reference count, count, capacity) and its elements. An empty
    /// array has no buffer of its own.
    mutating func visit<Element>(_ array: [Element])
}
