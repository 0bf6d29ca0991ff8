package toolrt

// The tasks of the extension io.modelcontextprotocol/tasks as a store
// keeps them (docs/tasks.md): what the server knows of each task between
// two requests, so that any replica that shares the store can answer for
// it.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"
)

// TaskSupport is how a tool runs as a task (task=): not at all (""),
// when the client declares the tasks extension (TaskOptional), or only
// then, a client without it being refused (TaskRequired).
type TaskSupport string

// The values of TaskSupport besides "".
const (
	TaskOptional TaskSupport = "optional"
	TaskRequired TaskSupport = "required"
)

// TaskStatus is the status of a task, as tasks/get reports it.
type TaskStatus string

// The statuses of a task. Completed, Failed and Cancelled are terminal:
// a task in one of them never changes again.
const (
	TaskWorking       TaskStatus = "working"
	TaskInputRequired TaskStatus = "input_required"
	TaskCompleted     TaskStatus = "completed"
	TaskFailed        TaskStatus = "failed"
	TaskCancelled     TaskStatus = "cancelled"
)

// Terminal reports whether s is a status a task never leaves.
func (s TaskStatus) Terminal() bool {
	return s == TaskCompleted || s == TaskFailed || s == TaskCancelled
}

// A Task is a task as a TaskStore keeps it: what tasks/get reports of
// it, and what a replica needs to run its next round. Its JSON form is
// the one a store that serializes tasks writes; fields the client never
// sees (Owner, Call, State, Answers, Lease) stay on the server.
type Task struct {
	ID            string     `json:"id"`
	Status        TaskStatus `json:"status"`
	StatusMessage string     `json:"statusMessage,omitempty"`
	Created       time.Time  `json:"created"`
	Updated       time.Time  `json:"updated"`
	// TTL is how long after its last update the task is kept.
	TTL time.Duration `json:"ttl"`
	// PollInterval is how often the server suggests its client polls.
	PollInterval time.Duration `json:"pollInterval"`
	// Owner is who created the task: the user of the bearer token of the
	// call, "" when the server authenticates no one. Only the same user
	// may get, update or cancel it.
	Owner string `json:"owner,omitempty"`
	// Call is the params of the tools/call that created the task: each
	// round of the task calls the tool with them again.
	Call json.RawMessage `json:"call"`
	// State is the request state the tool returned with its input
	// requests, sent back with their answers in the next round; the
	// client never sees it.
	State string `json:"state,omitempty"`
	// InputRequests are the requests the task waits for answers to, by
	// key, while it is input_required.
	InputRequests map[string]json.RawMessage `json:"inputRequests,omitempty"`
	// Answers are the answers tasks/update delivered to InputRequests so
	// far, by key: the next round starts when every request has one.
	Answers map[string]json.RawMessage `json:"answers,omitempty"`
	// Result is the tool's result, once the task is completed.
	Result json.RawMessage `json:"result,omitempty"`
	// Error is the JSON-RPC error the call ended in, once the task
	// failed: {code, message, data}.
	Error json.RawMessage `json:"error,omitempty"`
	// Lease is, while the task is working, the time until which the
	// replica that runs it answers for it; it renews the lease while the
	// tool runs. A working task past its lease has lost its replica, and
	// is reported failed.
	Lease time.Time `json:"lease,omitzero"`
}

// Expires is when a store may forget t: TTL after its last update.
func (t *Task) Expires() time.Time { return t.Updated.Add(t.TTL) }

// Clone returns a copy of t that shares nothing with it.
func (t *Task) Clone() *Task {
	c := *t
	c.Call = clone(t.Call)
	c.Result = clone(t.Result)
	c.Error = clone(t.Error)
	c.InputRequests = cloneMap(t.InputRequests)
	c.Answers = cloneMap(t.Answers)
	return &c
}

func clone(b json.RawMessage) json.RawMessage {
	if b == nil {
		return nil
	}
	return append(json.RawMessage(nil), b...)
}

func cloneMap(m map[string]json.RawMessage) map[string]json.RawMessage {
	if m == nil {
		return nil
	}
	c := make(map[string]json.RawMessage, len(m))
	for k, v := range m {
		c[k] = clone(v)
	}
	return c
}

// ErrNoTask is the error of a TaskStore asked for a task it does not
// hold: one never created, or one past its Expires.
var ErrNoTask = errors.New("no such task")

// ErrTaskExists is the error of TaskStore.Create given a task whose ID
// the store already holds.
var ErrTaskExists = errors.New("a task with this ID exists")

// A TaskStore keeps the tasks of a server, and of every replica of it
// that shares the store: a task created on one replica is got, updated
// and cancelled on any. Its methods are called from any number of
// goroutines. NewMemoryTaskStore is the store of one process; a store
// over a database implements the same three methods (the module
// github.com/mcptag/mcptag/toolrt/redistasks keeps tasks in Redis), and
// toolrttest.TestTaskStore checks one.
type TaskStore interface {
	// Create stores t, a new task, durably: once it returns nil, Get of
	// t.ID on any replica finds it. It returns ErrTaskExists when a
	// task with t.ID is stored.
	Create(ctx context.Context, t *Task) error
	// Get returns the task id, or ErrNoTask when there is none or it
	// has expired. The task returned is the caller's to change.
	Get(ctx context.Context, id string) (*Task, error)
	// Update applies change to the task id atomically: no other
	// Update of the task is stored between its read and its write.
	// change may be called more than once, each time with the task as
	// stored then (a store retries when another write came first); an
	// error from change is returned as it is, and nothing is written.
	// Update returns the task as stored, or ErrNoTask.
	Update(ctx context.Context, id string, change func(*Task) error) (*Task, error)
}

// NewMemoryTaskStore returns a TaskStore that keeps tasks in this
// process's memory: the tasks of a server without replicas, lost when
// the process ends. It forgets a task past its Expires.
func NewMemoryTaskStore() TaskStore {
	return &memoryTaskStore{tasks: map[string]*Task{}, now: time.Now}
}

type memoryTaskStore struct {
	mu    sync.Mutex
	tasks map[string]*Task
	now   func() time.Time
	// creates counts Create calls, so that expired tasks are swept once
	// in a while rather than on every call.
	creates int
}

// sweepEvery is how many tasks memoryTaskStore creates between two
// sweeps of the expired ones.
const sweepEvery = 64

func (s *memoryTaskStore) Create(_ context.Context, t *Task) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.creates++; s.creates%sweepEvery == 0 {
		s.sweep()
	}
	if _, ok := s.live(t.ID); ok {
		return fmt.Errorf("%w: %s", ErrTaskExists, t.ID)
	}
	s.tasks[t.ID] = t.Clone()
	return nil
}

func (s *memoryTaskStore) Get(_ context.Context, id string) (*Task, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, ok := s.live(id)
	if !ok {
		return nil, ErrNoTask
	}
	return t.Clone(), nil
}

func (s *memoryTaskStore) Update(_ context.Context, id string, change func(*Task) error) (*Task, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, ok := s.live(id)
	if !ok {
		return nil, ErrNoTask
	}
	c := t.Clone()
	if err := change(c); err != nil {
		return nil, err
	}
	s.tasks[id] = c.Clone()
	return c, nil
}

// live returns the task id unless it has expired, which it forgets.
func (s *memoryTaskStore) live(id string) (*Task, bool) {
	t, ok := s.tasks[id]
	if ok && !s.now().Before(t.Expires()) {
		delete(s.tasks, id)
		return nil, false
	}
	return t, ok
}

// sweep forgets every expired task.
func (s *memoryTaskStore) sweep() {
	now := s.now()
	for id, t := range s.tasks {
		if !now.Before(t.Expires()) {
			delete(s.tasks, id)
		}
	}
}
