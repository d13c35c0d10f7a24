import MatchedGeometry
import Scenes
import SegueCLI

// `matched-geometry record --scene album --input swipe.json --svg album.svg`: Segue's `record`
// over this package's scene and the built-in ones.
SegueCommandLine.main(scenes: [AlbumScene.scene] + Scene.all)
