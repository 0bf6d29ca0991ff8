// Package costtest measures what a call costs, for tests that compare a
// hostile input with a good one of the same size in one run and assert
// the ratio, never an absolute time.
package costtest

import (
	"runtime"
	"time"
)

// Compare measures good and hostile in turn, rounds times, and returns
// the best cost of one call of each. The cost is the CPU time of the
// process where the system reports it (cpuTime), which the load of other
// processes does not inflate as it does wall time; taking the best of
// several rounds, the two measured alternately, leaves out the pauses of
// the rest.
func Compare(rounds int, good, hostile func()) (bestGood, bestHostile time.Duration) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	bestGood, bestHostile = time.Duration(1<<63-1), time.Duration(1<<63-1)
	for range rounds {
		bestGood = min(bestGood, perCall(good))
		bestHostile = min(bestHostile, perCall(hostile))
	}
	return bestGood, bestHostile
}

// perCall is the cost of one call of f, averaged over enough calls to
// cost about 10ms.
func perCall(f func()) time.Duration {
	f() // warm up
	for n := 1; ; n *= 4 {
		start := cpuTime()
		for range n {
			f()
		}
		if d := cpuTime() - start; d >= 10*time.Millisecond || n >= 1<<20 {
			return d / time.Duration(n)
		}
	}
}

// CPUTime is the CPU time the process has used so far, in user and
// system mode, where the system reports it (the wall time elsewhere):
// for a benchmark's own metric beside its wall time.
func CPUTime() time.Duration { return cpuTime() }
