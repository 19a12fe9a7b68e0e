#!/bin/sh
# The long differential run against MancalaGames' engine, outside `cargo test`: records GAMES
# seeded random games a config (seeds from FIRST; two recorders, niced) with
# tools/mancalagames/record.py, then replays them all with the differential test built in
# release mode, which prints the figures (configs equal / refused / differing, games,
# positions) and names the first difference of any config that differs.
#
#   tools/mancalagames/long_run.sh MANCALAGAMES_DIR [OUT_DIR] [GAMES] [FIRST] [CAP]
#
# Defaults: OUT_DIR /tmp/mg_long, 1000 games a config, seeds from 1000 (the committed fixtures
# use 0..49), a cap of 300 moves a game. `COMPARE_ONLY=1` skips the recording (replays what
# OUT_DIR holds; configs still being recorded are reported as incomplete).
set -eu
MG=${1:?usage: long_run.sh MANCALAGAMES_DIR [OUT_DIR] [GAMES] [FIRST] [CAP]}
OUT=${2:-/tmp/mg_long}
GAMES=${3:-1000}
FIRST=${4:-1000}
CAP=${5:-300}
HERE=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$OUT"
if [ -z "${COMPARE_ONLY:-}" ]; then
    for k in 1 2; do
        nice -n 10 python3 "$HERE/tools/mancalagames/record.py" "$MG" "$OUT" \
            --games "$GAMES" --first "$FIRST" --cap "$CAP" --part "$k/2" >"$OUT/record$k.log" 2>&1 &
    done
    wait
fi
cd "$HERE"
# (the configs as committed: the recorder writes a few parameters MancalaGames derives)
for f in "$OUT"/*.txt; do
    c="tests/fixtures/mancalagames/$(basename "$f")"
    if [ -f "$c" ]; then cp "$c" "$f"; fi
done
SOWLAB_MG_TRACES="$OUT" nice -n 10 cargo test --release --test mancalagames \
    every_game_is_equal_to_mancalagames_or_refused_with_a_reason -- --nocapture 2>&1 |
    grep -v '^  equal ' | tee "$OUT/compare.log"
