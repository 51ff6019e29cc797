import Foundation

exit(
  BoidsCommand.main(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment, console: .standard))
