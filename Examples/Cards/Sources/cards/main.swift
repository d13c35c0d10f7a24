import Cards
import SegueCLI

SegueCommandLine.main(scenes: [cardsScene])
