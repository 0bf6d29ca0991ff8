package perserver

import (
	"runtime"
	"sync/atomic"
	"testing"
	"time"
	"weak"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestServersAreCollected: a Map remembers a server without keeping it
// alive, and forgets it once it is collected, as a stateless HTTP
// handler that builds a server per request needs.
func TestServersAreCollected(t *testing.T) {
	const n = 200
	var m Map[int]
	var collected atomic.Int64
	keys := make([]weak.Pointer[mcp.Server], n)
	for i := range n {
		s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "v1"}, nil)
		if _, loaded := m.LoadOrStore(s, i); loaded {
			t.Fatal("a new server's value was there")
		}
		if v, loaded := m.LoadOrStore(s, -1); !loaded || v != i {
			t.Fatalf("LoadOrStore again = %d, %t; want %d, true", v, loaded, i)
		}
		keys[i] = weak.Make(s)
		runtime.AddCleanup(s, func(struct{}) { collected.Add(1) }, struct{}{})
	}
	// Cleanups run on their own goroutine after a collection: collect
	// and yield until they all ran, or long after they should have.
	for range 1000 {
		if collected.Load() == n && remembered(&m, keys) == 0 {
			break
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	if got := collected.Load(); got != n {
		t.Errorf("%d of %d servers were collected", got, n)
	}
	if got := remembered(&m, keys); got != 0 {
		t.Errorf("%d of %d collected servers are still remembered", got, n)
	}
}

// remembered counts the keys that m still holds.
func remembered(m *Map[int], keys []weak.Pointer[mcp.Server]) int {
	n := 0
	for _, k := range keys {
		if _, ok := m.m.Load(k); ok {
			n++
		}
	}
	return n
}

// TestOnce: Do installs once per server.
func TestOnce(t *testing.T) {
	var o Once
	a := mcp.NewServer(&mcp.Implementation{Name: "a", Version: "v1"}, nil)
	b := mcp.NewServer(&mcp.Implementation{Name: "b", Version: "v1"}, nil)
	count := map[*mcp.Server]int{}
	for range 3 {
		for _, s := range []*mcp.Server{a, b} {
			o.Do(s, func(s *mcp.Server) { count[s]++ })
		}
	}
	if count[a] != 1 || count[b] != 1 {
		t.Errorf("installs = %v, want one per server", count)
	}
}
