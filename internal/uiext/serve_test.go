package uiext

import (
	"sync"
	"testing"

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
