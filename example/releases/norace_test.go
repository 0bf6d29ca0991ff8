//go:build !race

package main

// raceEnabled is whether the test runs under the race detector, which
// then builds the server it starts with it too.
const raceEnabled = false
