package methods_test

import (
	"context"
	"slices"
	"testing"

	"github.com/mcptag/mcptag/internal/emit/testdata/endtoend/methods"
	"github.com/mcptag/mcptag/toolrt/toolrttest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestReceiverClients: each receiver type's tools have a client of their
// own, New<Type>Client, beside the package functions' NewClient, all on
// one session. emit's TestEndToEnd runs it.
func TestReceiverClients(t *testing.T) {
	ctx := context.Background()
	cs := toolrttest.Serve(t, func(s *mcp.Server) {
		methods.RegisterTools(s, methods.Clock{}, methods.NewStore(map[string]string{"a": "1"}))
	})
	if v, err := methods.NewClient(cs).Version(ctx); err != nil || v != "v1" {
		t.Errorf("Version = %q, %v", v, err)
	}
	if now, err := methods.NewClockClient(cs).Now(ctx); err != nil || now != "now" {
		t.Errorf("Now = %q, %v", now, err)
	}
	store := methods.NewStoreClient(cs)
	if v, err := store.Get(ctx, "a"); err != nil || v != "1" {
		t.Errorf("Get(a) = %q, %v", v, err)
	}
	if keys, err := store.Keys(ctx); err != nil || !slices.Equal(keys, []string{"a"}) {
		t.Errorf("Keys = %q, %v", keys, err)
	}
}
