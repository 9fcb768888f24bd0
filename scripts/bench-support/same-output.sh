#!/usr/bin/env bash
# Compares what two builds of dodo print, byte for byte, where only the code's speed was to
# change: every command's and subcommand's help (`--help`, `help COMMAND`), `dodo help` with
# plugins on PATH (one with a non-ASCII name, one that never runs), the three completion
# scripts (`completion` and `__generate`), every man page, a usage error, `config profiles` and
# `doctor` (text and --json), each with its exit status and standard error.
#
#   scripts/bench-support/same-output.sh BEFORE/dodo AFTER/dodo
#
# Each build is copied to the same path in turn, so that what it prints about itself (doctor's
# "this dodo") is the same; both run with the same HOME, PATH and dodo directories.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 BEFORE/dodo AFTER/dodo" >&2; exit 64; }
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin" "$tmp/plugins" "$tmp/home"
printf '#!/bin/sh\necho hi\n' > "$tmp/plugins/dodo-hello"
printf '#!/bin/sh\necho hi\n' > "$tmp/plugins/dodo-caf"$'\xc3\xa9'
printf '#!/bin/sh\necho hi\n' > "$tmp/plugins/dodo-"$'\xe2\x9c\x93'"-a-long-name-of-a-plugin"
printf '#!/bin/sh\n' > "$tmp/plugins/dodo-config"
printf 'not a program\n' > "$tmp/plugins/dodo-notes"
chmod +x "$tmp/plugins/dodo-"[!n]*

# Every command path, from the help's SUBCOMMANDS sections.
commands() {
  local path=$1 name
  echo "$path"
  for name in $("$tmp/bin/dodo" $path --help | sed -n '/^SUBCOMMANDS:/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p'); do
    commands "$path $name"
  done
}

run() {
  local out=$1 name=$2
  shift 2
  "$@" > "$out/$name.out" 2> "$out/$name.err" && echo 0 > "$out/$name.status" || echo $? > "$out/$name.status"
}

capture() {
  local out=$1 path name page
  mkdir -p "$out"
  export HOME=$tmp/home DODO_STATE_DIR=$tmp/state DODO_RUNTIME_DIR=$tmp/run XDG_CONFIG_HOME=$tmp/config
  rm -rf "$tmp/state" "$tmp/run" "$tmp/config"
  mkdir -m 700 "$tmp/state" "$tmp/run" "$tmp/config"
  unset DODO_PAYMENTS_API_KEY DODO_PAYMENTS_WEBHOOK_KEY DODO_CONFIG DODO_PROFILE NO_COLOR
  cd "$tmp"
  while read -r path; do
    name=${path// /_}
    run "$out" "$name--help" "$tmp/bin/dodo" $path --help
    run "$out" "$name-help" "$tmp/bin/dodo" help ${path#[^ ]*}
  done < <(commands "")
  run "$out" plain "$tmp/bin/dodo"
  PATH=$tmp/plugins:$PATH run "$out" help-plugins "$tmp/bin/dodo" help
  PATH=$tmp/plugins:$PATH LC_ALL=C.UTF-8 run "$out" help-plugins-utf8 "$tmp/bin/dodo" help
  run "$out" usage-error "$tmp/bin/dodo" start --no-such-option
  run "$out" usage-error-config "$tmp/bin/dodo" config profiles extra
  for shell in bash zsh fish; do
    run "$out" "completion-$shell" "$tmp/bin/dodo" completion "$shell"
    run "$out" "generate-$shell" "$tmp/bin/dodo" __generate "$shell"
  done
  run "$out" man-pages "$tmp/bin/dodo" __generate man-pages
  for page in $(cat "$out/man-pages.out"); do run "$out" "man-$page" "$tmp/bin/dodo" __generate man "$page"; done
  run "$out" profiles "$tmp/bin/dodo" --config "$root/config/config.yaml" config profiles
  run "$out" profiles-json "$tmp/bin/dodo" --json --config "$root/config/config.yaml" config profiles
  run "$out" doctor "$tmp/bin/dodo" doctor
  run "$out" doctor-json "$tmp/bin/dodo" --json doctor
  run "$out" doctor-config "$tmp/bin/dodo" --config "$root/config/config.yaml" doctor
  PATH=$tmp/plugins:$PATH run "$out" doctor-plugins "$tmp/bin/dodo" doctor
}

cp "$1" "$tmp/bin/dodo"
(capture "$tmp/before")
cp "$2" "$tmp/bin/dodo"
(capture "$tmp/after")
echo "compared $(find "$tmp/before" -name '*.out' | wc -l) outputs"
diff -r "$tmp/before" "$tmp/after" && echo "same output"
