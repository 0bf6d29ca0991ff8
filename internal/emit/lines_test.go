package emit_test

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/emit"
	"github.com/mcptag/mcptag/internal/generate"
	"github.com/mcptag/mcptag/internal/genopts"
)

// maxLine is the longest line the generated code may hold, but for one
// holding a token that cannot be split (a long description).
const maxLine = 160

// stringToken is a JSON or Go interpreted string literal.
var stringToken = regexp.MustCompile("\"(?:[^\"\\\\]|\\\\.)*\"|`[^`]*`")

// TestLinesAreShort: the generated files of the end-to-end packages, of
// the test corpora and of toolrt's test packages hold no line
// longer than maxLine, but for one whose longest string token alone
// makes it long: schema literals, lists in doc comments, the element
// types of arguments and the _meta of apps are split, so that a diff of
// one changed field is one line.
func TestLinesAreShort(t *testing.T) {
	files := endToEnd(t).Files
	for _, dir := range []string{"../testcorpus", "../../toolrt/internal"} {
		r, err := generate.Run(dir, genopts.Options{}, "./...")
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, r.Files...)
	}
	for _, f := range files {
		// shared's chains of struct types are 100 levels deep: past six
		// levels a Spec literal stays on its parent's line, so that the
		// file's size grows linearly with the depth (maxSpecLines).
		if !strings.HasSuffix(f.Path, ".go") || filepath.Base(filepath.Dir(f.Path)) == "shared" {
			continue
		}
		long := 0
		for i, line := range strings.Split(string(f.Data), "\n") {
			if len(line) <= maxLine || unsplittable(line) {
				continue
			}
			if long++; long <= 3 {
				t.Errorf("%s:%d: a line of %d bytes: %.120s...", filepath.Base(filepath.Dir(f.Path)), i+1, len(line), strings.TrimSpace(line))
			}
		}
	}
}

// unsplittable reports whether line is long only for its longest string
// token: without it, the line would be short.
func unsplittable(line string) bool {
	longest := ""
	for _, tok := range stringToken.FindAllString(line, -1) {
		if len(tok) > len(longest) {
			longest = tok
		}
	}
	return len(line)-len(longest) <= maxLine
}

// TestSchemaFieldIsOneLine: changing the text of one description in a
// large schema changes one line of its Go literal.
func TestSchemaFieldIsOneLine(t *testing.T) {
	r, err := generate.Run("../../toolrt/internal/inputprop", genopts.Options{}, ".")
	if err != nil {
		t.Fatal(err)
	}
	schemas, err := emit.Tools(r.Packages[0].Package)
	if err != nil {
		t.Fatal(err)
	}
	var schema string
	for _, tool := range schemas {
		if s := string(tool.InputSchema.(json.RawMessage)); len(s) > len(schema) {
			schema = s
		}
	}
	descriptions := regexp.MustCompile(`"description":"[^"\\]{8,}"`).FindAllStringIndex(schema, -1)
	if len(schema) < 10000 || len(descriptions) < 10 {
		t.Fatalf("the largest schema has %d bytes and %d descriptions: too small to test", len(schema), len(descriptions))
	}
	before := strings.Split(emit.RawJSON(schema), "\n")
	for _, d := range descriptions {
		// The description's first letters, in upper case: as long as before.
		at := d[0] + len(`"description":"`)
		changed := schema[:at] + strings.ToUpper(schema[at:at+4]) + schema[at+4:]
		if changed == schema {
			changed = schema[:at] + strings.ToLower(schema[at:at+4]) + schema[at+4:]
		}
		after := strings.Split(emit.RawJSON(changed), "\n")
		if len(after) != len(before) {
			t.Fatalf("changing %.40s... made %d lines of %d", schema[d[0]:], len(after), len(before))
		}
		diff := 0
		for i := range after {
			if after[i] != before[i] {
				diff++
			}
		}
		if diff != 1 {
			t.Errorf("changing %.40s... changed %d lines", schema[d[0]:], diff)
		}
	}
}
