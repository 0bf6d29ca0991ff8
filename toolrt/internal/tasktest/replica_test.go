package tasktest

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/toolrt"
)

// TestTaskAcrossReplicas: two replicas, each its own server, share a
// store: a task created on one is got on the other, its form answered
// there, and it completes there; a task working on the first is
// cancelled on the second, whose store the first reads as it renews its
// lease, and the tool's context on the first is cancelled.
func TestTaskAcrossReplicas(t *testing.T) {
	store := toolrt.NewMemoryTaskStore()
	opts := toolrt.TaskOptions{Store: store, Lease: 150 * time.Millisecond}
	one := &mcptest.TaskClient{T: t, URL: serve(t, newServer(), opts).URL, Tasks: true}
	two := &mcptest.TaskClient{T: t, URL: serve(t, newServer(), opts).URL, Tasks: true}

	id := startTask(one, "deploy", map[string]any{"service": "db"})
	parked := two.Await(id, "input_required")
	answers := map[string]any{}
	for key := range parked["inputRequests"].(map[string]any) {
		answers[key] = map[string]any{"action": "accept", "content": map[string]any{"approve": true}}
	}
	two.Must("tasks/update", map[string]any{"taskId": id, "inputResponses": answers})
	if got := resultText(t, one.Await(id, "completed", "failed")); got != "db deployed" {
		t.Errorf("result text = %q, want %q", got, "db deployed")
	}

	gate := gateName(t)
	id = startTask(one, "work", map[string]any{"gate": gate})
	awaitStarted(two, id)
	two.Must("tasks/cancel", map[string]any{"taskId": id})
	awaitCancelled(t, gate)
	if task := one.Get(id); task["status"] != "cancelled" {
		t.Errorf("task = %v, want cancelled", task)
	}
}

// TestTaskLeaseLost: a working task whose replica stopped renewing its
// lease is reported failed, with an error that says why, not working for
// ever.
func TestTaskLeaseLost(t *testing.T) {
	store := toolrt.NewMemoryTaskStore()
	c := &mcptest.TaskClient{T: t, URL: serve(t, newServer(), toolrt.TaskOptions{Store: store}).URL, Tasks: true}
	now := time.Now()
	err := store.Create(context.Background(), &toolrt.Task{
		ID: "orphan", Status: toolrt.TaskWorking, Created: now.Add(-time.Minute), Updated: now.Add(-time.Minute),
		TTL: time.Hour, Call: []byte(`{"name":"work","arguments":{"gate":"never"}}`), Lease: now.Add(-time.Second),
	})
	if err != nil {
		t.Fatal(err)
	}
	task := c.Get("orphan")
	e, _ := task["error"].(map[string]any)
	if task["status"] != "failed" || !strings.Contains(e["message"].(string), "stopped") || task["result"] != nil {
		t.Errorf("task past its lease = %v; want failed, saying its replica stopped", task)
	}
}

// TestTaskExpires: a task is kept TTL after its last change, then gone.
func TestTaskExpires(t *testing.T) {
	c := &mcptest.TaskClient{T: t, URL: serve(t, newServer(), toolrt.TaskOptions{TTL: 200 * time.Millisecond}).URL, Tasks: true}
	gate := gateName(t)
	GateNamed(gate).Open()
	id := startTask(c, "work", map[string]any{"gate": gate})
	if ttl := c.Get(id)["ttlMs"]; ttl != float64(200) {
		t.Errorf("ttlMs = %v, want 200", ttl)
	}
	c.Await(id, "completed")
	time.Sleep(300 * time.Millisecond)
	if _, err := c.Do("tasks/get", map[string]any{"taskId": id}); err == nil || err.Code != -32602 {
		t.Errorf("tasks/get past the TTL: %v; want -32602", err)
	}
}
