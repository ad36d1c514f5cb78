# Sourced by the scripts that run stress (the nightly job, the published tables): what they share.

# Paths given are relative to where the script was called from, not to the repository.
here="${here:-$PWD}"
absolute() { case "$1" in /*) echo "$1" ;; *) echo "$here/$1" ;; esac; }

# The stress binary: the one given, else a release build of this repository (from its root).
stress_binary() {
  if [ -n "$1" ]; then
    [ -x "$1" ] || { echo "Error: no stress binary at '$1'." >&2; return 2; }
    echo "$1"
    return 0
  fi
  swift build -c release --product stress >&2 || return 2
  echo "$(swift build -c release --show-bin-path)/stress"
}
