import Foundation
import SandboxCLI

exit(Sandbox.main(.current, console: .standard))
