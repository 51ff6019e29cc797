# Helpers the netplay scripts share; sourced, not run.

# The join line the host printed in FILE, without its leading "sandbox", once it has.
join_line() {
  for _ in $(seq 200); do
    line=$(sed -n 's/^  sandbox \(join .*\)$/\1/p' "$1")
    if [ -n "$line" ]; then
      echo "$line"
      return 0
    fi
    sleep 0.1
  done
  echo "error: the host printed no join line:" >&2
  cat "$1" >&2
  return 1
}

# The value of the line starting with LABEL in FILE.
field() {
  sed -n "s/^$1 *\\([0-9a-f]*\\).*/\\1/p" "$2" | head -n 1
}
