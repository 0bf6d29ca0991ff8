package argtest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A limit is one of toolrt's limits on a call: a package variable that a
// server sets before it serves, and that calls only read.
type limit struct {
	name string
	v    *int
	set  int // the value the test serves with
}

// limits are the limits the test sets, each to a value other than its
// default, so that calls show they read the value set.
var limits = []limit{
	{"MaxDepth", &toolrt.MaxDepth, 100},
	{"MaxArgumentBytes", &toolrt.MaxArgumentBytes, 64 << 10},
	{"MaxNumberBytes", &toolrt.MaxNumberBytes, 1 << 10},
}

// writeWhileServing names the environment variable under which
// TestLimitsSetBeforeServing also writes the limits while calls run: the
// misuse that TestRaceDetectorSeesLimitsWrittenWhileServing expects the
// race detector to catch.
const writeWhileServing = "MCPTAG_TEST_WRITE_LIMITS_WHILE_SERVING"

// TestLimitsSetBeforeServing sets toolrt's limits before serving, as
// docs/compat.md says a server must, then makes calls from many goroutines
// at once that the limits decide: a tree nested deeper than the default
// MaxDepth but within the one set is counted, a deeper one and an argument
// over MaxArgumentBytes are refused with the limits set. Under go test
// -race, any write to shared state on the path of a call (a limit, a
// cache, a Spec's index) while another call reads it fails the test.
func TestLimitsSetBeforeServing(t *testing.T) {
	skipShort(t)
	for _, l := range limits {
		old := *l.v
		*l.v = l.set
		t.Cleanup(func() { *l.v = old }) // after the session's cleanup: see connect
	}
	cs := connect(t)
	misuse := os.Getenv(writeWhileServing) != ""
	stop := make(chan struct{})
	var writer sync.WaitGroup
	if misuse {
		writer.Go(func() {
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
					for _, l := range limits {
						*l.v = l.set + i%2
					}
				}
			}
		})
	}
	calls := []struct {
		name, tool string
		args       json.RawMessage
		want       string
		isError    bool
	}{
		{"deeper than the default", "count_nodes", chain(45), "45", false}, // nests 89 levels
		{"deeper than the limit set", "count_nodes", chain(60), `count_nodes: argument "children" nests deeper than 100 levels`, true},
		{"larger than the limit set", "echo", json.RawMessage(`{"value":"` + strings.Repeat("x", 70<<10) + `"}`),
			fmt.Sprintf("echo: arguments too large: %d bytes, the limit is 65536", 70<<10+12), true},
		{"a number longer than the default", "sum", numbers(700), `{"total":1}`, false},
		{"a number longer than the limit set", "sum", numbers(1100),
			`sum: argument "numbers[0]": want a number of at most 1024 characters, got 1100: 1.` + strings.Repeat("0", 35) + `...`, true},
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 4 {
				for _, c := range calls {
					ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
					res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: c.args})
					cancel()
					switch {
					case err != nil:
						t.Errorf("%s: %v", c.name, err)
					case misuse: // the limits change under the calls: any answer goes
					case res.IsError != c.isError || resultText(res) != c.want:
						t.Errorf("%s: isError %v, %q; want %v, %q", c.name, res.IsError, resultText(res), c.isError, c.want)
					}
				}
			}
		})
	}
	wg.Wait()
	close(stop)
	writer.Wait()
}

// numbers is the arguments of sum for the one number 1, written with n
// characters.
func numbers(n int) json.RawMessage {
	return json.RawMessage(`{"numbers":[1.` + strings.Repeat("0", n-2) + `]}`)
}

// chain is the arguments of count_nodes for a tree of n nodes, each the
// only child of the one before: nodes nest 2n-1 levels deep (an object in
// an array in an object).
func chain(n int) json.RawMessage {
	return json.RawMessage(strings.Repeat(`{"name":"n","children":[`, n-1) + `{"name":"n"}` + strings.Repeat(`]}`, n-1))
}

// TestRaceDetectorSeesLimitsWrittenWhileServing shows that
// TestLimitsSetBeforeServing would catch a write racing with the calls:
// run again with the limits written while calls are served, the same
// test binary fails with the race detector's report of a limit read on a
// call's path. It runs only under go test -race.
func TestRaceDetectorSeesLimitsWrittenWhileServing(t *testing.T) {
	skipShort(t)
	if !raceEnabled {
		t.Skip("needs the race detector: go test -race")
	}
	if os.Getenv(writeWhileServing) != "" {
		t.Skip("the run this test starts")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestLimitsSetBeforeServing$", "-test.count=1")
	cmd.Env = append(os.Environ(), writeWhileServing+"=1")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("limits written while serving: the run passed\n%s", out)
	}
	// The report names the read: toolrt's, or its argument checker's, on
	// the path of a call.
	read := regexp.MustCompile(`(?m)^(Previous read|Read) at 0x[0-9a-f]+ by goroutine \d+:\n  github\.com/mcptag/mcptag/(toolrt|internal/argspec)\.`)
	if !strings.Contains(string(out), "WARNING: DATA RACE") || !read.Match(out) {
		t.Errorf("limits written while serving: no race reported on a read in toolrt or its checker:\n%s", out)
	}
}
