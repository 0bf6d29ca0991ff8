// Package wire holds tools whose calls reach the edges of the protocol:
// forms asked in turn, input requests from a go-sdk style handler, a
// tool's own JSON-RPC error, arguments that travel in parameter headers,
// and tools that need OAuth scopes. Its tests drive the generated handlers through go-sdk clients
// and raw HTTP requests, as a hostile client would send them.
package wire

//go:generate go run github.com/mcptag/mcptag/cmd/mcptag

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Confirm is what a user answers before a file is deleted.
//
//mcp:elicit
type Confirm struct {
	// Delete it.
	Yes bool `json:"yes"`
}

// deleted are the files DeleteFiles deleted, in order.
var deleted struct {
	sync.Mutex
	names []string
}

// takeDeleted returns the files deleted since it was last called.
func takeDeleted() []string {
	deleted.Lock()
	defer deleted.Unlock()
	names := deleted.names
	deleted.names = nil
	return names
}

// DeleteFiles deletes each file the user confirms, asking for each in
// turn, and returns those it deleted.
//   - names: the files
//
//mcp:tool destructive
func DeleteFiles(ctx context.Context, req *mcp.CallToolRequest, names []string) ([]string, error) {
	var confirmed []string
	for _, name := range names {
		answer, ok, err := ElicitConfirm(ctx, req, "Delete the file "+name+"?")
		if err != nil {
			return nil, err
		}
		if ok && answer.Yes {
			confirmed = append(confirmed, name)
		}
	}
	deleted.Lock()
	defer deleted.Unlock()
	deleted.names = append(deleted.names, confirmed...)
	return slices.Clone(confirmed), nil
}

// Greeting is who ask_name greets.
type Greeting struct {
	// The name the user gave.
	Name string `json:"name"`
}

// askNameKey is the key of ask_name's input request.
const askNameKey = "name"

// AskName asks the client for a name, by an input request of its own,
// and greets whoever it names.
//
//mcp:tool
func AskName(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, Greeting, error) {
	if res, ok := req.Params.InputResponses[askNameKey].(*mcp.ElicitResult); ok && res != nil {
		name, _ := res.Content["name"].(string)
		return nil, Greeting{Name: name}, nil
	}
	ask := &mcp.ElicitParams{
		Mode:            "form",
		Message:         "Your name?",
		RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}}},
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{askNameKey: ask}}, Greeting{}, nil
}

// Person is a name, asked under the key user_name whatever the message.
//
//mcp:elicit key=user_name
type Person struct {
	// A name.
	Name string `json:"name"`
}

// GreetTwo asks for two names, one form each, and greets both.
//
//mcp:tool
func GreetTwo(ctx context.Context, req *mcp.CallToolRequest) (string, error) {
	first, _, err := ElicitPerson(ctx, req, "Your name?")
	if err != nil {
		return "", err
	}
	second, _, err := ElicitPerson(ctx, req, "Your friend's name?")
	if err != nil {
		return "", err
	}
	return "Hello, " + first.Name + " and " + second.Name, nil
}

// Refuse fails with the JSON-RPC error of code, wrapped.
//   - code: the error's code
//
//mcp:tool
func Refuse(code int64) error {
	return fmt.Errorf("refusing: %w", &jsonrpc.Error{Code: code, Message: "refused"})
}

// Fail fails with an error of its own, which is a tool error.
//
//mcp:tool
func Fail() error {
	return fmt.Errorf("failing")
}

// Act is what act does, with arguments that travel in headers too.
type Act struct {
	// Who acts.
	User string `json:"user" jsonschema:"header=User"`
	// How many times.
	Count int64 `json:"count" jsonschema:"header=Count"`
	// Whether only to pretend.
	Dry bool `json:"dry,omitempty" jsonschema:"header=Dry"`
}

// A record keeps what a tool was given, for the tests to take.
type record[T any] struct {
	mu    sync.Mutex
	items []T
}

// add records x.
func (r *record[T]) add(x T) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.items = append(r.items, x)
}

// take returns what was recorded since take was last called.
func (r *record[T]) take() []T {
	r.mu.Lock()
	defer r.mu.Unlock()
	items := r.items
	r.items = nil
	return items
}

// acted are the calls of DoAct that ran.
var acted record[Act]

// takeActed returns the calls of DoAct since it was last called.
func takeActed() []Act { return acted.take() }

// DoAct acts as a user, and returns what it did.
//
//mcp:tool act
func DoAct(in Act) Act {
	acted.add(in)
	return in
}

// notes are the notes SaveNote saved, in order.
var notes record[string]

// takeNotes returns the notes saved since it was last called.
func takeNotes() []string { return notes.take() }

// SaveNote saves a note, for a caller whose token holds notes:write.
//   - text: the note
//
//mcp:tool scopes="notes:write"
func SaveNote(text string) string {
	notes.add(text)
	return "saved"
}

// CountNotes says how many notes a caller whose token holds notes:read
// would read.
//
//mcp:tool readonly scopes="notes:read"
func CountNotes() int {
	return 0
}

// Tenant is whose data a call touches.
type Tenant string

// The tenants.
const (
	TenantAcme   Tenant = "ACME"
	TenantKelvin Tenant = "KELVIN"
)

// tenants are the tenants ActFor acted for, in order.
var tenants record[Tenant]

// takeTenants returns the tenants ActFor acted for since it was last
// called.
func takeTenants() []Tenant { return tenants.take() }

// ActFor acts for a tenant, which a gateway routes on by its header.
//   - tenant (header=Tenant): whose data
//
//mcp:tool act_for
func ActFor(tenant Tenant) Tenant {
	tenants.add(tenant)
	return tenant
}
