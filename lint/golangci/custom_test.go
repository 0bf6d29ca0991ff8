package golangci

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// golangciVersion is the golangci-lint the tests build the plugin into.
const golangciVersion = "v2.15.0"

// pluginModule is this module's path; rootModule is mcptag's, which the
// plugin imports from this checkout.
const (
	pluginModule = "github.com/mcptag/mcptag/lint/golangci"
	rootModule   = "github.com/mcptag/mcptag"
)

// keptBinaries is how many custom binaries the cache keeps: one for each
// recent state of the sources.
const keptBinaries = 3

// customGolangci returns a golangci-lint with this plugin built in, made as
// "golangci-lint custom" makes one (pkg/commands/internal of golangci-lint:
// a plugins.go of blank imports in cmd/golangci-lint, go.mod edits, go mod
// tidy, go build) but from the module cache instead of a clone of
// golangci-lint's repository, which CI cannot reach.
//
// A cold build takes minutes, so the binary is kept in the user cache
// directory, under a key of the golangci-lint and Go versions and of every
// source file and go.mod built into the plugin: any change to those makes
// a new one, and an unchanged tree reuses it.
func customGolangci(t *testing.T) string {
	t.Helper()
	cache, err := os.UserCacheDir()
	if err != nil {
		t.Fatalf("no cache directory for the custom golangci-lint: %v", err)
	}
	cache = filepath.Join(cache, "mcptag-golangci")
	key := buildKey(t)
	bin := filepath.Join(cache, key, "custom-gcl")
	if _, err := os.Stat(bin); err == nil {
		now := time.Now()
		_ = os.Chtimes(filepath.Dir(bin), now, now) // recently used: see prune
		t.Logf("reusing %s", bin)
		return bin
	}
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	// The work directory is beside the binary's, so the finished binary
	// is renamed into place: never a half-written one.
	work, err := os.MkdirTemp(cache, "build-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(work)
	built := buildCustom(t, work, key)
	if err := os.Rename(built, bin); err != nil {
		t.Fatal(err)
	}
	t.Logf("built %s in %s", bin, time.Since(start).Round(time.Second))
	prune(t, cache, key)
	return bin
}

// buildCustom builds the custom golangci-lint in work and returns its path.
func buildCustom(t *testing.T, work, key string) string {
	t.Helper()
	var mod struct{ Dir string }
	if err := json.Unmarshal(goCmd(t, work, "mod", "download", "-json", "github.com/golangci/golangci-lint/v2@"+golangciVersion), &mod); err != nil {
		t.Fatalf("go mod download: %v", err)
	}
	// The module cache is read-only; os.CopyFS makes writable files.
	repo := filepath.Join(work, "golangci-lint")
	if err := os.CopyFS(repo, os.DirFS(mod.Dir)); err != nil {
		t.Fatal(err)
	}
	plugins := filepath.Join(repo, "cmd", "golangci-lint", "plugins.go")
	if _, err := os.Stat(plugins); err != nil {
		t.Fatalf("golangci-lint %s has no plugins.go to add the plugin to: %v", golangciVersion, err)
	}
	src := fmt.Sprintf("package main\n\nimport (\n\t_ %q\n)\n", pluginModule)
	if err := os.WriteFile(plugins, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	pluginDir, root := checkout(t)
	// "custom" replaces only the plugin's module; the plugin's own
	// replace of mcptag's module does not reach golangci-lint's build,
	// so it is repeated here.
	goCmd(t, repo, "mod", "edit",
		"-require="+pluginModule+"@v0.0.0",
		"-replace="+pluginModule+"="+pluginDir,
		"-replace="+rootModule+"="+root)
	goCmd(t, repo, "mod", "tidy")
	bin := filepath.Join(work, "custom-gcl")
	ldflags := fmt.Sprintf("-s -w -X 'main.version=%s-custom-gcl-mcptag-%s'", golangciVersion, key)
	goCmd(t, repo, "build", "-ldflags", ldflags, "-o", bin, "./cmd/golangci-lint")
	return bin
}

// checkout returns the absolute directories of this module and of
// mcptag's, which its go.mod replaces with ../.. .
func checkout(t *testing.T) (pluginDir, root string) {
	t.Helper()
	pluginDir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	return pluginDir, filepath.Dir(filepath.Dir(pluginDir))
}

// buildKey hashes what goes into the custom binary that can change under
// a checkout: the versions of golangci-lint and Go, and the source files
// and go.mod and go.sum of every package of this checkout that the plugin
// imports, by their paths in the checkout.
func buildKey(t *testing.T) string {
	t.Helper()
	h := sha256.New()
	fmt.Fprintf(h, "golangci-lint %s\n%s", golangciVersion, goCmd(t, ".", "env", "GOVERSION"))
	dec := json.NewDecoder(bytes.NewReader(goCmd(t, ".", "list", "-deps", "-json", ".")))
	var files []string
	for {
		var p struct {
			Dir                 string
			GoFiles, EmbedFiles []string
			Module              *struct{ Path, GoMod string }
		}
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("go list: %v", err)
		}
		if p.Module == nil || (p.Module.Path != rootModule && p.Module.Path != pluginModule) {
			continue
		}
		for _, f := range slices.Concat(p.GoFiles, p.EmbedFiles) {
			files = append(files, filepath.Join(p.Dir, f))
		}
		sum := strings.TrimSuffix(p.Module.GoMod, ".mod") + ".sum"
		files = append(files, p.Module.GoMod, sum)
	}
	slices.Sort(files)
	_, root := checkout(t)
	for _, f := range slices.Compact(files) {
		data, err := os.ReadFile(f)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
		// Paths from the checkout's root: a clone elsewhere with the
		// same sources builds the same binary.
		rel, err := filepath.Rel(root, f)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(h, "%s %d\n", filepath.ToSlash(rel), len(data))
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// prune removes all but the keptBinaries most recently used binaries, and
// the work directories of builds that did not finish.
func prune(t *testing.T, cache, keep string) {
	entries, err := os.ReadDir(cache)
	if err != nil {
		t.Logf("pruning %s: %v", cache, err)
		return
	}
	type dir struct {
		name string
		used time.Time
	}
	var dirs []dir
	for _, e := range entries {
		info, err := e.Info()
		if err != nil || !e.IsDir() || e.Name() == keep {
			continue
		}
		if strings.HasPrefix(e.Name(), "build-") {
			// A build that was killed left its work directory.
			if time.Since(info.ModTime()) > 24*time.Hour {
				_ = os.RemoveAll(filepath.Join(cache, e.Name()))
			}
			continue
		}
		dirs = append(dirs, dir{e.Name(), info.ModTime()})
	}
	slices.SortFunc(dirs, func(a, b dir) int { return b.used.Compare(a.used) })
	for i, d := range dirs {
		if i >= keptBinaries-1 {
			if err := os.RemoveAll(filepath.Join(cache, d.name)); err != nil {
				t.Logf("pruning %s: %v", cache, err)
			}
		}
	}
}

// goCmd runs the go command in dir and returns its standard output; it
// fails the test, with the command's output, if the command fails.
func goCmd(t *testing.T, dir string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go %s (in %s): %v\n%s", strings.Join(args, " "), dir, err, stderr.Bytes())
	}
	return out
}
