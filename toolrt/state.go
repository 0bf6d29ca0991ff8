package toolrt

import (
	"crypto/rand"
	"fmt"
	"sync/atomic"

	"github.com/mcptag/mcptag/internal/rtlink"
)

// minStateKey is the shortest key SetStateKey takes: HMAC-SHA-256 is as
// strong as its key up to the hash's 32 bytes.
const minStateKey = 32

// stateKey is the key that signs the request states of forms: random per
// process unless SetStateKey set it.
var stateKey atomic.Pointer[[]byte]

func init() {
	key := make([]byte, minStateKey)
	rand.Read(key) // never fails: see crypto/rand.Read
	stateKey.Store(&key)
	rtlink.StateKey = func() []byte { return *stateKey.Load() }
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
