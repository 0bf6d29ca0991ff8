package redistasks_test

import (
	"testing"

	"github.com/redis/go-redis/v9"
)

// connect returns a client of the server at addr, closed when the test
// ends.
func connect(t *testing.T, addr string) *redis.Client {
	t.Helper()
	client := redis.NewClient(&redis.Options{Addr: addr})
	t.Cleanup(func() { client.Close() })
	return client
}
