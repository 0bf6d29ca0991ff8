package lint_test

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestMain collects garbage a quarter as often as the default: the tests
// type-check the go-sdk and the standard library from source, as
// analysistest loads them, and spend a sixth of their time collecting
// what that builds. (The scripts of cmd/mcptag run mcptag with GOGC=400
// for the same reason.)
func TestMain(m *testing.M) {
	debug.SetGCPercent(400)
	os.Exit(m.Run())
}
