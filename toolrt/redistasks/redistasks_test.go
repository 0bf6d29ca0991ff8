package redistasks_test

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/mcptag/mcptag/toolrt/redistasks"
	"github.com/mcptag/mcptag/toolrt/redistasks/redistest"
	"github.com/mcptag/mcptag/toolrt/toolrttest"
	"github.com/redis/go-redis/v9"
)

func TestTaskStore(t *testing.T) {
	addr := redistest.Start(t)
	toolrttest.TestTaskStore(t, func(t *testing.T) toolrt.TaskStore {
		return redistasks.New(connect(t, addr), "")
	})
}

// newTask returns a task of a new ID, kept for an hour.
func newTask() *toolrt.Task {
	now := time.Now()
	return &toolrt.Task{
		ID:      rand.Text(),
		Status:  toolrt.TaskWorking,
		Created: now,
		Updated: now,
		TTL:     time.Hour,
		Call:    json.RawMessage(`{"name":"deploy"}`),
	}
}

// replicas starts a server and returns two stores over two clients of
// it, as two replicas have, and a task created through the first.
func replicas(t *testing.T) (a, b toolrt.TaskStore, tk *toolrt.Task) {
	t.Helper()
	addr := redistest.Start(t)
	a, b = redistasks.New(connect(t, addr), ""), redistasks.New(connect(t, addr), "")
	tk = newTask()
	if err := a.Create(t.Context(), tk); err != nil {
		t.Fatal(err)
	}
	return a, b, tk
}

// answer returns a change that adds an answer of key to a task.
func answer(key string) func(*toolrt.Task) error {
	return func(t *toolrt.Task) error {
		if t.Answers == nil {
			t.Answers = map[string]json.RawMessage{}
		}
		t.Answers[key] = json.RawMessage(`true`)
		return nil
	}
}

// answers returns the keys of the answers of the task id, sorted.
func answers(t *testing.T, s toolrt.TaskStore, id string) []string {
	t.Helper()
	tk, err := s.Get(t.Context(), id)
	if err != nil {
		t.Fatalf("Get(%s): %v", id, err)
	}
	return slices.Sorted(maps.Keys(tk.Answers))
}

// The key of a task is the prefix and its ID, its value the task's JSON
// form, and its expiry the task's Expires, which an Update moves.
func TestKeys(t *testing.T) {
	client := connect(t, redistest.Start(t))
	ctx := t.Context()
	for _, c := range []struct{ prefix, key string }{{"", "mcptag:task:"}, {"app1:", "app1:"}} {
		s := redistasks.New(client, c.prefix)
		tk := newTask()
		if err := s.Create(ctx, tk); err != nil {
			t.Fatal(err)
		}
		key := c.key + tk.ID
		var stored toolrt.Task
		if b, err := client.Get(ctx, key).Bytes(); err != nil {
			t.Fatalf("GET %s: %v", key, err)
		} else if err := json.Unmarshal(b, &stored); err != nil || stored.ID != tk.ID {
			t.Fatalf("GET %s = %s (%v), want the task's JSON", key, b, err)
		}
		wantExpiry(t, client, key, tk.Expires())
		renewed, err := s.Update(ctx, tk.ID, func(tk *toolrt.Task) error {
			tk.Updated = tk.Updated.Add(time.Minute)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		wantExpiry(t, client, key, renewed.Expires())
	}
}

// wantExpiry fails the test unless key expires at at, to the millisecond.
func wantExpiry(t *testing.T, client *redis.Client, key string, at time.Time) {
	t.Helper()
	got, err := client.PExpireTime(t.Context(), key).Result()
	if err != nil {
		t.Fatalf("PEXPIRETIME %s: %v", key, err)
	}
	if want := time.Duration(at.UnixMilli()) * time.Millisecond; got != want {
		t.Errorf("PEXPIRETIME %s = %v, want %v", key, got, want)
	}
}

// Two stores over two clients, as two replicas have, see each other's
// writes.
func TestReplicas(t *testing.T) {
	a, b, tk := replicas(t)
	ctx := t.Context()
	if got, err := b.Get(ctx, tk.ID); err != nil {
		t.Fatalf("Get on the other replica: %v", err)
	} else if d := cmp.Diff(tk, got); d != "" {
		t.Errorf("Get on the other replica (-created +got):\n%s", d)
	}
	if err := b.Create(ctx, tk); !errors.Is(err, toolrt.ErrTaskExists) || !strings.Contains(err.Error(), tk.ID) {
		t.Errorf("Create on the other replica = %v, want ErrTaskExists naming %s", err, tk.ID)
	}
	if _, err := b.Update(ctx, tk.ID, answer("b")); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Update(ctx, tk.ID, answer("a")); err != nil {
		t.Fatal(err)
	}
	want := []string{"a", "b"}
	for name, s := range map[string]toolrt.TaskStore{"a": a, "b": b} {
		if got := answers(t, s, tk.ID); !cmp.Equal(got, want) {
			t.Errorf("replica %s sees answers %v, want %v", name, got, want)
		}
	}
	gone := rand.Text()
	if _, err := b.Get(ctx, gone); !errors.Is(err, toolrt.ErrNoTask) || !strings.Contains(err.Error(), gone) {
		t.Errorf("Get of an unknown task = %v, want ErrNoTask naming %s", err, gone)
	}
}

// Two clients, eight goroutines each, update one task at once: every
// write is kept.
func TestUpdateUnderContention(t *testing.T) {
	a, b, tk := replicas(t)
	stores := []toolrt.TaskStore{a, b}
	var want []string
	var calls atomic.Int32
	var wg sync.WaitGroup
	for i, s := range stores {
		for j := range 8 {
			key := fmt.Sprintf("client%d-goroutine%d", i, j)
			want = append(want, key)
			wg.Go(func() {
				if _, err := s.Update(t.Context(), tk.ID, func(tk *toolrt.Task) error {
					calls.Add(1)
					return answer(key)(tk)
				}); err != nil {
					t.Errorf("Update adding %s: %v", key, err)
				}
			})
		}
	}
	wg.Wait()
	slices.Sort(want)
	if got := answers(t, stores[1], tk.ID); !cmp.Equal(got, want) {
		t.Errorf("answers after %d Updates at once: %v, want %v", len(want), got, want)
	}
	t.Logf("%d Updates called their change %d times", len(want), calls.Load())
}

// An Update whose transaction another client's write overtakes starts
// again from that write, and keeps both.
func TestUpdateRetries(t *testing.T) {
	a, b, tk := replicas(t)
	calls := 0
	_, err := a.Update(t.Context(), tk.ID, func(tk *toolrt.Task) error {
		if calls++; calls == 1 {
			overtake(t, b, tk.ID, "b")
		}
		return answer("a")(tk)
	})
	if err != nil {
		t.Fatal(err)
	}
	if calls != 2 {
		t.Errorf("change called %d times, want 2: once overtaken, once more", calls)
	}
	if got, want := answers(t, a, tk.ID), []string{"a", "b"}; !cmp.Equal(got, want) {
		t.Errorf("answers %v, want %v", got, want)
	}
}

// overtake adds an answer of key to the task id through s, between the
// read and the write of another store's Update.
func overtake(t *testing.T, s toolrt.TaskStore, id, key string) {
	if _, err := s.Update(context.Background(), id, answer(key)); err != nil {
		t.Errorf("Update through the other client: %v", err)
	}
}

// An Update overtaken every time gives up, with an error that names the
// task and the contention, having written nothing.
func TestUpdateGivesUp(t *testing.T) {
	a, b, tk := replicas(t)
	calls := 0
	_, err := a.Update(t.Context(), tk.ID, func(tk *toolrt.Task) error {
		calls++
		overtake(t, b, tk.ID, fmt.Sprint("b", calls))
		return answer("a")(tk)
	})
	if err == nil || !strings.Contains(err.Error(), tk.ID) || !strings.Contains(err.Error(), "contended") {
		t.Fatalf("Update overtaken every time = %v, want an error naming %s and the contention", err, tk.ID)
	}
	if calls != 50 {
		t.Errorf("change called %d times, want 50", calls)
	}
	if got := answers(t, a, tk.ID); len(got) != calls || slices.Contains(got, "a") {
		t.Errorf("answers %v, want the %d of the other client's Updates, none of the one that gave up", got, calls)
	}
}

// An Update overtaken after its context ended stops, with the context's
// error.
func TestUpdateStopsWithItsContext(t *testing.T) {
	a, b, tk := replicas(t)
	ctx, cancel := context.WithCancel(t.Context())
	calls := 0
	_, err := a.Update(ctx, tk.ID, func(tk *toolrt.Task) error {
		calls++
		cancel()
		overtake(t, b, tk.ID, "b")
		return answer("a")(tk)
	})
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), tk.ID) {
		t.Errorf("Update after its context ended = %v, want context.Canceled naming %s", err, tk.ID)
	}
	if calls != 1 {
		t.Errorf("change called %d times after its context ended, want 1", calls)
	}
	if got, want := answers(t, a, tk.ID), []string{"b"}; !cmp.Equal(got, want) {
		t.Errorf("answers %v, want %v", got, want)
	}
}

// A task past its Expires is gone even while its key is not, as when
// Redis's clock lags behind the replica's.
func TestExpiredBeforeItsKey(t *testing.T) {
	client := connect(t, redistest.Start(t))
	s := redistasks.New(client, "")
	tk := newTask()
	tk.Updated = time.Now().Add(-2 * tk.TTL)
	b, err := json.Marshal(tk)
	if err != nil {
		t.Fatal(err)
	}
	if err := client.Set(t.Context(), "mcptag:task:"+tk.ID, b, time.Hour).Err(); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Get(t.Context(), tk.ID); !errors.Is(err, toolrt.ErrNoTask) {
		t.Errorf("Get of an expired task whose key lives = %v, %v; want ErrNoTask", got, err)
	}
	if got, err := s.Update(t.Context(), tk.ID, answer("a")); !errors.Is(err, toolrt.ErrNoTask) {
		t.Errorf("Update of an expired task whose key lives = %v, %v; want ErrNoTask", got, err)
	}
}
