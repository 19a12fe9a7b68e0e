#!/usr/bin/env bash
# Records Ludii traces for tests/fixtures/ludii (the differential test tests/ludii.rs).
# Ludii runs OUTSIDE the project: this script only calls a driver you built elsewhere.
#
#   tools/ludii/record.sh BUILD_DIR LUD_DIR [SEEDS] [OUT_DIR]
#
# BUILD_DIR: the driver's build (holds classpath.txt and the LudiiOracle class);
# LUD_DIR:   Ludii's Common/res/lud/board/sow folder;
# SEEDS:     driver seeds (default 1..20); OUT_DIR: default tests/fixtures/ludii.
# For every game named in OUT_DIR/catalogue.tsv with a sowlab rule, it records SEEDS random games
# (every ply) and keeps what the test needs, gzipped: OUT_DIR/traces/GAME.jsonl.gz.
# Games Ludii plays on stacks (largeStack: counters and large stones, e.g. O An Quan's "Ball",
# are pieces of one stack) need a driver whose counts are the counters ("Seed" pieces) in each
# stack and which records where the large pieces are (`large`, see compact.py): the standard
# driver records a stacked site's count as 1. Record those with such a driver's BUILD_DIR.
set -euo pipefail
BUILD="${1:?BUILD_DIR}"; LUD="${2:?LUD_DIR}"; SEEDS="${3:-1..20}"
HERE="$(cd "$(dirname "$0")" && pwd)"
OUT="${4:-$HERE/../../tests/fixtures/ludii}"
CP="$(cat "$BUILD/classpath.txt")"
mkdir -p "$OUT/traces"
tail -n +2 "$OUT/catalogue.tsv" | while IFS=$'\t' read -r game category rule _; do
  [ "$rule" = "none yet" ] && continue
  file="$LUD/$category/$game.lud"
  [ -f "$file" ] || { echo "missing $file" >&2; continue; }
  slug="$(echo "$game" | tr -c 'A-Za-z0-9\n' '_')"
  echo "recording $game" >&2
  nice java -Xmx2g -cp "$CP" LudiiOracle --seeds "$SEEDS" --max-moves 2000 "$file" 2>/dev/null |
    python3 "$HERE/compact.py" | gzip -9n > "$OUT/traces/$slug.jsonl.gz"
done
