package main

import (
	"bytes"
	"flag"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/mcptag/mcptag/toolrt/redistasks/redistest"
)

// serverBinary is the example built as a user builds it, once per run,
// with the race detector when the test has it.
var serverBinary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "releases-test")
	if err != nil {
		panic(err)
	}
	serverBinary = filepath.Join(dir, "releases")
	flag.Parse()
	if !testing.Short() {
		args := []string{"build", "-o", serverBinary}
		if raceEnabled {
			args = append(args, "-race")
		}
		if out, err := exec.Command("go", append(args, ".")...).CombinedOutput(); err != nil {
			panic("building the example: " + err.Error() + "\n" + string(out))
		}
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// A replica is the example running as a process, serving HTTP.
type replica struct {
	url string
	cmd *exec.Cmd
	log *syncBuffer // its standard error
}

// startReplica runs the example on a free loopback port, with args, and
// returns it once it listens; it stops it when the test ends.
func startReplica(t *testing.T, args ...string) *replica {
	t.Helper()
	if testing.Short() {
		t.Skip("it runs the example as a process, built by TestMain; go test without -short runs it")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	r := &replica{url: "http://" + addr, log: &syncBuffer{}}
	r.cmd = exec.Command(serverBinary, append([]string{"-http", addr}, args...)...)
	r.cmd.Stderr = r.log
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { r.cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		r.cmd.Process.Signal(os.Interrupt)
		<-exited
		if t.Failed() {
			t.Logf("the log of the replica on %s:\n%s", addr, r.log)
		}
	})
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return r
		}
		select {
		case <-exited:
			t.Fatalf("the replica exited: %v\n%s", r.cmd.ProcessState, r.log)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("the replica on %s does not listen:\n%s", addr, r.log)
		}
	}
}

// client is a client of r that declares the tasks extension, or not.
func (r *replica) client(t *testing.T, tasks bool) *mcptest.TaskClient {
	return &mcptest.TaskClient{T: t, URL: r.url, Tasks: tasks}
}

// awaitLog waits until r's log holds line, failing the test if it does
// not within 10 seconds.
func (r *replica) awaitLog(t *testing.T, line string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(r.log.String(), line); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the replica's log lacks %q after 10s:\n%s", line, r.log)
		}
	}
}

// A syncBuffer is a bytes.Buffer that a process writes while the test
// reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// replicaArgs are the flags of replicas that share their tasks through
// the Redis server at addr, and one state key: a short lease, and builds
// whose steps outlast what the tests do to them.
func replicaArgs(t *testing.T, addr string) []string {
	t.Helper()
	keyFile := filepath.Join(t.TempDir(), "state.key")
	if err := os.WriteFile(keyFile, []byte("a secret shared by the replicas, 32 bytes or more\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return []string{"-redis", addr, "-state-key-file", keyFile, "-lease", "600ms", "-step", "1s"}
}

// TestReplicasShareTasks: two replicas with one Redis and one state key
// serve each other's tasks: a deploy's form asked on one is answered on
// the other, which deploys; a build on one is cancelled on the other,
// which cancels the build's context on the first; a build whose replica
// is asked to stop completes, the replica waiting for it; and a build
// whose replica is killed fails on the other one lease later, saying
// why.
func TestReplicasShareTasks(t *testing.T) {
	if testing.Short() {
		t.Skip("it runs the example as a process, built by TestMain; go test without -short runs it")
	}
	args := replicaArgs(t, redistest.Start(t))
	one, two := startReplica(t, args...), startReplica(t, args...)
	t.Run("deploy", func(t *testing.T) {
		deploy(t, one.client(t, true), two.client(t, true))
		two.awaitLog(t, "deploy api to production: deployed")
		if log := one.log.String(); strings.Contains(log, "deploy api") {
			t.Errorf("the replica that asked the form deployed too:\n%s", log)
		}
	})
	t.Run("cancel", func(t *testing.T) {
		c1, c2 := one.client(t, true), two.client(t, true)
		id := startBuild(t, c1, c2, "api")
		c2.Must("tasks/cancel", map[string]any{"taskId": id})
		one.awaitLog(t, "build api cancelled")
		if task := c1.Get(id); task["status"] != "cancelled" {
			t.Errorf("the task on the replica that ran it: %v, want cancelled", task)
		}
		if log := two.log.String(); strings.Contains(log, "build api") {
			t.Errorf("the replica that cancelled the task ran the build:\n%s", log)
		}
	})
	t.Run("replica stopped", func(t *testing.T) {
		leaving := startReplica(t, append(args, "-step", "200ms")...)
		c2 := two.client(t, true)
		id := startBuild(t, leaving.client(t, true), c2, "docs")
		if err := leaving.cmd.Process.Signal(os.Interrupt); err != nil {
			t.Fatal(err)
		}
		if task := c2.Await(id, "completed", "failed", "cancelled"); task["status"] != "completed" {
			t.Errorf("the task of the replica asked to stop: %v; want completed, the replica waiting for it", task)
		}
		leaving.awaitLog(t, "build docs done")
	})
	t.Run("replica killed", func(t *testing.T) {
		doomed := startReplica(t, args...)
		c2 := two.client(t, true)
		id := startBuild(t, doomed.client(t, true), c2, "web")
		if err := doomed.cmd.Process.Kill(); err != nil {
			t.Fatal(err)
		}
		task := c2.Await(id, "failed", "completed", "cancelled")
		e, _ := task["error"].(map[string]any)
		msg, _ := e["message"].(string)
		if task["status"] != "failed" || !strings.Contains(msg, "replica that ran the task stopped") {
			t.Errorf("the task of the killed replica: %v; want failed, saying its replica stopped", task)
		}
	})
}

// TestInMemory: without -redis, one replica keeps its tasks in memory:
// a build runs as a task or at once, as the client declares the
// extension or not, a deploy's form is answered in its task, and a
// client without the extension cannot deploy.
func TestInMemory(t *testing.T) {
	r := startReplica(t, "-step", "10ms")
	tasks, plain := r.client(t, true), r.client(t, false)
	r.awaitLog(t, "releases: tasks kept in memory")

	id := created(t, tasks, "build", map[string]any{"target": "api"})
	done := tasks.Await(id, "completed", "failed", "cancelled")
	want := map[string]any{"target": "api", "file": "api.tar.gz", "steps": []any{"fetch", "compile", "test", "package", "sign"}}
	if diff := cmp.Diff(want, structured(t, done)); diff != "" {
		t.Errorf("the build task's structuredContent (-want +got):\n%s", diff)
	}
	res, err := plain.Call("build", map[string]any{"target": "api"})
	if err != nil || res["resultType"] == "task" || !cmp.Equal(res["structuredContent"], want) {
		t.Errorf("build without the extension: %v %v, want its result at once", res, err)
	}

	deploy(t, tasks, tasks)
	if _, err := plain.Call("deploy", map[string]any{"service": "api", "env": "production"}); err == nil || err.Code != -32021 {
		t.Errorf("deploy without the extension: %v, want -32021", err)
	}
	res = plain.Must("tools/call", map[string]any{"name": "list_environments", "arguments": map[string]any{}})
	if got := res["structuredContent"]; !cmp.Equal(got, map[string]any{"names": []any{"staging", "production"}}) {
		t.Errorf("list_environments: %v", res)
	}
}

// deploy deploys api to production as a task created through c1, whose
// form it answers through c2, and checks that both report it completed,
// deployed.
func deploy(t *testing.T, c1, c2 *mcptest.TaskClient) {
	t.Helper()
	id := created(t, c1, "deploy", map[string]any{"service": "api", "env": "production"})
	parked := c2.Await(id, "input_required", "completed", "failed", "cancelled")
	requests, _ := parked["inputRequests"].(map[string]any)
	if parked["status"] != "input_required" || len(requests) != 1 {
		t.Fatalf("deploy task: %v, want input_required with one form", parked)
	}
	answers := map[string]any{}
	for key := range requests {
		answers[key] = map[string]any{"action": "accept", "content": map[string]any{"confirm": true, "reason": "release 1.2"}}
	}
	c2.Must("tasks/update", map[string]any{"taskId": id, "inputResponses": answers})
	done := c2.Await(id, "completed", "failed", "cancelled")
	want := map[string]any{"service": "api", "env": "production", "deployed": true, "url": "https://api.production.example.com", "reason": "release 1.2"}
	if diff := cmp.Diff(want, structured(t, done)); diff != "" {
		t.Errorf("the deploy task's structuredContent (-want +got):\n%s", diff)
	}
	if task := c1.Get(id); task["status"] != "completed" {
		t.Errorf("the deploy task through the replica that created it: %v, want completed", task)
	}
}

// startBuild starts a build of target as a task through c1, and returns
// its ID once c2 reports its first step.
func startBuild(t *testing.T, c1, c2 *mcptest.TaskClient, target string) string {
	t.Helper()
	id := created(t, c1, "build", map[string]any{"target": target})
	first := fmt.Sprintf("build %s: step 1 of 5: fetch", target)
	c2.AwaitTask(id, "status message "+first, func(task map[string]any) bool {
		return task["statusMessage"] == first
	})
	return id
}

// created calls the tool name with args through c, and returns the ID of
// the task the call created.
func created(t *testing.T, c *mcptest.TaskClient, name string, args map[string]any) string {
	t.Helper()
	res, err := c.Call(name, args)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	id, _ := res["taskId"].(string)
	if res["resultType"] != "task" || id == "" || res["status"] != "working" {
		t.Fatalf("%s: %v, want a CreateTaskResult of a working task", name, res)
	}
	return id
}

// structured is the structuredContent of the result a completed task
// inlines.
func structured(t *testing.T, task map[string]any) any {
	t.Helper()
	if task["status"] != "completed" {
		t.Fatalf("task %v, want completed", task)
	}
	res, _ := task["result"].(map[string]any)
	return res["structuredContent"]
}
