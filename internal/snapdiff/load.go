package snapdiff

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"

	"github.com/mcptag/mcptag/internal/genfile"
)

// Tree is a set of snapshots keyed by slash path relative to its root
// (e.g. "example/weather/mcp_tools.json"). A tree loaded from a single
// file has one entry, keyed by the file's base name.
type Tree map[string]*Snapshot

// Load reads one side of a comparison. spec is, tried in this order:
//
//   - an existing snapshot file (relative paths are relative to dir);
//   - an existing directory: every mcp_tools.json below it, skipping
//     directories named testdata, vendor or node_modules and those whose
//     name starts with a dot, as the go tool would;
//   - a git revision: the same files as committed at that revision under
//     dir, so that Load(dir, "HEAD~1") and Load(dir, ".") are comparable.
//
// A directory or revision without snapshots yields an empty Tree, so that
// a revision from before the first snapshot shows every tool as added.
func Load(dir, spec string) (Tree, error) {
	p := spec
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	info, err := os.Stat(p)
	switch {
	case err == nil && info.IsDir():
		return loadDir(p)
	case err == nil:
		s, err := readSnapshot(p)
		if err != nil {
			return nil, err
		}
		return Tree{filepath.Base(p): s}, nil
	case !errors.Is(err, fs.ErrNotExist):
		return nil, err
	}
	// A leading dash would make git read the spec as an option.
	if strings.HasPrefix(spec, "-") {
		return nil, fmt.Errorf("%s: not a file, directory or git revision", spec)
	}
	rev, err := git(dir, "rev-parse", "--verify", "--quiet", spec+"^{commit}")
	if err != nil {
		return nil, fmt.Errorf("%s: not a file, directory or git revision", spec)
	}
	return loadRev(dir, spec, strings.TrimSpace(string(rev)))
}

func readSnapshot(file string) (*Snapshot, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	s, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	return s, nil
}

// skipDir reports whether a directory below the root is left out: the
// same directories the go tool ignores for ./..., plus node_modules.
func skipDir(name string) bool {
	return name == "testdata" || name == "vendor" || name == "node_modules" || strings.HasPrefix(name, ".")
}

func loadDir(root string) (Tree, error) {
	t := Tree{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && skipDir(d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Name() != genfile.SnapshotName || !d.Type().IsRegular() {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		s, err := readSnapshot(p)
		if err != nil {
			return err
		}
		t[filepath.ToSlash(rel)] = s
		return nil
	})
	if err != nil {
		return nil, err
	}
	return t, nil
}

// loadRev reads the snapshots committed at rev. git ls-tree lists paths
// relative to dir, matching the keys loadDir produces for dir; blobs are
// read by object id, which avoids any path quoting or textconv.
func loadRev(dir, spec, rev string) (Tree, error) {
	out, err := git(dir, "ls-tree", "-r", "-z", rev)
	if err != nil {
		return nil, err
	}
	t := Tree{}
	for _, entry := range strings.Split(string(out), "\x00") {
		// "<mode> SP <type> SP <object> TAB <path>"
		meta, p, ok := strings.Cut(entry, "\t")
		if !ok {
			continue
		}
		fields := strings.Fields(meta)
		if len(fields) != 3 || fields[1] != "blob" || path.Base(p) != genfile.SnapshotName {
			continue
		}
		if skipPath(p) {
			continue
		}
		data, err := git(dir, "cat-file", "blob", fields[2])
		if err != nil {
			return nil, err
		}
		s, err := Parse(data)
		if err != nil {
			return nil, fmt.Errorf("%s:%s: %v", spec, p, err)
		}
		t[p] = s
	}
	return t, nil
}

// skipPath applies skipDir to every directory of a slash path.
func skipPath(p string) bool {
	dirs := strings.Split(p, "/")
	for _, d := range dirs[:len(dirs)-1] {
		if skipDir(d) {
			return true
		}
	}
	return false
}

func git(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			return nil, fmt.Errorf("git %s: %v", strings.Join(args, " "), err)
		}
		return nil, errors.New("git " + strings.Join(args, " ") + ": " + msg)
	}
	return out, nil
}

// CompareTrees compares two trees file by file. A file present on one side
// only has all its tools reported as removed or added. When each side holds
// exactly one snapshot they are compared whatever their names, so that
// `mcptag diff old.json new.json` works. Change.File is set only when more
// than one file is involved.
func CompareTrees(before, after Tree, opts ...Option) []Change {
	if len(before) == 1 && len(after) == 1 {
		var o, n *Snapshot
		for _, s := range before {
			o = s
		}
		for _, s := range after {
			n = s
		}
		return Compare(o, n, opts...)
	}
	files := unionKeys(before, after)
	var changes []Change
	for _, f := range files {
		cs := Compare(before[f], after[f], opts...)
		if len(files) > 1 {
			for i := range cs {
				cs[i].File = f
			}
		}
		changes = append(changes, cs...)
	}
	sortChanges(changes)
	return changes
}
