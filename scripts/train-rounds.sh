#!/bin/bash
# Short training rounds: round R's positions are labelled by a search with round R-1's
# weights, and its weights are round R-1's refined by that data alone (TRAINING.md,
# "Rounds 4–7").
#
#   scripts/train-rounds.sh WORKDIR FIRST LAST MINUTES
#
# WORKDIR/r{FIRST-1}/r{FIRST-1}.weights must exist (for round 4: a copy of round 3's
# data/eval.weights). Each round generates for MINUTES on both cores (lowest
# priority), then fits; the next round starts at once while this one is checked:
# 100 balanced openings x both colours at depth 4 against the round before
# (m-prev-d4.txt) and, when OPPONENT is set to an NBoard engine command, at depth 8
# (exact from 16) against it (m-opp-d8.txt). Running the command again skips what is
# done: a round with weights is only checked, one whose generation ended (gen.done)
# is fitted. A round stopped while generating is redone: delete its r{R}.bin and
# gen.log first.
set -eu
work=$1; first=$2; last=$3; minutes=$4
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$root/target/release
for r in $(seq "$first" "$last"); do
  prev=$work/r$((r - 1))/r$((r - 1)).weights
  d=$work/r$r
  mkdir -p "$d"
  cd "$d"
  # The binaries of this round, so that rebuilding the repository meanwhile does not
  # change a running round.
  [ -x train ] || cp "$bin/train" train
  [ -x reversi ] || cp "$bin/reversi" reversi
  if [ ! -f "r$r.weights" ]; then
    if [ ! -f gen.done ]; then
      start=$(date +%s)
      nice -n 19 ./train gen --out "r$r.bin" --games 300000 --seed $((10 + r)) --threads 2 \
        --depth 8 --exact 16 --weights "$prev" >> gen.log 2>&1 &
      pid=$!
      sleep $((minutes * 60))
      kill "$pid"
      wait "$pid" 2> /dev/null || true
      python3 -c "import os; n = os.path.getsize('r$r.bin'); os.truncate('r$r.bin', n - n % 17)"
      echo "$(($(date +%s) - start)) s" > gen.done
    fi
    ./train fit --out "r$r.weights" --lambda 100 --min-count 12 --base "$prev" "r$r.bin" > fit.log 2>&1
  fi
  if [ "$r" -lt "$last" ]; then
    "$root/scripts/train-rounds.sh" "$work" $((r + 1)) "$last" "$minutes" &
  fi
  [ -f m-prev-d4.txt ] || ./train match --depth 4 --openings 100 --weights "r$r.weights" --against "$prev" > m-prev-d4.txt 2>&1
  if [ -n "${OPPONENT:-}" ] && [ ! -f m-opp-d8.txt ]; then
    ./reversi versus --openings 100 "$d/reversi nboard --depth 8 --exact 16 --mpc 2 --weights $d/r$r.weights" \
      "$OPPONENT --depth 8 --exact 16" > m-opp-d8.txt 2>&1
  fi
  wait
  exit 0
done
