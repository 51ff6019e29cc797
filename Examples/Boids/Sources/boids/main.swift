import BoidsGame
import Foundation
import GameShell

exit(BoidsScene.runCommandLine())
