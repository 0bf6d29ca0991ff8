package toolrt

import (
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"
)

// TestStatusWriterKeepsTheLast: a thousand progress reports in a burst
// cost a few writes of the status message, the first at once and the
// last soon after.
func TestStatusWriterKeepsTheLast(t *testing.T) {
	var mu sync.Mutex
	var writes []string
	w := &statusWriter{every: 50 * time.Millisecond, write: func(msg string) {
		mu.Lock()
		defer mu.Unlock()
		writes = append(writes, msg)
	}}
	for i := range 1000 {
		w.report(fmt.Sprint(i))
	}
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		mu.Lock()
		got := slices.Clone(writes)
		mu.Unlock()
		if len(got) > 0 && got[len(got)-1] == "999" {
			if got[0] != "0" || len(got) > 3 {
				t.Errorf("writes = %q, want the first report at once and the last, and few besides", got)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("writes = %q after 5s, want the last report, 999, written", got)
		}
	}
	w.stop()
	w.report("after")
	time.Sleep(100 * time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	if slices.Contains(writes, "after") {
		t.Errorf("a report after stop was written: %q", writes)
	}
}
