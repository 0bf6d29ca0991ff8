package snapdiff

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the want files of testdata/*.txtar")

// TestGolden runs every testdata/*.txtar archive: it compares old.json with
// new.json and checks Write's output against want, byte for byte.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no testdata/*.txtar archives")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			parts := map[string]int{}
			for i, f := range ar.Files {
				parts[f.Name] = i
			}
			for _, name := range []string{"old.json", "new.json", "want"} {
				if _, ok := parts[name]; !ok {
					t.Fatalf("archive has no %s", name)
				}
			}
			before, err := Parse(ar.Files[parts["old.json"]].Data)
			if err != nil {
				t.Fatalf("old.json: %v", err)
			}
			after, err := Parse(ar.Files[parts["new.json"]].Data)
			if err != nil {
				t.Fatalf("new.json: %v", err)
			}
			changes := Compare(before, after)
			var buf bytes.Buffer
			gotBreaking := Write(&buf, changes)

			wantBreaking := false
			for _, c := range changes {
				wantBreaking = wantBreaking || c.Breaking
			}
			if gotBreaking != wantBreaking {
				t.Errorf("Write returned %v, want %v", gotBreaking, wantBreaking)
			}
			// Comparing a snapshot with itself must find nothing.
			for _, s := range []*Snapshot{before, after} {
				if same := Compare(s, s); len(same) != 0 {
					t.Errorf("snapshot compared with itself: %v", same)
				}
			}

			want := &ar.Files[parts["want"]].Data
			if *update {
				*want = buf.Bytes()
				if err := os.WriteFile(file, txtar.Format(ar), 0o666); err != nil {
					t.Fatal(err)
				}
				return
			}
			if got := buf.String(); got != string(*want) {
				t.Errorf("output differs (rerun with -update to accept)\ngot:\n%s\nwant:\n%s", got, *want)
			}
		})
	}
}

// TestGrewPastBudget reports a tool whose entry grows past the budget,
// even by less than a quarter.
func TestGrewPastBudget(t *testing.T) {
	const limit = 32
	entry := func(desc string) *Snapshot {
		s, err := Parse([]byte(`{"tools":[{"name":"t","description":"` + desc + `","inputSchema":{"type":"object","properties":{},"additionalProperties":false}}]}`))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	o, n := entry("Answers the question it is asked."), entry("Answers the question it is asked, at once.")
	if o.Tools[0].Tokens > limit || n.Tools[0].Tokens <= limit {
		t.Fatalf("tokens %d and %d do not cross the budget %d", o.Tools[0].Tokens, n.Tools[0].Tokens, limit)
	}
	if cs := Compare(o, n); slices.ContainsFunc(cs, func(c Change) bool { return c.Grew }) {
		t.Errorf("grew past %d tokens without WithBudget, under the default budget: %v", limit, cs)
	}
	var b strings.Builder
	if Write(&b, Compare(o, n, WithBudget(limit))) {
		t.Error("growth reported as breaking")
	}
	want := fmt.Sprintf("compatible t: description changed\ngrew       t: %d → %d tokens, past the budget of 32\n0 breaking, 1 compatible, 1 grew\n", o.Tools[0].Tokens, n.Tools[0].Tokens)
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
