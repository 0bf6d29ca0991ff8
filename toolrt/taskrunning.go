package toolrt

import (
	"context"
	"sync"
)

// RunningTasks counts the task rounds a process runs, in the background
// of the requests that started them, so that a server that stops waits
// for them as http.Server.Shutdown waits for requests: set it in
// TaskOptions.Running, and call Wait after Shutdown. A task whose round
// is still running when Wait gives up is left to its lease: it fails one
// lease later, as a stopped replica's does (docs/tasks.md). The zero
// value is ready to use.
type RunningTasks struct {
	mu   sync.Mutex
	n    int
	idle chan struct{} // closed when n drops to 0; nil while none waits
}

// start counts a round that starts.
func (r *RunningTasks) start() {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.n++
}

// done counts a round that ended.
func (r *RunningTasks) done() {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.n--; r.n == 0 && r.idle != nil {
		close(r.idle)
		r.idle = nil
	}
}

// Wait waits until no round runs, and returns nil, or until ctx is
// done, and returns its error. A round that starts while Wait waits (the
// last answer to a task's form arrived) is waited for too. A round has
// stored what it came to before it stops counting.
func (r *RunningTasks) Wait(ctx context.Context) error {
	r.mu.Lock()
	if r.n == 0 {
		r.mu.Unlock()
		return nil
	}
	if r.idle == nil {
		r.idle = make(chan struct{})
	}
	idle := r.idle
	r.mu.Unlock()
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
