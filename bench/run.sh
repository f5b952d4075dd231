#!/usr/bin/env bash
# Regenerate every table of bench/README.md, one output file per table.
#
# Usage (repository root, project installed, its venv active):
#
#   bench/run.sh [--quick] [--dsa] [OUT_DIR]
#
#   OUT_DIR   where the outputs go (default /tmp/xdsl-pto-bench); each file
#             starts with the commit and date it was measured at.
#   --quick   skip the long runs: the fuzz campaigns (about 13 min), the
#             compile-time scaling (about 5 min, and 1-2 min more per extra
#             repeat) and the generated kernels through ptoas (about 10 min).
#   --dsa     also run the DSA placement engine benchmark (bench/dsa.py,
#             "DSA placement engine" table): about 12 min -- 11
#             minimalloc-challenging instances at a 60 s wall-clock budget
#             each, plus the pypto-dsa set (21 s). Needs the minimalloc and
#             pypto-dsa data in ../shared/bench-data/. Left out by default.
#
# Tables and the command behind each (in the order of bench/README.md):
#   fuzz-2000.txt            xdsl-pto fuzz --count 2000 --seed 0
#   fuzz-pipelines-*.txt     xdsl-pto fuzz --preset pipelines (two seeds)
#   fuzz-targets-a3/a5.txt   xdsl-pto fuzz --count 100 --preset targets [--backend a5]
#   fuzz-matmuls.txt         xdsl-pto fuzz --count 120 --preset matmuls
#   fuzz-subrange.txt        python bench/fuzz_subrange.py (subrange packing forced)
#                            (the fuzz-* runs: not with --quick)
#   subrange.txt             python bench/subrange.py
#   stage-guard.txt          python bench/stage_guard.py
#   auto-tile-a3/a5.txt      python bench/auto_tile.py [--backend a5]
#   dsa.txt                  python bench/dsa.py (--dsa only)
#   dsa-examples.txt         python bench/dsa_examples.py
#   dsa-rp-a5.txt            xdsl-pto run of each example, planner=dsa_rp, backend=a5
#   quality.txt              python bench/quality.py
#   scaling.txt, phases-10000.txt   python bench/scaling.py [--phases 10000]
#   reference.txt            python bench/reference.py --markdown
#   real-kernels.txt         python bench/real_kernels.py --markdown (../shared/pypto-lib-sample; about 6 min)
#   ptoas.txt                python test/ptoas/ptoas_corpus.py (when a ptoas is found:
#                            $PTOAS or PATH; skipped otherwise)
#   ptoas-fuzz.txt           python bench/ptoas_fuzz.py (the same; not with --quick)
set -euo pipefail

quick=0
dsa=0
out=/tmp/xdsl-pto-bench
for arg in "$@"; do
  case "$arg" in
    --quick) quick=1 ;;
    --dsa) dsa=1 ;;
    -h|--help) sed -n '2,37p' "$0"; exit 0 ;;
    -*) echo "run.sh: unknown option $arg" >&2; exit 2 ;;
    *) out="$arg" ;;
  esac
done

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
mkdir -p "$out"
stamp="commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet 2>/dev/null || echo ' (with uncommitted changes)'), $(date -u +%Y-%m-%d), $(nproc) cores, $(python --version 2>&1)"

failed=()
run() {  # run NAME COMMAND...: COMMAND's output (stdout and stderr) into OUT/NAME
  local name="$1"; shift
  echo "== $name: $*" >&2
  local t0=$SECONDS
  if { echo "# $*"; echo "# $stamp"; "$@"; } > "$out/$name" 2>&1; then
    echo "   $((SECONDS - t0)) s -> $out/$name" >&2
  else
    echo "   FAILED after $((SECONDS - t0)) s, see $out/$name" >&2
    failed+=("$name")
  fi
}

# The kernels the subrange and stage-guard tables list (the examples added
# since -- auto-tiled matmuls, the tpop epilogue -- are not in them: these two
# scripts run memory-reuse without auto-tile-matmul-l0).
plain_examples=(examples/elementwise.mlir examples/flash_attention.mlir examples/matmul_k.mlir
                examples/rmsnorm.mlir examples/rmsnorm_pipeline.mlir examples/softmax.mlir)

if [ "$quick" = 0 ]; then
  run fuzz-2000.txt xdsl-pto fuzz --count 2000 --seed 0 --out "$out/fz2000" --no-progress
  run fuzz-pipelines-5000.txt xdsl-pto fuzz --count 1000 --seed 5000 --preset pipelines --no-progress --out "$out/fz1000b"
  run fuzz-pipelines-20000.txt xdsl-pto fuzz --count 1000 --seed 20000 --preset pipelines --no-progress --out "$out/fz1000c"
  # Full sizes of campaigns pytest runs smaller (issue 25; bench/README.md).
  run fuzz-targets-a3.txt xdsl-pto fuzz --count 100 --seed 0 --preset targets --backend a3 --no-progress --out "$out/fztargets-a3"
  run fuzz-targets-a5.txt xdsl-pto fuzz --count 100 --seed 0 --preset targets --backend a5 --no-progress --out "$out/fztargets-a5"
  run fuzz-matmuls.txt xdsl-pto fuzz --count 120 --seed 0 --preset matmuls --no-progress --out "$out/fzmatmuls"
  run fuzz-subrange.txt python bench/fuzz_subrange.py --count 100 --seed 0
fi
run subrange.txt python bench/subrange.py "${plain_examples[@]}" test/lit/memory-reuse/subrange-fallback.mlir
run stage-guard.txt python bench/stage_guard.py "${plain_examples[@]}" test/lit/memory-reuse/pipeline-*.mlir
run auto-tile-a3.txt python bench/auto_tile.py
run auto-tile-a5.txt python bench/auto_tile.py --backend a5
if [ "$dsa" = 1 ]; then
  run dsa.txt python bench/dsa.py --time-limit 60 --workers 1
fi
run dsa-examples.txt python bench/dsa_examples.py
# The examples' planner=dsa_rp runs for A5 (test/lit/examples/dsa-rp.mlir keeps A3's).
dsa_rp_a5() {
  local f
  for f in elementwise flash_attention matmul_k rmsnorm rmsnorm_pipeline softmax split_epilogue matmul_auto matmul_grid; do
    xdsl-pto run "examples/$f.mlir" --pipeline 'auto-tile-matmul-l0{backend=a5},lower-pipeline-loops,pto-plan-memory{planner=dsa_rp backend=a5 verify=true}' 2>/dev/null || return 1
  done
}
run dsa-rp-a5.txt dsa_rp_a5
run quality.txt python bench/quality.py --count 100 --seed 0 --rows
run reference.txt python bench/reference.py --markdown
run real-kernels.txt python bench/real_kernels.py --markdown
if [ -n "${PTOAS:-}" ] || command -v ptoas >/dev/null 2>&1; then
  run ptoas.txt python test/ptoas/ptoas_corpus.py
  if [ "$quick" = 0 ]; then
    run ptoas-fuzz.txt python bench/ptoas_fuzz.py
  fi
else
  echo "== ptoas.txt: skipped (no ptoas: set \$PTOAS or put it on PATH)" >&2
fi
if [ "$quick" = 0 ]; then
  run scaling.txt python bench/scaling.py --sizes 1000,2000,5000,10000,20000 --repeat 3
  run phases-10000.txt python bench/scaling.py --phases 10000
fi
echo "all tables in $out" >&2
if [ "${#failed[@]}" -gt 0 ]; then
  echo "failed: ${failed[*]}" >&2
  exit 1
fi
