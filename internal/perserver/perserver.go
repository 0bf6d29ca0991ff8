// Package perserver keeps values per *mcp.Server without keeping the
// servers alive: a stateless HTTP handler may build a server per
// request, and what mcptag attaches to a server (middleware installed
// once, the pages its tools claimed) must go with it.
package perserver

import (
	"runtime"
	"sync"
	"weak"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A Map holds one value of type V per server, weakly: a server's entry
// is deleted once the server is garbage.
type Map[V any] struct {
	m sync.Map // weak.Pointer[mcp.Server] -> V
}

// LoadOrStore returns s's value, storing v as it first when s has none,
// and reports whether it was there.
func (p *Map[V]) LoadOrStore(s *mcp.Server, v V) (actual V, loaded bool) {
	key := weak.Make(s)
	a, loaded := p.m.LoadOrStore(key, v)
	if !loaded {
		runtime.AddCleanup(s, func(k weak.Pointer[mcp.Server]) { p.m.Delete(k) }, key)
	}
	return a.(V), loaded
}

// Once calls install(s) the first time it is called for s on the set:
// middleware that is added once however often a server is set up.
type Once struct{ m Map[struct{}] }

// Do calls install(s) unless it was called for s before.
func (o *Once) Do(s *mcp.Server, install func(*mcp.Server)) {
	if _, loaded := o.m.LoadOrStore(s, struct{}{}); !loaded {
		install(s)
	}
}
