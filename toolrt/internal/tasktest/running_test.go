package tasktest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/toolrt"
)

// TestRunningTasksWait: a server that stops waits for the task rounds it
// runs: Wait gives up with its context while a tool works, and returns
// once the tool has returned and its task is completed.
func TestRunningTasksWait(t *testing.T) {
	running := &toolrt.RunningTasks{}
	if err := running.Wait(context.Background()); err != nil {
		t.Fatalf("Wait with no round running: %v", err)
	}
	c := &mcptest.TaskClient{T: t, URL: serve(t, newServer(), toolrt.TaskOptions{Running: running}).URL, Tasks: true}
	gate := gateName(t)
	id := startTask(c, "work", map[string]any{"gate": gate})
	awaitStarted(c, id)

	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if err := running.Wait(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Wait while the tool works = %v, want its context's deadline", err)
	}
	waited := make(chan error, 1)
	go func() { waited <- running.Wait(context.Background()) }()
	select {
	case err := <-waited:
		t.Fatalf("Wait returned %v while the tool works", err)
	case <-time.After(50 * time.Millisecond):
	}
	GateNamed(gate).Open()
	select {
	case err := <-waited:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Wait did not return after the tool did")
	}
	if task := c.Get(id); task["status"] != "completed" {
		t.Errorf("task when Wait returned = %v, want completed", task)
	}
}
