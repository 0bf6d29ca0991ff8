package toolrt

import (
	"crypto/rand"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/mcptag/mcptag/internal/rtlink"
)

// minStateKey is the shortest key SetStateKey takes: HMAC-SHA-256 is as
// strong as its key up to the hash's 32 bytes.
const minStateKey = 32

// stateKey is the key that signs the request states of forms: random per
// process unless SetStateKey set it.
var stateKey atomic.Pointer[[]byte]

// DefaultStateMaxAge is how long after it was signed a request state is
// accepted unless SetStateMaxAge says otherwise: long enough for a user
// to read and fill in a form, short enough that a state copied from a log
// or a proxy is soon of no use.
const DefaultStateMaxAge = 10 * time.Minute

// stateMaxAge is how long a request state is accepted, in nanoseconds.
var stateMaxAge atomic.Int64

func init() {
	key := make([]byte, minStateKey)
	rand.Read(key) // never fails: see crypto/rand.Read
	stateKey.Store(&key)
	rtlink.StateKey = func() []byte { return *stateKey.Load() }
	stateMaxAge.Store(int64(DefaultStateMaxAge))
	rtlink.StateMaxAge = func() time.Duration { return time.Duration(stateMaxAge.Load()) }
}

// SetStateKey sets the key that signs the request state of the forms a
// tool asks for on protocol 2026-07-28 (see Form.Elicit), in place of
// the random key each process draws at start. Servers that run as several
// replicas behind a load balancer, as streamable HTTP without sessions
// allows, give each the same secret key: a client may answer a form to
// another replica than the one that asked it. Call it before serving; a
// state signed with the key before is refused from then on. The key holds
// 32 bytes or more, and is copied.
func SetStateKey(key []byte) error {
	if len(key) < minStateKey {
		return fmt.Errorf("toolrt.SetStateKey: a key of %d bytes; want at least %d", len(key), minStateKey)
	}
	own := append([]byte(nil), key...)
	stateKey.Store(&own)
	return nil
}

// SetStateMaxAge sets how long after it was signed a request state of
// forms is accepted, DefaultStateMaxAge unless set. Each round of a form
// signs a new state, dated when it is signed, so the bound is the time a
// user takes to answer one form; a state older than it is refused with
// an error that says so, and the client starts the call again. Replicas
// that share a key should share the bound, and clocks that agree to well
// within it. Call it before serving; d is positive.
func SetStateMaxAge(d time.Duration) error {
	if d <= 0 {
		return fmt.Errorf("toolrt.SetStateMaxAge: %v; want a positive duration", d)
	}
	stateMaxAge.Store(int64(d))
	return nil
}
