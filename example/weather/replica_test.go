package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// startReplica runs the example as a stateless HTTP server on a free
// loopback port, with args, and returns its address once it listens.
func startReplica(t *testing.T, args ...string) *url.URL {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	cmd := exec.Command(serverBinary, append([]string{"-http", addr, "-stateless"}, args...)...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	})
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the replica on %s does not listen", addr)
		}
	}
	return &url.URL{Scheme: "http", Host: addr}
}

// roundRobin is a load balancer in front of replicas: each tools/call
// goes to the next replica in turn, any other request to the first.
func roundRobin(replicas ...*url.URL) http.Handler {
	proxies := make([]*httputil.ReverseProxy, len(replicas))
	for i, u := range replicas {
		proxies[i] = httputil.NewSingleHostReverseProxy(u)
	}
	var calls atomic.Int64
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next := 0
		if r.Header.Get("Mcp-Method") == "tools/call" {
			next = int(calls.Add(1)-1) % len(proxies)
		}
		proxies[next].ServeHTTP(w, r)
	})
}

// TestReplicasShareTheStateKey: behind a round-robin load balancer, one
// replica asks forget_city's form and the other gets the answer, with the
// request state the first signed. Replicas started with one key file
// take it; replicas with their own random keys refuse it, with the
// protocol's error and without running the tool.
func TestReplicasShareTheStateKey(t *testing.T) {
	skipShort(t)
	keyFile := filepath.Join(t.TempDir(), "state.key")
	if err := os.WriteFile(keyFile, []byte("a secret shared by the replicas, 32 bytes or more\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, shared := range []bool{true, false} {
		t.Run(fmt.Sprintf("shared=%v", shared), func(t *testing.T) {
			var args []string
			if shared {
				args = []string{"-state-key-file", keyFile}
			}
			lb := roundRobin(startReplica(t, args...), startReplica(t, args...))
			var user mcptest.User
			cs, _ := mcptest.HTTPSession(t, lb, &user, nil)
			if v := cs.InitializeResult().ProtocolVersion; v != "2026-07-28" {
				t.Fatalf("protocol %s, want 2026-07-28", v)
			}
			user.Answer(&mcp.ElicitResult{Action: "accept", Content: map[string]any{"forget": true}})
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "forget_city", Arguments: map[string]any{"user": "rita", "city": "Cairo"}})
			if len(user.Asked()) != 1 {
				t.Errorf("asked %d forms, want 1", len(user.Asked()))
			}
			if shared {
				if err != nil || res.IsError || !strings.Contains(text(res), `"forgotten":true`) {
					t.Errorf("with a shared key: %v %+v, want the city forgotten", err, res)
				}
				return
			}
			var rpc *jsonrpc.Error
			if !errors.As(err, &rpc) || rpc.Code != jsonrpc.CodeInvalidParams || !strings.Contains(rpc.Message, "request state is not one this server signed") {
				t.Errorf("with keys of their own: %v %+v, want the state refused", err, res)
			}
		})
	}
}
