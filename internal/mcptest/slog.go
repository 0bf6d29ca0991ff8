package mcptest

import (
	"bytes"
	"log/slog"
	"sync"
	"testing"
)

// ServerLog has slog's default logger, the server's log, write text
// lines without their time for the rest of the test, and returns what it
// wrote so far. It replaces a global: tests that call it must not run in
// parallel with each other.
func ServerLog(t testing.TB) func() string {
	t.Helper()
	var mu sync.Mutex
	var buf bytes.Buffer
	old := slog.Default()
	t.Cleanup(func() { slog.SetDefault(old) })
	slog.SetDefault(slog.New(slog.NewTextHandler(lockedBuffer{&mu, &buf}, &slog.HandlerOptions{
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if len(groups) == 0 && a.Key == slog.TimeKey {
				return slog.Attr{}
			}
			return a
		},
	})))
	return func() string {
		mu.Lock()
		defer mu.Unlock()
		return buf.String()
	}
}

// lockedBuffer is a buffer that the server's goroutines write to and the
// test reads.
type lockedBuffer struct {
	mu  *sync.Mutex
	buf *bytes.Buffer
}

func (b lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}
