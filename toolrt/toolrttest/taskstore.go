package toolrttest

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/mcptag/mcptag/toolrt"
)

// TestTaskStore checks that the stores newStore returns keep the contract
// of toolrt.TaskStore, each subtest on a store of its own: a task created
// is got back equal to what was created, after a round trip through its
// JSON form too; an ID stored is refused again (toolrt.ErrTaskExists);
// an unknown ID, or a task past its Expires, is toolrt.ErrNoTask, and
// the ID of an expired task can be created again; the tasks a store
// returns and takes share nothing with what it keeps; Update writes
// nothing when its change fails, moves a task's expiry when the change
// renews Updated, loses no write of 16 goroutines that update one task
// at once, and returns the task as a following Get does.
//
// The author of a store calls it from a test of the store's package:
//
//	func TestStore(t *testing.T) {
//		toolrttest.TestTaskStore(t, func(t *testing.T) toolrt.TaskStore {
//			return mystore.New(connect(t))
//		})
//	}
//
// The stores of one call may share their data (one database): every
// subtest makes up task IDs of its own. The subtests run in parallel,
// calling newStore at once, and wait on real time, TTLs of a few hundred
// milliseconds, so a store over a network is checked as it runs, with
// no fake clock; the store's clock and the test's must agree to some
// tens of milliseconds.
func TestTaskStore(t *testing.T, newStore func(t *testing.T) toolrt.TaskStore) {
	tests := []struct {
		name string
		test func(t *testing.T, s toolrt.TaskStore)
	}{
		{"CreateThenGet", testCreateThenGet},
		{"CreateExisting", testCreateExisting},
		{"Unknown", testUnknown},
		{"Expired", testExpired},
		{"ExpiresAfterItsTTL", testExpiresAfterTTL},
		{"SharesNothing", testSharesNothing},
		{"UpdateFails", testUpdateFails},
		{"UpdateRenews", testUpdateRenews},
		{"UpdateIsAtomic", testUpdateIsAtomic},
		{"UpdateReturnsStored", testUpdateReturnsStored},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.test(t, newStore(t))
		})
	}
}

// ttl is the TTL of the tasks whose expiry a subtest waits for: long
// enough for a store over a network to answer well before it, short
// enough for a test to wait.
const ttl = 300 * time.Millisecond

// margin is how long before a task's expiry a Get must have started
// for the subtests to require that it finds the task.
const margin = 100 * time.Millisecond

// newTask returns a task of a new ID, updated now and kept for ttl,
// with every field set.
func newTask(ttl time.Duration) *toolrt.Task {
	now := time.Now()
	return &toolrt.Task{
		ID:            rand.Text(),
		Status:        toolrt.TaskInputRequired,
		StatusMessage: "waiting for the user",
		Created:       now.Add(-time.Second),
		Updated:       now,
		TTL:           ttl,
		PollInterval:  2 * time.Second,
		Owner:         "alice",
		Call:          json.RawMessage(`{"name":"deploy","arguments":{"env":"prod","replicas":3}}`),
		State:         "opaque-state",
		InputRequests: map[string]json.RawMessage{"confirm": json.RawMessage(`{"method":"elicitation/create"}`)},
		Answers:       map[string]json.RawMessage{"earlier": json.RawMessage(`{"action":"accept"}`)},
		Result:        json.RawMessage(`{"content":[]}`),
		Error:         json.RawMessage(`{"code":-32603,"message":"x"}`),
		Lease:         now.Add(time.Minute),
	}
}

// diff is cmp.Diff of two tasks as a store may give them back: times by
// their Equal method (a JSON round trip drops the monotonic clock and
// the location), JSON values by what they mean, not their spelling, and
// an empty map as none.
func diff(want, got *toolrt.Task) string {
	return cmp.Diff(want, got, cmp.Comparer(sameJSON), noneIsEmpty)
}

// noneIsEmpty has an empty map of JSON values equal to none.
var noneIsEmpty = cmp.FilterValues(func(a, b map[string]json.RawMessage) bool {
	return len(a) == 0 && len(b) == 0
}, cmp.Ignore())

// sameJSON reports whether a and b are the same JSON value; no bytes at
// all are JSON's null, as encoding/json writes them.
func sameJSON(a, b json.RawMessage) bool {
	if bytes.Equal(a, b) {
		return true
	}
	var va, vb any
	if json.Unmarshal(orNull(a), &va) != nil || json.Unmarshal(orNull(b), &vb) != nil {
		return false
	}
	return cmp.Equal(va, vb)
}

func orNull(b json.RawMessage) json.RawMessage {
	if len(b) == 0 {
		return json.RawMessage("null")
	}
	return b
}

// create stores tk in s, failing the test if s refuses it.
func create(t *testing.T, s toolrt.TaskStore, tk *toolrt.Task) {
	t.Helper()
	if err := s.Create(t.Context(), tk); err != nil {
		t.Fatalf("Create(%s): %v", tk.ID, err)
	}
}

// get returns the task id of s, failing the test if s has none.
func get(t *testing.T, s toolrt.TaskStore, id string) *toolrt.Task {
	t.Helper()
	got, err := s.Get(t.Context(), id)
	if err != nil {
		t.Fatalf("Get(%s): %v", id, err)
	}
	return got
}

// wantGone fails the test unless both Get and Update of id are
// toolrt.ErrNoTask; Update must not call its change then.
func wantGone(t *testing.T, s toolrt.TaskStore, id string) {
	t.Helper()
	if got, err := s.Get(t.Context(), id); !errors.Is(err, toolrt.ErrNoTask) {
		t.Errorf("Get(%s) = %v, %v; want ErrNoTask", id, got, err)
	}
	called := false
	got, err := s.Update(t.Context(), id, func(*toolrt.Task) error { called = true; return nil })
	if !errors.Is(err, toolrt.ErrNoTask) {
		t.Errorf("Update(%s) = %v, %v; want ErrNoTask", id, got, err)
	}
	if called {
		t.Errorf("Update(%s) called its change on no task", id)
	}
}

// wantLive fails the test unless s finds the task id that expires at
// expires, when the Get starts at least margin before then; a Get
// started later (a machine too slow for this test) proves nothing.
func wantLive(t *testing.T, s toolrt.TaskStore, id string, expires time.Time) {
	t.Helper()
	start := time.Now()
	_, err := s.Get(t.Context(), id)
	if err != nil && start.Add(margin).Before(expires) {
		t.Fatalf("Get(%s) %v before its expiry: %v", id, expires.Sub(start), err)
	}
	if err != nil {
		t.Logf("Get(%s) started only %v before its expiry: not checked", id, expires.Sub(start))
	}
}

// sleepUntil sleeps until some tens of milliseconds after at.
func sleepUntil(at time.Time) { time.Sleep(time.Until(at) + 50*time.Millisecond) }

func testCreateThenGet(t *testing.T, s toolrt.TaskStore) {
	want := newTask(time.Hour)
	create(t, s, want)
	if d := diff(want, get(t, s, want.ID)); d != "" {
		t.Errorf("Get after Create (-created +got):\n%s", d)
	}
	// What a store that serializes tasks gives back is the same.
	b, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	var back toolrt.Task
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if d := diff(&back, get(t, s, want.ID)); d != "" {
		t.Errorf("Get after Create (-JSON round trip +got):\n%s", d)
	}
}

func testCreateExisting(t *testing.T, s toolrt.TaskStore) {
	first := newTask(time.Hour)
	create(t, s, first)
	second := newTask(time.Hour)
	second.ID, second.Status = first.ID, toolrt.TaskWorking
	if err := s.Create(t.Context(), second); !errors.Is(err, toolrt.ErrTaskExists) {
		t.Fatalf("second Create(%s) = %v, want ErrTaskExists", first.ID, err)
	}
	if d := diff(first, get(t, s, first.ID)); d != "" {
		t.Errorf("a refused Create changed the task (-first +got):\n%s", d)
	}
}

func testUnknown(t *testing.T, s toolrt.TaskStore) {
	wantGone(t, s, rand.Text())
}

func testExpired(t *testing.T, s toolrt.TaskStore) {
	tk := newTask(time.Second)
	tk.Updated = time.Now().Add(-time.Hour)
	if err := s.Create(t.Context(), tk); err != nil {
		t.Fatalf("Create of an expired task: %v", err)
	}
	wantGone(t, s, tk.ID)
	// Its ID is free again.
	tk.Updated = time.Now()
	create(t, s, tk)
	get(t, s, tk.ID)
}

func testExpiresAfterTTL(t *testing.T, s toolrt.TaskStore) {
	tk := newTask(ttl)
	create(t, s, tk)
	wantLive(t, s, tk.ID, tk.Expires())
	// An Update that leaves Updated as it is keeps the expiry.
	if _, err := s.Update(t.Context(), tk.ID, func(tk *toolrt.Task) error {
		tk.StatusMessage = "still waiting"
		return nil
	}); err != nil && time.Now().Add(margin).Before(tk.Expires()) {
		t.Fatalf("Update(%s) before its expiry: %v", tk.ID, err)
	}
	sleepUntil(tk.Expires())
	wantGone(t, s, tk.ID)
}

func testSharesNothing(t *testing.T, s toolrt.TaskStore) {
	want := newTask(time.Hour)
	created := want.Clone()
	create(t, s, created)
	spoil(created)
	spoil(get(t, s, want.ID))
	updated, err := s.Update(t.Context(), want.ID, func(*toolrt.Task) error { return nil })
	if err != nil {
		t.Fatalf("Update(%s): %v", want.ID, err)
	}
	spoil(updated)
	if d := diff(want, get(t, s, want.ID)); d != "" {
		t.Errorf("changing the tasks Create took and Get and Update returned changed the stored one (-created +got):\n%s", d)
	}
}

// spoil changes tk in place, down to the bytes of its JSON values.
func spoil(tk *toolrt.Task) {
	tk.Status = toolrt.TaskFailed
	tk.Updated = tk.Updated.Add(-time.Hour)
	tk.Call[0] = '['
	tk.Answers["earlier"][0] = '['
	tk.Answers["spoiled"] = json.RawMessage(`true`)
	delete(tk.InputRequests, "confirm")
}

func testUpdateFails(t *testing.T, s toolrt.TaskStore) {
	want := newTask(time.Hour)
	create(t, s, want)
	failure := errors.New("the change fails")
	got, err := s.Update(t.Context(), want.ID, func(tk *toolrt.Task) error {
		tk.Status = toolrt.TaskCompleted
		tk.Answers["confirm"] = json.RawMessage(`{}`)
		return fmt.Errorf("deploying: %w", failure)
	})
	if !errors.Is(err, failure) {
		t.Errorf("Update = %v, %v; want the change's error", got, err)
	}
	if d := diff(want, get(t, s, want.ID)); d != "" {
		t.Errorf("a failed Update wrote (-created +got):\n%s", d)
	}
}

func testUpdateRenews(t *testing.T, s toolrt.TaskStore) {
	tk := newTask(ttl)
	create(t, s, tk)
	time.Sleep(ttl * 2 / 3)
	renewed, err := s.Update(t.Context(), tk.ID, func(tk *toolrt.Task) error {
		tk.Updated = time.Now()
		return nil
	})
	if err != nil {
		t.Fatalf("Update(%s) that renews it: %v", tk.ID, err)
	}
	if !renewed.Expires().After(tk.Expires()) {
		t.Fatalf("renewed task expires at %v, not after %v", renewed.Expires(), tk.Expires())
	}
	sleepUntil(tk.Expires())
	wantLive(t, s, tk.ID, renewed.Expires())
	sleepUntil(renewed.Expires())
	wantGone(t, s, tk.ID)
}

func testUpdateIsAtomic(t *testing.T, s toolrt.TaskStore) {
	tk := newTask(time.Hour)
	tk.Answers = nil
	create(t, s, tk)
	want := map[string]json.RawMessage{}
	var wg sync.WaitGroup
	for i := range 16 {
		key, answer := fmt.Sprint("goroutine", i), json.RawMessage(fmt.Sprintf(`{"n":%d}`, i))
		want[key] = answer
		wg.Go(func() {
			if _, err := s.Update(t.Context(), tk.ID, func(tk *toolrt.Task) error {
				if tk.Answers == nil {
					tk.Answers = map[string]json.RawMessage{}
				}
				tk.Answers[key] = answer
				return nil
			}); err != nil {
				t.Errorf("Update(%s) adding %s: %v", tk.ID, key, err)
			}
		})
	}
	wg.Wait()
	if d := cmp.Diff(want, get(t, s, tk.ID).Answers, cmp.Comparer(sameJSON)); d != "" {
		t.Errorf("answers after %d Updates at once (-want +got):\n%s", len(want), d)
	}
}

func testUpdateReturnsStored(t *testing.T, s toolrt.TaskStore) {
	tk := newTask(time.Hour)
	create(t, s, tk)
	finished := time.Now()
	got, err := s.Update(t.Context(), tk.ID, func(tk *toolrt.Task) error {
		tk.Status, tk.StatusMessage = toolrt.TaskCompleted, ""
		tk.Updated = finished
		tk.InputRequests = nil
		tk.Answers["confirm"] = json.RawMessage(`{"action":"accept"}`)
		tk.Result = json.RawMessage(`{"content":[{"type":"text","text":"done"}]}`)
		return nil
	})
	if err != nil {
		t.Fatalf("Update(%s): %v", tk.ID, err)
	}
	want := tk.Clone()
	want.Status, want.StatusMessage, want.Updated, want.InputRequests = toolrt.TaskCompleted, "", finished, nil
	want.Answers["confirm"] = json.RawMessage(`{"action":"accept"}`)
	want.Result = json.RawMessage(`{"content":[{"type":"text","text":"done"}]}`)
	if d := diff(want, got); d != "" {
		t.Errorf("Update returned (-want +got):\n%s", d)
	}
	if d := diff(got, get(t, s, tk.ID)); d != "" {
		t.Errorf("Get after Update (-Update's +Get's):\n%s", d)
	}
}
