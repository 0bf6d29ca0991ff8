package load

import (
	"bytes"
	"go/token"
	"go/types"
	"os"
	"testing"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
)

// TestExportData: exportData finds the export data both in the
// compiler's archive, which go list -export writes before Go 1.28, and in
// a file of export data alone, which it writes from then on; a truncated
// archive is an error.
func TestExportData(t *testing.T) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedExportFile}, "strings")
	if err != nil || len(pkgs) != 1 || pkgs[0].ExportFile == "" {
		t.Fatalf("no export file for strings: %v", err)
	}
	archive, err := os.ReadFile(pkgs[0].ExportFile)
	if err != nil {
		t.Fatal(err)
	}
	fromArchive := read(t, archive)
	var alone bytes.Buffer
	if err := gcexportdata.Write(&alone, token.NewFileSet(), fromArchive); err != nil {
		t.Fatal(err)
	}
	read(t, alone.Bytes())
	if bytes.HasPrefix(archive, []byte("!<arch>\n")) {
		if _, err := exportData(bytes.NewReader(archive[:100])); err == nil {
			t.Error("a truncated archive read without an error")
		}
	}
}

// read reads the package strings from file, an export file.
func read(t *testing.T, file []byte) *types.Package {
	t.Helper()
	r, err := exportData(bytes.NewReader(file))
	if err != nil {
		t.Fatalf("exportData: %v", err)
	}
	pkg, err := gcexportdata.Read(r, token.NewFileSet(), map[string]*types.Package{}, "strings")
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	if pkg.Scope().Lookup("Cut") == nil {
		t.Errorf("strings read from %.8q has no Cut", file)
	}
	return pkg
}
