package uiext

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"weak"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// countInstalls makes install count the middlewares it adds, per
// server, for the rest of the test.
func countInstalls(t *testing.T) func(*mcp.Server) int {
	var mu sync.Mutex
	counts := map[*mcp.Server]int{}
	real := install
	install = func(s *mcp.Server) {
		mu.Lock()
		counts[s]++
		mu.Unlock()
		real(s)
	}
	t.Cleanup(func() { install = real })
	return func(s *mcp.Server) int {
		mu.Lock()
		defer mu.Unlock()
		return counts[s]
	}
}

func newServer() *mcp.Server {
	return mcp.NewServer(&mcp.Implementation{Name: "s", Version: "v0"}, nil)
}

// TestServeTwiceIsOnce: a second Serve of a server, even from another
// goroutine at the same time, adds no second middleware; another server
// gets its own.
func TestServeTwiceIsOnce(t *testing.T) {
	installs := countInstalls(t)
	s, other := newServer(), newServer()
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() { Serve(s) })
	}
	wg.Wait()
	Serve(s)
	Serve(other)
	if n := installs(s); n != 1 {
		t.Errorf("Serve 9 times installed the middleware %d times, want 1", n)
	}
	if n := installs(other); n != 1 {
		t.Errorf("another server: installed %d times, want 1", n)
	}
}

// TestServedServersAreCollected: Serve remembers a server without
// keeping it alive, and forgets it once it is collected, as a stateless
// HTTP handler that builds a server per request needs.
func TestServedServersAreCollected(t *testing.T) {
	const n = 200
	var collected atomic.Int64
	keys := make([]weak.Pointer[mcp.Server], n)
	for i := range n {
		s := newServer()
		Serve(s)
		keys[i] = weak.Make(s)
		runtime.AddCleanup(s, func(struct{}) { collected.Add(1) }, struct{}{})
	}
	for _, k := range keys {
		if _, ok := served.Load(k); !ok {
			t.Fatal("Serve did not remember a server it set up")
		}
	}
	// Cleanups run on their own goroutine after a collection: collect
	// and yield until they all ran, or long after they should have.
	for range 1000 {
		if collected.Load() == n && remembered(keys) == 0 {
			break
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	if got := collected.Load(); got != n {
		t.Errorf("%d of %d served servers were collected", got, n)
	}
	if got := remembered(keys); got != 0 {
		t.Errorf("%d of %d collected servers are still remembered", got, n)
	}
}

// remembered counts the keys that served still holds.
func remembered(keys []weak.Pointer[mcp.Server]) int {
	count := 0
	for _, k := range keys {
		if _, ok := served.Load(k); ok {
			count++
		}
	}
	return count
}
