// A test that imports the kit names points, rects, scenes, transitions and captured frames in
// every line; re-exporting the modules they come from saves each test file four imports.
@_exported import Motion
@_exported import Recorder
@_exported import Scenes
@_exported import UIKit
