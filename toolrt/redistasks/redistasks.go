// Package redistasks keeps the tasks of an MCP server (the extension
// io.modelcontextprotocol/tasks) in Redis: a toolrt.TaskStore that every
// replica of a server behind stateless HTTP shares, so that a task
// created on one replica is got, updated and cancelled on any.
//
// Each task is one JSON value, the JSON form of toolrt.Task, under the
// key prefix+ID ("mcptag:task:" when New is given no prefix):
//
//   - Create writes it with SET NX, so that an ID already stored is
//     refused with toolrt.ErrTaskExists, and PXAT at the task's Expires
//     (its last update plus its TTL).
//   - Get reads it with GET; no key, or a task past its Expires, is
//     toolrt.ErrNoTask.
//   - Update is an optimistic transaction: WATCH the key, GET the task,
//     apply the change, then MULTI, SET with PXAT at the changed task's
//     Expires, EXEC. When another client wrote the key between the WATCH
//     and the EXEC, the EXEC fails (redis.TxFailedErr) and Update starts
//     again from the task as stored then, calling the change again. It
//     tries at most 50 times, and stops when its context ends; after the
//     50th failed EXEC it returns an error that says the task is
//     contended ("task ID: contended: ..."), having written nothing.
//
// A key's expiry follows its task's Expires, so Redis forgets a task on
// its own once its TTL has run out since its last update: nothing sweeps
// expired tasks. An Update that renews Updated moves the expiry.
//
// Every error names the task's ID and wraps its cause, for errors.Is:
// toolrt.ErrNoTask, toolrt.ErrTaskExists, the client's errors, the
// context's. An error of the change given to Update is returned as it is.
//
// PXAT needs Redis 6.2 or later. Redis expires a key by its own clock,
// Get and Update a task by the replica's: the two should agree to well
// within a task's TTL.
package redistasks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/mcptag/mcptag/toolrt"
	"github.com/redis/go-redis/v9"
)

// defaultPrefix is the prefix of the keys of tasks when New is given
// none.
const defaultPrefix = "mcptag:task:"

// maxAttempts is how many times Update tries its transaction before it
// gives up on a task others keep writing.
const maxAttempts = 50

// New returns a TaskStore that keeps each task as one JSON value under
// the key prefix+ID of client; prefix "" is "mcptag:task:". The stores of
// all replicas of a server are given the same prefix.
func New(client redis.UniversalClient, prefix string) toolrt.TaskStore {
	if prefix == "" {
		prefix = defaultPrefix
	}
	return &store{client: client, prefix: prefix}
}

type store struct {
	client redis.UniversalClient
	prefix string
}

func (s *store) Create(ctx context.Context, t *toolrt.Task) error {
	b, err := json.Marshal(t)
	if err != nil {
		return wrap(t.ID, err)
	}
	err = s.client.Do(ctx, "SET", s.prefix+t.ID, b, "NX", "PXAT", t.Expires().UnixMilli()).Err()
	if errors.Is(err, redis.Nil) {
		// NX: the key is there.
		err = toolrt.ErrTaskExists
	}
	return wrap(t.ID, err)
}

func (s *store) Get(ctx context.Context, id string) (*toolrt.Task, error) {
	t, err := read(ctx, s.client, s.prefix+id)
	return t, wrap(id, err)
}

func (s *store) Update(ctx context.Context, id string, change func(*toolrt.Task) error) (*toolrt.Task, error) {
	key := s.prefix + id
	for range maxAttempts {
		if err := ctx.Err(); err != nil {
			return nil, wrap(id, err)
		}
		var t *toolrt.Task
		var changeErr error
		err := s.client.Watch(ctx, func(tx *redis.Tx) error {
			var err error
			if t, err = read(ctx, tx, key); err != nil {
				return err
			}
			if changeErr = change(t); changeErr != nil {
				return changeErr
			}
			b, err := json.Marshal(t)
			if err != nil {
				return err
			}
			_, err = tx.TxPipelined(ctx, func(p redis.Pipeliner) error {
				return p.Do(ctx, "SET", key, b, "PXAT", t.Expires().UnixMilli()).Err()
			})
			return err
		}, key)
		switch {
		case changeErr != nil:
			return nil, changeErr
		case errors.Is(err, redis.TxFailedErr):
			continue
		case err != nil:
			return nil, wrap(id, err)
		}
		return t, nil
	}
	return nil, fmt.Errorf("task %s: contended: another write of it came first in each of %d attempts to update it", id, maxAttempts)
}

// read returns the task stored under key, or toolrt.ErrNoTask when
// there is none or it has expired: Redis expires a key on its own clock,
// which may lag behind this one.
func read(ctx context.Context, c redis.Cmdable, key string) (*toolrt.Task, error) {
	b, err := c.Get(ctx, key).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, toolrt.ErrNoTask
	}
	if err != nil {
		return nil, err
	}
	var t toolrt.Task
	if err := json.Unmarshal(b, &t); err != nil {
		return nil, err
	}
	if !time.Now().Before(t.Expires()) {
		return nil, toolrt.ErrNoTask
	}
	return &t, nil
}

// wrap names the task id in err, unless err is nil.
func wrap(id string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("task %s: %w", id, err)
}
