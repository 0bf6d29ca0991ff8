package toolrt

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/costtest"
)

// peeked is what the handler behind TasksHandler saw of a request.
type peeked struct {
	called  bool
	offered bool   // with a task offer in its context
	body    string // the whole body it read
}

// peek serves body as a POST through TasksHandler, in front of a handler
// that records what it sees and answers 204.
func peek(t *testing.T, body string) (peeked, *httptest.ResponseRecorder) {
	t.Helper()
	var p peeked
	next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		data, err := io.ReadAll(r.Body)
		if err != nil {
			t.Fatal(err)
		}
		p = peeked{called: true, offered: r.Context().Value(taskOfferKey{}) != nil, body: string(data)}
		w.WriteHeader(http.StatusNoContent)
	})
	w := httptest.NewRecorder()
	TasksHandler(next, nil).ServeHTTP(w, httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body)))
	return p, w
}

// TestTasksHandlerPeek checks whom TasksHandler gives a request to,
// whatever the JSON spelling of its method and of the extension's name:
// a string may spell any of its characters as a \u escape.
func TestTasksHandlerPeek(t *testing.T) {
	declared := `"_meta":{"io.modelcontextprotocol/clientCapabilities":{"extensions":{"io.modelcontextprotocol/tasks":{}}}}`
	declaredEscaped := `"_meta":{"io.modelcontextprotocol/clientCapabilities":{"extensions":{"io.modelcontextprotocol/\u0074asks":{}}}}`
	for _, c := range []struct {
		name, body       string
		passed, offered  bool // given to next, with an offer
		answeredStatusOK bool // answered here, as JSON-RPC
	}{
		{name: "call", body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a","arguments":{"x":"y"}}}`, passed: true},
		{name: "call of a client without the extension", body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/clientCapabilities":{}},"name":"a","arguments":{"x":"tasks"}}}`, passed: true},
		{name: "call declaring the extension", body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{` + declared + `,"name":"a"}}`, passed: true, offered: true},
		{name: "call declaring the extension, escaped", body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{` + declaredEscaped + `,"name":"a"}}`, passed: true, offered: true},
		{name: "call declaring the extension, method escaped", body: `{"jsonrpc":"2.0","id":1,"method":"tools\/call","params":{` + declared + `,"name":"a"}}`, passed: true, offered: true},
		{name: "tasks/get", body: `{"jsonrpc":"2.0","id":1,"method":"tasks/get","params":{"taskId":"x"}}`, answeredStatusOK: true},
		{name: "tasks/get, escaped", body: `{"jsonrpc":"2.0","id":1,"method":"\u0074asks/get","params":{"taskId":"x"}}`, answeredStatusOK: true},
		{name: "tasks/get, a letter escaped in upper case", body: `{"jsonrpc":"2.0","id":1,"method":"tas\u006Bs/get","params":{"taskId":"x"}}`, answeredStatusOK: true},
		{name: "call with escapes of other letters", body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a","arguments":{"x":"\u003cb\u003e \u0026 t\u0041sks \\u0074"}}}`, passed: true},
		{name: "tasks/cancel, escaped", body: `{"jsonrpc":"2.0","id":1,"method":"tasks\u002fcancel","params":{` + declaredEscaped + `,"taskId":"x"}}`, answeredStatusOK: true},
		{name: "not JSON", body: `{"method":"tasks/get"`, passed: true},
		{name: "a batch", body: `[{"jsonrpc":"2.0","id":1,"method":"tasks/get","params":{"taskId":"x"}}]`, passed: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, w := peek(t, c.body)
			if p.called != c.passed || p.offered != c.offered {
				t.Errorf("given to next: %v, with an offer: %v; want %v, %v", p.called, p.offered, c.passed, c.offered)
			}
			if p.called && p.body != c.body {
				t.Errorf("next read the body %q, want %q", p.body, c.body)
			}
			if c.answeredStatusOK && (w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"error"`)) {
				t.Errorf("answered HTTP %d %s, want a JSON-RPC error", w.Code, w.Body)
			}
		})
	}
}

// TestTasksHandlerPassThroughCost checks that a large call from a client
// that does not declare the extension costs about what it costs without
// TasksHandler: the handler does not parse what it gives on as it came.
func TestTasksHandlerPassThroughCost(t *testing.T) {
	if testing.Short() {
		t.Skip("measures costs")
	}
	body := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}},"name":"a","arguments":{"tags":["` +
		strings.Repeat(`tag-000000000","`, 1<<16) + `"]}}}`)
	reader := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.ReadAll(r.Body) })
	serve := func(h http.Handler) func() {
		return func() {
			r, _ := http.NewRequest(http.MethodPost, "/", bytes.NewReader(body))
			h.ServeHTTP(httptest.NewRecorder(), r)
		}
	}
	alone, wrapped := costtest.Compare(3, serve(reader), serve(TasksHandler(reader, nil)))
	ratio := float64(wrapped) / float64(alone)
	t.Logf("%d bytes: alone %v, behind TasksHandler %v: %.2fx", len(body), alone, wrapped, ratio)
	if ratio > 3 {
		t.Errorf("behind TasksHandler a call of %d bytes costs %.1fx what it costs alone (%v against %v)", len(body), ratio, wrapped, alone)
	}
}

// FuzzMayConcernTasks checks that mayConcernTasks holds of every JSON
// value one of whose strings, or keys, contains "tasks" once decoded.
func FuzzMayConcernTasks(f *testing.F) {
	for _, s := range []string{`{"method":"tasks/get"}`, `"t\u0061sks"`, `["\u0074\u0061\u0073\u006B\u0073"]`, `{"tas\u006bs":1}`, `"\u003c"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var v any
		if json.Unmarshal(body, &v) == nil && spellsTasks(v) && !mayConcernTasks(body) {
			t.Errorf("mayConcernTasks(%q) = false, and it decodes to %q", body, v)
		}
	})
}

// spellsTasks reports whether a string of v, or a key, contains "tasks".
func spellsTasks(v any) bool {
	switch v := v.(type) {
	case string:
		return strings.Contains(v, "tasks")
	case []any:
		return slices.ContainsFunc(v, spellsTasks)
	case map[string]any:
		for k, e := range v {
			if strings.Contains(k, "tasks") || spellsTasks(e) {
				return true
			}
		}
	}
	return false
}

// FuzzContainsTasks checks containsTasks against bytes.Contains.
func FuzzContainsTasks(f *testing.F) {
	for _, s := range []string{"", "tasks", "task", "asks", "ktasks", "tasksk", "tastasks", `{"method":"tasks/get"}`, "kkkk"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		if got, want := containsTasks(body), bytes.Contains(body, []byte("tasks")); got != want {
			t.Errorf("containsTasks(%q) = %v, want %v", body, got, want)
		}
	})
}
