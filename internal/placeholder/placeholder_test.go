package placeholder

import (
	"slices"
	"testing"
)

// TestFind: well-formed placeholders have their names; anything else that
// "${" opens is malformed, with its extent; "$" alone is text.
func TestFind(t *testing.T) {
	for _, c := range []struct {
		text string
		want []Placeholder
	}{
		{"Costs $5 {each}", nil},
		{"On ${cluster}, in ${region_2}.", []Placeholder{{Name: "cluster", Off: 3, End: 13}, {Name: "region_2", Off: 18, End: 29}}},
		{"${}", []Placeholder{{Off: 0, End: 3, Err: "malformed placeholder ${}: want ${NAME}, NAME a letter then letters, digits or _"}}},
		{"a ${1st} b", []Placeholder{{Off: 2, End: 8, Err: "malformed placeholder ${1st}: want ${NAME}, NAME a letter then letters, digits or _"}}},
		{"${a b}", []Placeholder{{Off: 0, End: 6, Err: "malformed placeholder ${a b}: want ${NAME}, NAME a letter then letters, digits or _"}}},
		{"${cluster and ${x}", []Placeholder{{Off: 0, End: 18, Err: "malformed placeholder ${cluster and ${x}: want ${NAME}, NAME a letter then letters, digits or _"}}},
		{"${cluster\n}", []Placeholder{{Off: 0, End: 2, Err: "unclosed placeholder: want ${NAME}, closed on its line"}}},
		{"x ${", []Placeholder{{Off: 2, End: 4, Err: "unclosed placeholder: want ${NAME}, closed on its line"}}},
	} {
		if got := Find(c.text); !slices.Equal(got, c.want) {
			t.Errorf("Find(%q) = %+v, want %+v", c.text, got, c.want)
		}
	}
}

// TestFill: every placeholder takes its value; one without a value, or
// a malformed one, is an error.
func TestFill(t *testing.T) {
	values := map[string]string{"cluster": "prod", "n": "${cluster}"}
	for _, c := range []struct{ text, want, err string }{
		{"Pods of ${cluster} (${cluster}).", "Pods of prod (prod).", ""},
		{"No placeholder.", "No placeholder.", ""},
		{"${n}", "${cluster}", ""}, // a value is not read again
		{"In ${region}.", "", "${region} has no value"},
		{"In ${}.", "", "malformed placeholder ${}: want ${NAME}, NAME a letter then letters, digits or _"},
	} {
		got, err := Fill(c.text, values)
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if got != c.want || msg != c.err {
			t.Errorf("Fill(%q) = %q, %q; want %q, %q", c.text, got, msg, c.want, c.err)
		}
	}
	if got := Names("${b} ${a} ${b} ${}"); !slices.Equal(got, []string{"b", "a"}) {
		t.Errorf("Names: %q", got)
	}
}

// TestMatches: a filled template matches its template, whatever the
// values; text around the placeholders must be the template's.
func TestMatches(t *testing.T) {
	for _, c := range []struct {
		template, filled string
		want             bool
	}{
		{"Pods of ${cluster}.", "Pods of prod.", true},
		{"Pods of ${cluster}.", "Pods of ${cluster}.", true},
		{"Pods of ${cluster}.", "Pods of .", true},
		{"Pods of ${cluster}.", "Nodes of prod.", false},
		{"Pods of ${cluster}.", "Pods of prod", false},
		{"Pods (${a}) of ${b}", "Pods (x\ny) of z", true},
		{"a.b", "axb", false}, // text is no pattern
		{"plain", "plain", true},
		{"plain", "plain.", false},
		{"${}", "${}", true},
		{"${}", "x", false},
	} {
		if got := Matches(c.template, c.filled); got != c.want {
			t.Errorf("Matches(%q, %q) = %v, want %v", c.template, c.filled, got, c.want)
		}
	}
}
