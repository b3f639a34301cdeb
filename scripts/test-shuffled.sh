#!/usr/bin/env bash
# The unit suite in a shuffled file order, once per seed (issue 30: a suite that gives the same
# answer every run). Files share their worker's module graph (decision 231), so a file that leaves
# the environment, a cache or a timer behind shows up as another file failing in some order.
# Usage: npm run test:shuffled [-- seed ...]   (default seeds: 1 2 3)
set -euo pipefail
seeds=("$@")
[ ${#seeds[@]} -eq 0 ] && seeds=(1 2 3)
for seed in "${seeds[@]}"; do
  echo "==== shuffled file order, seed $seed ===="
  npx vitest run --sequence.shuffle.files --sequence.seed="$seed"
done
