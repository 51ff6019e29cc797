import CMalloc
import Foundation
import GameShell
import Imaging
import SandboxCLI

#if canImport(Glibc)
  // Buffers of half a megabyte and more (a big battle's pools, its target index, a burst of
  // spawns) are mapped on their own and go back to the system when freed. glibc's default
  // raises this threshold after each big free and keeps later big buffers in its heap, which
  // held on to about 25 MiB at a million monsters.
  //
  // The heap keeps up to 2 MiB free at its top instead of glibc's 128 KiB: a tick's smaller
  // buffers (its spawns, the chunks' lists) are freed when it ends and made again by the
  // next, and each trim made them fault in afresh, 17 page faults a tick in a swarm of
  // 100,000 on two threads where 6 remain, many of them on the thread that merges the chunks.
  //
  // The demo is the other way round: it makes and drops frames of several megabytes many
  // times a second, and pages mapped afresh for each fault in again every frame (a tenth of
  // a 50,000-monster demo's time). It keeps such buffers in the heap, and the heap's top.
  if Sandbox.opensDemo(CommandLine.arguments.dropFirst()) {
    _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
    _ = mallopt(M_TRIM_THRESHOLD, 256 << 20)
  } else {
    _ = mallopt(M_MMAP_THRESHOLD, 512 * 1024)
    _ = mallopt(M_TRIM_THRESHOLD, 2 << 20)
  }
#endif

// A reader that goes away (`sandbox run --json | head -c 10`) makes writes fail with EPIPE,
// which `sandbox` reports with exit code 74, instead of killing the process with SIGPIPE.
signal(SIGPIPE, SIG_IGN)

// Ctrl-C or a SIGTERM while a file is being written leaves no temporary file behind, and exits
// with 130 or 143.
InterruptCleanup.install()

// Before anything opens a file: a standard stream that was closed gets /dev/null in its
// place, so no file can take its number.
let console = Console.standard

exit(Sandbox.main(.current, console: console))
