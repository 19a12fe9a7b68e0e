#!/usr/bin/env bash
# The long run of the differential test against Ludii, outside `cargo test`: records SEEDS seeded
# random games of every mapped game (tools/ludii/record.sh, into OUT_DIR, not the fixtures), then
# replays them all in sowlab (tests/ludii.rs with LUDII_TRACES=OUT_DIR/traces) and prints, per
# game, how many agree at the end of every turn, the first difference of each that does not, and
# the totals.
#
#   tools/ludii/long_run.sh BUILD_DIR LUD_DIR [SEEDS] [OUT_DIR]
#
# BUILD_DIR, LUD_DIR: as record.sh's; SEEDS: default 1..200; OUT_DIR: default /tmp/sowlab-ludii-long.
# With OUT_DIR/traces already recorded (and LUDII_REPLAY_ONLY=1) the recording is skipped.
set -euo pipefail
BUILD="${1:?BUILD_DIR}"; LUD="${2:?LUD_DIR}"; SEEDS="${3:-1..200}"
OUT="${4:-/tmp/sowlab-ludii-long}"
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$HERE/../.."
mkdir -p "$OUT"
cp "$ROOT/tests/fixtures/ludii/catalogue.tsv" "$OUT/catalogue.tsv"
if [ "${LUDII_REPLAY_ONLY:-0}" != 1 ]; then
  "$HERE/record.sh" "$BUILD" "$LUD" "$SEEDS" "$OUT"
fi
cd "$ROOT"
LUDII_TRACES="$OUT/traces" LUDII_REPORT=1 nice cargo test --test ludii \
  every_mapped_game_agrees -- --nocapture 2>&1 | grep -E '^(  |[A-Z].*agree|[0-9]+ games agree)' | tee "$OUT/report.txt"
