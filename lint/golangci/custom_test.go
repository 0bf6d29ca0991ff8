package golangci

import (
	"bytes"
	"cmp"
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

// customGolangci returns a golangci-lint with this plugin built in, made
// from docs/lint.md's .custom-gcl.yml for a checkout (its path: form) as
// "golangci-lint custom" makes one (pkg/commands/internal of
// golangci-lint: a plugins.go of blank imports in cmd/golangci-lint, a
// replace for each path, go mod tidy, go build), but from the module
// cache instead of a clone of golangci-lint's repository, which CI cannot
// reach.
//
// A cold build takes minutes, so the binary is kept in the user cache
// directory, under a key of the configuration, the golangci-lint and Go
// versions and every source file and go.mod built into the plugin: any
// change to those makes a new one, and an unchanged tree reuses it.
func customGolangci(t *testing.T) string {
	t.Helper()
	config := readmeBlock(t, "path: ../mcptag/lint/golangci")
	cache, err := os.UserCacheDir()
	if err != nil {
		t.Fatalf("no cache directory for the custom golangci-lint: %v", err)
	}
	cache = filepath.Join(cache, "mcptag-golangci")
	key := buildKey(t, config)
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
	built := buildCustom(t, work, key, config)
	if err := os.Rename(built, bin); err != nil {
		t.Fatal(err)
	}
	t.Logf("built %s in %s", bin, time.Since(start).Round(time.Second))
	prune(t, cache, key)
	return bin
}

// buildCustom builds, in work, the custom golangci-lint that the
// .custom-gcl.yml config describes, as "golangci-lint custom" run in a
// directory beside a checkout of mcptag named mcptag builds it, and
// returns its path.
func buildCustom(t *testing.T, work, key, config string) string {
	t.Helper()
	cfg := parseCustomConfig(t, config)
	if cfg.Version != golangciVersion {
		t.Fatalf("docs/lint.md's .custom-gcl.yml builds golangci-lint %s; the test builds %s", cfg.Version, golangciVersion)
	}
	// The user's module, where custom runs, and the checkout beside it.
	app := filepath.Join(work, "app")
	if err := os.MkdirAll(app, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(app, ".custom-gcl.yml"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	_, root := checkout(t)
	if err := os.Symlink(root, filepath.Join(work, "mcptag")); err != nil {
		t.Fatal(err)
	}

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
	var src strings.Builder
	src.WriteString("package main\n\nimport (\n")
	for _, p := range cfg.Plugins {
		fmt.Fprintf(&src, "\t_ %q\n", cmp.Or(p.Import, p.Module))
		if p.Path == "" {
			t.Fatalf("plugin %s has no path: the test builds from the module cache and a checkout only", p.Module)
		}
		// custom makes a path absolute from where it runs.
		goCmd(t, repo, "mod", "edit", "-replace="+p.Module+"="+filepath.Join(app, p.Path))
	}
	src.WriteString(")\n")
	if err := os.WriteFile(plugins, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	goCmd(t, repo, "mod", "tidy")
	bin := filepath.Join(work, "custom-gcl")
	ldflags := fmt.Sprintf("-s -w -X 'main.version=%s-custom-gcl-mcptag-%s'", golangciVersion, key)
	goCmd(t, repo, "build", "-ldflags", ldflags, "-o", bin, "./cmd/golangci-lint")
	return bin
}

// A customConfig is a .custom-gcl.yml: the golangci-lint to build, and
// the plugins to build into it.
type customConfig struct {
	Version string
	Plugins []customPlugin
}

// A customPlugin is one plugin of a customConfig.
type customPlugin struct {
	Module, Import, Version, Path string
}

// parseCustomConfig reads a .custom-gcl.yml written in the YAML of
// docs/lint.md: "key: value" at the top, a list of plugins of "key: value"
// each, comments. Anything else fails the test, which must not build
// something other than what docs/lint.md says.
func parseCustomConfig(t *testing.T, text string) customConfig {
	t.Helper()
	var cfg customConfig
	for n, line := range strings.Split(text, "\n") {
		line, _, _ = strings.Cut(line, "#")
		line = strings.TrimRight(line, " ")
		if strings.TrimSpace(line) == "" {
			continue
		}
		item := strings.HasPrefix(line, "  - ")
		key, value, ok := strings.Cut(strings.TrimSpace(strings.TrimPrefix(line, "  - ")), ":")
		value = strings.TrimSpace(value)
		var p *customPlugin
		if len(cfg.Plugins) > 0 {
			p = &cfg.Plugins[len(cfg.Plugins)-1]
		}
		switch {
		case !ok:
			t.Fatalf(".custom-gcl.yml:%d: not key: value: %q", n+1, line)
		case line == "version: "+value:
			cfg.Version = value
		case line == "plugins:":
		case item:
			cfg.Plugins = append(cfg.Plugins, customPlugin{})
			p = &cfg.Plugins[len(cfg.Plugins)-1]
			fallthrough
		case p != nil && strings.HasPrefix(line, "    "):
			field := map[string]*string{"module": &p.Module, "import": &p.Import, "version": &p.Version, "path": &p.Path}[key]
			if field == nil {
				t.Fatalf(".custom-gcl.yml:%d: unknown plugin key %q", n+1, key)
			}
			*field = value
		default:
			t.Fatalf(".custom-gcl.yml:%d: unexpected %q", n+1, line)
		}
	}
	return cfg
}

// readmeBlock returns the fenced code block of the repository's
// docs/lint.md that has a line holding text.
func readmeBlock(t *testing.T, text string) string {
	t.Helper()
	_, root := checkout(t)
	readme, err := os.ReadFile(filepath.Join(root, "docs", "lint.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := strings.Split(string(readme), "```")
	for i := 1; i < len(blocks); i += 2 {
		if strings.Contains(blocks[i], text) {
			_, body, _ := strings.Cut(blocks[i], "\n") // after the info string
			return body
		}
	}
	t.Fatalf("docs/lint.md has no code block with %q", text)
	return ""
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
// a checkout: its .custom-gcl.yml, the versions of golangci-lint and Go,
// and the source files
// and go.mod and go.sum of every package of this checkout that the plugin
// imports, by their paths in the checkout.
func buildKey(t *testing.T, config string) string {
	t.Helper()
	h := sha256.New()
	fmt.Fprintf(h, "golangci-lint %s\n%s\n%s", golangciVersion, goCmd(t, ".", "env", "GOVERSION"), config)
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
