// Package redistest starts a Redis server for a test: Debian's
// redis-server, on the loopback interface, keeping nothing on disk. The
// tests of the Redis task store and of the servers that keep their tasks
// in it start their servers with it.
package redistest

import (
	"bytes"
	"net"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// Start starts redis-server for the test alone, on a free port of the
// loopback interface, and returns its address (host:port) once it
// answers PING; it stops the server when the test ends. Without
// redis-server the test is skipped, unless it runs in CI (the
// environment variable CI is set), where it fails.
func Start(t testing.TB) string {
	t.Helper()
	path, err := exec.LookPath("redis-server")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("redis-server is not installed (apt-get install redis-server): %v", err)
		}
		t.Skipf("redis-server is not installed (apt-get install redis-server): %v", err)
	}
	port := freePort(t)
	cmd := exec.Command(path, "--port", port, "--bind", "127.0.0.1",
		"--save", "", "--appendonly", "no", "--dir", t.TempDir())
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting redis-server: %v", err)
	}
	// exited is closed once the server has exited; then, and only then,
	// waitErr and out are the test's to read.
	exited := make(chan struct{})
	var waitErr error
	go func() { waitErr = cmd.Wait(); close(exited) }()
	stop := func() {
		cmd.Process.Kill()
		<-exited
	}
	t.Cleanup(stop)

	addr := net.JoinHostPort("127.0.0.1", port)
	client := redis.NewClient(&redis.Options{Addr: addr, MaxRetries: -1})
	defer client.Close()
	for deadline := time.Now().Add(10 * time.Second); client.Ping(t.Context()).Err() != nil; {
		select {
		case <-exited:
			t.Fatalf("redis-server exited: %v\n%s", waitErr, out.Bytes())
		case <-time.After(10 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			stop()
			t.Fatalf("redis-server on %s did not answer PING within 10s:\n%s", addr, out.Bytes())
		}
	}
	return addr
}

// freePort returns a TCP port of the loopback interface that no one
// listened on a moment ago.
func freePort(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
}
