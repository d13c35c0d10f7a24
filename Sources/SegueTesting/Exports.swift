// A test that imports the kit names points, rects, scenes, transitions and captured frames in
// every line; re-exporting the modules they come from saves each test file four imports. Of
// Motion, only its clock: Motion re-exports the whole of Foundation, whose `Timer`,
// `DispatchQueue` and `NotificationCenter` would then stand beside UIKit's scene-clock ones, and
// each name would be ambiguous (UIKit brings Foundation's other names).
@_exported import class Motion.ManualClock
@_exported import Recorder
@_exported import Scenes
@_exported import UIKit
