package tasktest

import (
	"context"
	"errors"
	"strings"
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

// A downStore fails every call with an error that names its address.
type downStore struct{}

var errDown = errors.New("dial tcp 10.0.0.7:6379: connect: connection refused")

func (downStore) Create(context.Context, *toolrt.Task) error { return errDown }
func (downStore) Get(context.Context, string) (*toolrt.Task, error) {
	return nil, errDown
}
func (downStore) Update(context.Context, string, func(*toolrt.Task) error) (*toolrt.Task, error) {
	return nil, errDown
}

// TestStoreDown: a store that fails makes every task request an
// internal error that does not repeat the store's words (an address).
func TestStoreDown(t *testing.T) {
	c := &mcptest.TaskClient{T: t, URL: serve(t, newServer(), toolrt.TaskOptions{Store: downStore{}}).URL, Tasks: true}
	gate := gateName(t)
	defer GateNamed(gate).Open()
	_, callErr := c.Call("work", map[string]any{"gate": gate})
	_, getErr := c.Do("tasks/get", map[string]any{"taskId": "x"})
	_, cancelErr := c.Do("tasks/cancel", map[string]any{"taskId": "x"})
	for what, err := range map[string]*mcptest.ErrorResponse{"tools/call": callErr, "tasks/get": getErr, "tasks/cancel": cancelErr} {
		if err == nil || err.Code != -32603 || strings.Contains(err.Message, "10.0.0.7") {
			t.Errorf("%s with the store down: %v; want -32603 without the store's words", what, err)
		}
	}
}
