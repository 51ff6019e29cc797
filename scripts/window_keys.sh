# Finding a sandbox window under Xvfb and sending it keys with xdotool, for the check scripts
# that drive the demo. Source it, then call `find_window OUTPUT`, `press KEY` and, for the
# key that ends the program, `press_to_close KEY`.

# find_window OUTPUT: sets `window` to the game's window id (its title starts with the game's
# name, monsterwars unless WINDOW_NAME says another). It waits first for the
# "Renderer:" line the program prints into OUTPUT once its renderer is made (SDL may replace
# the window it first made while it makes the renderer), then takes the window two searches
# 0.2 s apart agree on. Returns 1 if there is none after about 40 s.
find_window() {
  local output=$1 found=""
  window_output=$output
  window=""
  for _ in $(seq 100); do
    grep -q "^Renderer: " "$output" 2>/dev/null && break
    sleep 0.2
  done
  for _ in $(seq 100); do
    sleep 0.2
    found=$(xdotool search --onlyvisible --name "^${WINDOW_NAME:-monsterwars}" 2>/dev/null |
      head -n 1 || true)
    if [ -n "$found" ] && [ "$found" = "$window" ]; then return 0; fi
    window=$found
  done
  window=""
  return 1
}

# press KEY: sends KEY to `window`; if that window is gone, finds the window again and sends
# KEY once more (three tries in all).
press() {
  for _ in 1 2 3; do
    if [ -n "$window" ] && xdotool key --window "$window" "$1" 2>/dev/null; then return 0; fi
    find_window "$window_output" || true
  done
  echo "error: could not send the key $1 to the window" >&2
  return 1
}

# press_to_close KEY: sends KEY, which closes the window, to `window`, and returns once the
# window is gone (three tries in all). xdotool may report a failure when the window closes
# while it is still sending: the key arrived, so only a window that stays counts as a miss.
press_to_close() {
  for _ in 1 2 3; do
    if [ -n "$window" ]; then xdotool key --window "$window" "$1" 2>/dev/null || true; fi
    for _ in $(seq 25); do
      # A window that is gone was closed: the program ends with it.
      if [ -n "$window" ] && ! xdotool getwindowname "$window" >/dev/null 2>&1; then return 0; fi
      sleep 0.2
    done
    find_window "$window_output" || return 0
  done
  echo "error: the key $1 did not close the window" >&2
  return 1
}
