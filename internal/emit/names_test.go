package emit

import "testing"

// TestUnexported checks the names of the receivers' parameters.
func TestUnexported(t *testing.T) {
	for in, want := range map[string]string{
		"Store": "store", "URLStore": "urlStore", "URL": "url", "Ñandú": "ñandú", "store": "store", "X": "x", "": "",
	} {
		if got := unexported(in); got != want {
			t.Errorf("unexported(%q) = %q, want %q", in, got, want)
		}
	}
}
