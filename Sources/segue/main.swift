import Scenes
import SegueCLI

// `segue`: the command line over the built-in scenes (serve, record, bench).
SegueCommandLine.main(scenes: Scene.all)
