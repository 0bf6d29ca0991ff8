package analyzer_test

import (
	"testing"

	"github.com/mcptag/mcptag/internal/emit"
)

// TestShrinkStable generates cut-down schemas several times: the same
// sources must give the same bytes, however Go orders the maps the
// cutting walks. Here Org is reached one hop from the root (its entry
// walked there, which drops its description) and cut two hops down
// inside Repo: the cut takes Org's description as written, then drops
// it by its own place.
func TestShrinkStable(t *testing.T) {
	const src = `package x

// Org is an organization.
type Org struct {
	Name string ` + "`json:\"name\"`" + `
}

// Repo is a repository.
type Repo struct {
	Owner Org ` + "`json:\"owner\"`" + `
	Team  Org ` + "`json:\"team\"`" + `
}

// PR is a pull request.
type PR struct {
	Base Repo ` + "`json:\"base\"`" + `
	Head Repo ` + "`json:\"head\"`" + `
	Org  Org  ` + "`json:\"org\"`" + `
}

//mcp:tool depth=1 descriptions=0
func GetPR() PR { return PR{} }
`
	var first string
	for run := range 10 {
		p := analyze(t, src)
		data, err := emit.SchemaJSON(p.Tools[0].Output)
		if err != nil {
			t.Fatal(err)
		}
		if run == 0 {
			first = string(data)
		} else if string(data) != first {
			t.Fatalf("run %d gave another output schema:\n%s\nfirst:\n%s", run+1, data, first)
		}
	}
}
