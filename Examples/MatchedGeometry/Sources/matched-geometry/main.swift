import MatchedGeometry
import Scenes
import SegueCLI

// `matched-geometry serve --public ../../Public --scene album` (or `record`, `bench`): Segue's
// command line over this package's scene and the built-in ones.
SegueCommandLine.main(scenes: [AlbumScene.scene] + Scene.all)
