package tasktest

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/toolrt"
)

// A flakyStore is a store whose writes fail while down is set, as a
// database's do while it restarts.
type flakyStore struct {
	toolrt.TaskStore
	down atomic.Bool
}

func (s *flakyStore) Update(ctx context.Context, id string, change func(*toolrt.Task) error) (*toolrt.Task, error) {
	if s.down.Load() {
		return nil, errors.New("the store is down")
	}
	return s.TaskStore.Update(ctx, id, change)
}

// TestTaskOutlivesAStoreOutage: a store that fails for a moment neither
// cancels a working task (its lease renewal is tried again) nor loses
// its result (storing it is tried again).
func TestTaskOutlivesAStoreOutage(t *testing.T) {
	store := &flakyStore{TaskStore: toolrt.NewMemoryTaskStore()}
	c := &mcptest.TaskClient{T: t, URL: serve(t, newServer(), toolrt.TaskOptions{Store: store, Lease: 600 * time.Millisecond}).URL, Tasks: true}
	gate := gateName(t)
	id := startTask(c, "work", map[string]any{"gate": gate})
	awaitStarted(c, id)

	store.down.Store(true) // for a renewal or two (every 200ms), less than two thirds of a lease
	time.Sleep(250 * time.Millisecond)
	store.down.Store(false)
	select {
	case <-GateNamed(gate).Cancelled():
		t.Fatal("the tool's context was cancelled when the store failed a renewal")
	case <-time.After(100 * time.Millisecond):
	}

	store.down.Store(true) // as the tool returns, and for less than its lease
	GateNamed(gate).Open()
	time.Sleep(150 * time.Millisecond)
	store.down.Store(false)
	if got := resultText(t, c.Await(id, "completed", "failed", "cancelled")); got != "work at "+gate+" done" {
		t.Errorf("result text = %q, want the tool's result, stored once the store was back", got)
	}
}
