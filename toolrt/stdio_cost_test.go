package toolrt

import (
	"io"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/costtest"
)

// TestDeepLineCost checks that a line nested deeper than encoding/json
// reads costs about what a good message of the same size does: its id is
// read, and its syntax checked, without recursion or a pass per level.
func TestDeepLineCost(t *testing.T) {
	if testing.Short() {
		t.Skip("measures costs")
	}
	const n = 200000
	head := `{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"echo","arguments":{"x":`
	good := head + "[" + strings.Repeat("[0],", n/4) + "[0]]}}}"
	deep := head + strings.Repeat("[", n/2) + strings.Repeat("]", n/2) + "}}}"
	check := func(line string) func() {
		return func() { checkLine([]byte(line), io.Discard, io.Discard) }
	}
	g, h := costtest.Compare(3, check(good), check(deep))
	ratio := float64(h) / float64(g)
	t.Logf("good %v, deep %v: %.2fx", g, h, ratio)
	if ratio > 3 {
		t.Errorf("a deep line costs %.1fx a good one of the same size (%v against %v)", ratio, h, g)
	}
}
