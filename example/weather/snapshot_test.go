package main

import (
	"context"
	"os"
	"testing"

	"github.com/mcptag/mcptag/toolrt/toolrttest"
)

// TestServesWhatWasReviewed: the server main builds lists its tools as
// the committed snapshot records them, so that a description or a
// schema changed at run time, which no review of mcp_tools.json saw,
// fails here.
func TestServesWhatWasReviewed(t *testing.T) {
	toolrttest.ServesSnapshot(t, toolrttest.Connect(t, newServer()), "mcp_tools.json")
}

// TestReadOnlyServesReviewedTools: -read-only leaves tools out, and
// changes none of those it serves.
func TestReadOnlyServesReviewedTools(t *testing.T) {
	snapshot, err := os.ReadFile("mcp_tools.json")
	if err != nil {
		t.Fatal(err)
	}
	served, err := toolrttest.ListTools(context.Background(), toolrttest.Connect(t, newServerOf(true, false)))
	if err != nil {
		t.Fatal(err)
	}
	diffs, err := toolrttest.Compare(snapshot, served)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range diffs {
		if d.Kind != toolrttest.Removed || d.Path != "" {
			t.Errorf("-read-only: %s", d)
		}
	}
	if len(diffs) == 0 {
		t.Error("-read-only serves every tool")
	}
}
