#!/bin/sh
# gentime.sh times mcptag against go vet on synthetic packages of N tools
# (default: 100, 600 and 2000), with hyperfine. Each package lives in a
# throw-away module beside the repository's module cache, so nothing is
# written to the repository. Before every timed run a nonce file changes in
# the package, so that go vet cannot answer from its cache and both tools
# type-check the package from source, with export data for its imports.
# vetload (bench/internal/vetload) is the loading strategy of go vet alone,
# to show what mcptag's loading would cost done that way. mcptag is built
# from the root module, vetload and corpusgen from the bench module.
#
#	sh bench/gentime.sh            # N = 100 600 2000
#	NS="600" RUNS=20 WARMUP=2 sh bench/gentime.sh
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export GOFLAGS=-mod=mod GOPROXY=off
(cd "$root" && go build -o "$work/mcptag" ./cmd/mcptag)
(cd "$root/bench" && go build -o "$work/vetload" ./internal/vetload && go build -o "$work/corpusgen" ./internal/corpusgen/cmd/corpusgen)
for n in ${NS:-100 600 2000}; do
	dir=$work/n$n
	mkdir -p "$dir"
	cat >"$dir/go.mod" <<EOF
module gentime

go 1.26.0

require github.com/mcptag/mcptag v0.0.0

replace github.com/mcptag/mcptag => $root
EOF
	cp "$root/go.sum" "$dir/go.sum"
	"$work/corpusgen" -n "$n" -pkg corpus -o "$dir/corpus"
	(cd "$dir" && go mod tidy && "$work/mcptag" ./corpus && go vet ./corpus)
	echo "N=$n: $(cat "$dir"/corpus/*.go | wc -l) lines of Go, mcp_tools.json $(wc -c <"$dir/corpus/mcp_tools.json") bytes"
	cd "$dir"
	hyperfine -N --warmup "${WARMUP:-1}" --runs "${RUNS:-5}" \
		--prepare "sh -c 'date +%N | sed \"s|^|package corpus // |\" >corpus/nonce.go'" \
		--export-markdown "$work/n$n.md" \
		-n "mcptag (N=$n)" "$work/mcptag ./corpus" \
		-n "mcptag -check (N=$n)" "$work/mcptag -check ./corpus" \
		-n "go vet (N=$n)" "go vet ./corpus" \
		-n "vet-style load (N=$n)" "$work/vetload ./corpus"
	cat "$work/n$n.md"
	cd "$root"
done
