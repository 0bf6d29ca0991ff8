package snapdiff

// MCP Apps: the page a host shows a tool's results in, which a snapshot
// records by tool name under "apps" (docs/apps.md), with the digest of
// the page in place of the page. What a host sees of an app is compared
// here, once, rather than as a change of the tool's _meta and of the
// page's resource:
//
//   - an app removed is breaking: a host that showed the tool's page
//     shows text only; an app added is compatible;
//   - a page moved to another URI is breaking: a host that holds the old
//     one reads nothing;
//   - an origin removed from the page's policy (ui-connect=,
//     ui-resources=) is breaking: what the page loaded from it is
//     blocked; an origin added is compatible;
//   - a visibility that hides the tool from the model (app) is breaking:
//     a model that called it can no longer; any other visibility change,
//     a border preference and a new page (its digest) are compatible,
//     and reported.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcptag/mcptag/internal/uiext"
)

// App is a tool's entry in a snapshot's "apps".
type App struct {
	ResourceURI     string
	Visibility      []string
	ConnectDomains  []string
	ResourceDomains []string
	PrefersBorder   string // "true", "false" or "" when not given
	File, SHA256    string
}

// parseApps reads the "apps" member of a snapshot file.
func parseApps(file map[string]any) (map[string]App, error) {
	return parseEntries(file, "apps", parseApp)
}

// parseApp reads one entry of "apps".
func parseApp(e object) (App, error) {
	var a App
	if err := e.strs([]string{"resourceUri", "file", "sha256"}, &a.ResourceURI, &a.File, &a.SHA256); err != nil {
		return App{}, err
	}
	for key, dst := range map[string]*[]string{"visibility": &a.Visibility, "connectDomains": &a.ConnectDomains, "resourceDomains": &a.ResourceDomains} {
		list, err := stringList(e[key])
		if err != nil {
			return App{}, fmt.Errorf("%s %v", key, err)
		}
		*dst = list
	}
	switch b := e["prefersBorder"].(type) {
	case nil:
	case bool:
		a.PrefersBorder = fmt.Sprint(b)
	default:
		return App{}, fmt.Errorf("prefersBorder is not a boolean")
	}
	return a, nil
}

// stringList reads an optional array of strings.
func stringList(v any) ([]string, error) {
	if v == nil {
		return nil, nil
	}
	list, ok := v.([]any)
	var out []string
	for _, x := range list {
		s, isString := x.(string)
		ok = ok && isString
		out = append(out, s)
	}
	if !ok {
		return nil, fmt.Errorf("is not an array of strings")
	}
	return out, nil
}

// foldApps takes out of s what its apps stand for: the ui keys of each
// app's tool's _meta, and the resource of its page, so that a change to
// an app is reported once, by compareApps.
func foldApps(s *Snapshot) {
	for name, app := range s.Apps {
		for i := range s.Tools {
			if t := &s.Tools[i]; t.Name == name {
				if meta, ok := t.Other["_meta"].(map[string]any); ok && uiext.DeleteUI(meta) {
					delete(t.Other, "_meta")
				}
			}
		}
		s.Resources = slices.DeleteFunc(s.Resources, func(r Resource) bool { return r.URI == app.ResourceURI })
	}
}

// compareApps returns the changes of the apps of the tools that both
// snapshots list.
func compareApps(o, n *Snapshot) []Change {
	var changes []Change
	oldTools, newTools := toolsByName(o), toolsByName(n)
	for _, name := range unionKeys(o.Apps, n.Apps) {
		if oldTools[name] == nil || newTools[name] == nil {
			continue
		}
		oa, inOld := o.Apps[name]
		na, inNew := n.Apps[name]
		add := adder(&changes, "", name)
		switch {
		case !inNew:
			add("ui", true, fmt.Sprintf("no longer shown as an MCP App: a host that showed its page %s shows its text only", oa.ResourceURI))
			continue
		case !inOld:
			add("ui", false, fmt.Sprintf("now shown as an MCP App, its page %s", na.ResourceURI))
			continue
		}
		compareApp(oa, na, add)
	}
	return changes
}

// compareApp reports how the app of one tool changed.
func compareApp(o, n App, add func(string, bool, string)) {
	if o.ResourceURI != n.ResourceURI {
		add("ui.resourceUri", true, fmt.Sprintf("its page moved from %s to %s: a host that holds the old URI reads nothing", o.ResourceURI, n.ResourceURI))
	}
	if ov, nv := strings.Join(o.Visibility, " "), strings.Join(n.Visibility, " "); ov != nv {
		hidden := slices.Contains(n.Visibility, "app") && !slices.Contains(n.Visibility, "model") && (len(o.Visibility) == 0 || slices.Contains(o.Visibility, "model"))
		msg := fmt.Sprintf("visibility changed from %s to %s", visibility(o.Visibility), visibility(n.Visibility))
		if hidden {
			msg += ": the model no longer sees the tool"
		}
		add("ui.visibility", hidden, msg)
	}
	for _, csp := range []struct {
		list     string
		old, new []string
	}{{"connectDomains", o.ConnectDomains, n.ConnectDomains}, {"resourceDomains", o.ResourceDomains, n.ResourceDomains}} {
		if removed := missing(csp.old, csp.new); len(removed) > 0 {
			add("ui.csp."+csp.list, true, fmt.Sprintf("the page's %s no longer allow %s: what it reached there is blocked", csp.list, strings.Join(removed, " ")))
		}
		if added := missing(csp.new, csp.old); len(added) > 0 {
			add("ui.csp."+csp.list, false, fmt.Sprintf("the page's %s now allow %s", csp.list, strings.Join(added, " ")))
		}
	}
	if o.PrefersBorder != n.PrefersBorder {
		add("ui.prefersBorder", false, fmt.Sprintf("prefersBorder changed from %s to %s", orUnset(o.PrefersBorder), orUnset(n.PrefersBorder)))
	}
	if o.SHA256 != n.SHA256 || o.File != n.File {
		add("ui.page", false, fmt.Sprintf("the page changed (%s, sha256 %.12s… to %s, sha256 %.12s…)", o.File, o.SHA256, n.File, n.SHA256))
	}
}

// missing lists the strings of want that have lacks.
func missing(want, have []string) []string {
	var out []string
	for _, s := range want {
		if !slices.Contains(have, s) {
			out = append(out, s)
		}
	}
	return out
}

// visibility names a visibility list as the directive writes it.
func visibility(v []string) string {
	if len(v) == 0 {
		return "model and app"
	}
	return strings.Join(v, " and ")
}

func orUnset(s string) string {
	if s == "" {
		return "the host's default"
	}
	return s
}
