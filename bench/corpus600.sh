#!/bin/sh
# corpus600.sh writes bench/corpus600, the 600-tool corpus BENCHMARKS.md
# measures: corpusgen's source files, then mcptag's generated code and
# snapshot. The directory is git-ignored; the build tag corpus600 makes the
# bench package's tests and benchmarks use it instead of the committed
# 160-tool corpus.
#
#	sh bench/corpus600.sh
#	cd bench && go test -tags corpus600 -run '^$' -bench . -benchmem
set -eu
cd "$(dirname "$0")"
go run ./internal/corpusgen/cmd/corpusgen -n 600 -o corpus600
go run github.com/mcptag/mcptag/cmd/mcptag ./corpus600
