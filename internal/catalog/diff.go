package catalog

import (
	"path/filepath"

	"github.com/mcptag/mcptag/internal/budget"
	"github.com/mcptag/mcptag/internal/emit"
	"github.com/mcptag/mcptag/internal/genfile"
	"github.com/mcptag/mcptag/internal/snapdiff"
)

// A Diff compares packages with older snapshots, as mcptag diff does: each
// package's snapshot, as mcptag would generate it now, with the snapshot
// at the same path in Before (or with Before's only snapshot, when it has
// one and the page one package, whatever their names).
type Diff struct {
	Since  string        // what Before is, for the page: "HEAD~1", "old/"
	Before snapdiff.Tree // keyed by slash paths relative to Dir
	Dir    string
	Budget int // tokens a tool may take before growing past it is reported (0: budget.DefaultBudget)
}

// The statuses of EntryDiff.
const (
	StatusNew        = "new"
	StatusRemoved    = "removed"
	StatusBreaking   = "breaking"
	StatusCompatible = "compatible"
)

// An EntryDiff is what changed in one entry.
type EntryDiff struct {
	// Status is StatusNew, StatusRemoved, StatusBreaking,
	// StatusCompatible, or "" for an entry that did not change (but for
	// its size, perhaps).
	Status string
	// Grew is the message of a tool that grew past the budget or by more
	// than a quarter; "" if it did not.
	Grew    string
	Changes []Change
}

// A Change is one line of mcptag diff's report about an entry.
type Change struct {
	Class   string // "breaking", "compatible" or "grew"
	Path    string // where in the entry: "inputSchema.properties.days"
	Message string
}

// DiffTotals count the entries of each status, and Lines the changes
// as mcptag diff counts them: an entry with two breaking changes counts
// one breaking entry and two breaking changes.
type DiffTotals struct {
	New, Removed, Breaking, Compatible, Grew int
	Lines                                    ChangeCounts
}

// ChangeCounts count changes by class, as the last line of mcptag diff's
// report does ("5 breaking, 4 compatible, 1 grew"): an entry added is a
// compatible change, one removed a breaking one.
type ChangeCounts struct {
	Breaking, Compatible, Grew int
}

func (c *ChangeCounts) add(ch snapdiff.Change) {
	switch {
	case ch.Grew:
		c.Grew++
	case ch.Breaking:
		c.Breaking++
	default:
		c.Compatible++
	}
}

func (t *DiffTotals) add(d *EntryDiff) {
	if d == nil {
		return
	}
	switch d.Status {
	case StatusNew:
		t.New++
	case StatusRemoved:
		t.Removed++
	case StatusBreaking:
		t.Breaking++
	case StatusCompatible:
		t.Compatible++
	}
	if d.Grew != "" {
		t.Grew++
	}
}

// before returns the snapshot p is compared with, or nil if there is none;
// single says that p is the page's only package.
func (d *Diff) before(p Source, single bool) *snapdiff.Snapshot {
	if len(d.Before) == 1 && single {
		for _, s := range d.Before {
			return s
		}
	}
	rel, err := filepath.Rel(d.Dir, filepath.Join(p.Dir, genfile.SnapshotName))
	if err != nil {
		return nil
	}
	return d.Before[filepath.ToSlash(rel)]
}

// had reports whether the compared snapshot of p lists anything.
func (d *Diff) had(p Source, single bool) bool {
	s := d.before(p, single)
	return s != nil && len(s.Tools)+len(s.Prompts)+len(s.Resources)+len(s.ResourceTemplates)+len(s.Forms) > 0
}

// mark sets the Diff of every entry of pkg, and adds the entries of the
// compared snapshot that p no longer declares to pkg.Removed.
func (d *Diff) mark(pkg *Package, p Source, single bool, ids *ids) error {
	var now *snapdiff.Snapshot
	if !p.Empty() {
		data, err := emit.Snapshot(p.Package)
		if err != nil {
			return err
		}
		if now, err = snapdiff.Parse(data); err != nil {
			return err
		}
	}
	old := d.before(p, single)
	byEntry := map[[2]string][]snapdiff.Change{}
	for _, c := range snapdiff.Compare(old, now, snapdiff.WithBudget(budget.Limit(d.Budget, 0))) {
		k := [2]string{kindOf(c.Kind), c.Tool}
		byEntry[k] = append(byEntry[k], c)
		pkg.Changes.add(c)
	}
	for _, list := range [][]*Entry{pkg.Tools, pkg.Prompts, pkg.Resources, pkg.Forms} {
		for _, e := range list {
			k := [2]string{e.Kind, e.Key()}
			e.Diff = entryDiff(byEntry[k])
			delete(byEntry, k)
		}
	}
	for _, e := range removedEntries(old) {
		if _, ok := byEntry[[2]string{e.Kind, e.Key()}]; ok {
			e.ID = ids.id("removed-" + e.Name)
			e.Diff = &EntryDiff{Status: StatusRemoved}
			pkg.Removed = append(pkg.Removed, e)
		}
	}
	return nil
}

// kindOf is the Entry kind of a snapdiff.Change kind.
func kindOf(changeKind string) string {
	switch changeKind {
	case snapdiff.KindPrompt:
		return KindPrompt
	case snapdiff.KindResource:
		return KindResource
	case snapdiff.KindResourceTemplate:
		return KindResourceTemplate
	case snapdiff.KindForm:
		return KindForm
	}
	return KindTool
}

// entryDiff sums up the changes of one entry that exists now. A change
// without a path is the entry's coming or going.
func entryDiff(changes []snapdiff.Change) *EntryDiff {
	d := &EntryDiff{}
	for _, c := range changes {
		switch {
		case c.Path == "":
			d.Status = StatusNew
			continue
		case c.Grew:
			d.Grew = c.Message
			d.Changes = append(d.Changes, Change{Class: "grew", Path: c.Path, Message: c.Message})
			continue
		case c.Breaking:
			d.Changes = append(d.Changes, Change{Class: StatusBreaking, Path: c.Path, Message: c.Message})
			if d.Status == "" || d.Status == StatusCompatible {
				d.Status = StatusBreaking
			}
		default:
			d.Changes = append(d.Changes, Change{Class: StatusCompatible, Path: c.Path, Message: c.Message})
			if d.Status == "" {
				d.Status = StatusCompatible
			}
		}
	}
	return d
}

// removedEntries describes every entry of a snapshot, briefly: what the
// page shows of an entry that is gone.
func removedEntries(s *snapdiff.Snapshot) []*Entry {
	if s == nil {
		return nil
	}
	var out []*Entry
	for _, t := range s.Tools {
		out = append(out, &Entry{Kind: KindTool, Name: t.Name, Title: t.Title, Description: t.Description})
	}
	for _, p := range s.Prompts {
		out = append(out, &Entry{Kind: KindPrompt, Name: p.Name, Title: p.Title, Description: p.Description})
	}
	for _, r := range s.Resources {
		out = append(out, &Entry{Kind: KindResource, Name: r.Name, Title: r.Title, Description: r.Description, URI: r.URI})
	}
	for _, r := range s.ResourceTemplates {
		out = append(out, &Entry{Kind: KindResourceTemplate, Name: r.Name, Title: r.Title, Description: r.Description, URI: r.URI})
	}
	for _, f := range s.Forms {
		out = append(out, &Entry{Kind: KindForm, Name: f.Name})
	}
	return out
}
