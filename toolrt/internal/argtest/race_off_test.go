//go:build !race

package argtest

// raceEnabled reports whether the test binary runs under the race
// detector (go test -race).
const raceEnabled = false
