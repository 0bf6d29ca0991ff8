package tasktest

import (
	"testing"
	"time"

	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/toolrt"
)

// TestWorkingTaskOutlivesTTL: a task that works longer than its TTL,
// without a change of status or message, is still there while it works,
// and its tool is not cancelled: the TTL counts from the task's last
// change, and renewing the lease while the tool runs is not one.
func TestWorkingTaskOutlivesTTL(t *testing.T) {
	opts := toolrt.TaskOptions{TTL: 300 * time.Millisecond, Lease: 90 * time.Millisecond}
	c := &mcptest.TaskClient{T: t, URL: serve(t, newServer(), opts).URL, Tasks: true}
	gate := gateName(t)
	id := startTask(c, "work", map[string]any{"gate": gate})
	awaitStarted(c, id)
	time.Sleep(600 * time.Millisecond) // twice the TTL, the tool still at its gate
	select {
	case <-GateNamed(gate).Cancelled():
		t.Error("the tool's context was cancelled while it worked")
	default:
	}
	if task, err := c.Do("tasks/get", map[string]any{"taskId": id}); err != nil || task["status"] != "working" {
		t.Errorf("tasks/get of a task working past its TTL: %v %v; want it working", task, err)
	}
	GateNamed(gate).Open()
	c.Await(id, "completed")
}
