package snapdiff

// The protocol's declarative features in a snapshot: parameter headers
// (x-mcp-header in an input schema), icons, and the caching hints of
// resource reads (the snapshot's "cacheable" member, by URI).
//
// A parameter header is part of how a call travels: a client on protocol
// 2026-07-28 sends the argument in the header Mcp-Param-NAME too, the
// go-sdk's server refuses a call whose header is missing or differs, and
// a gateway may route on it. Adding one breaks a client (or gateway)
// configured without it; removing or renaming one breaks whoever routes
// on it. Icons are pictures a client shows, and the caching hints are
// freshness hints: a client that keeps a result shorter or longer, or
// shares it less or more, still reads valid results. Their changes are
// compatible.

import (
	"fmt"
	"strconv"
)

// headerKeyword is the input schema keyword of a parameter header.
const headerKeyword = "x-mcp-header"

// compareHeader reports a change of the parameter header of the
// property at l.
func (d *schemaDiff) compareHeader(o, n map[string]any, l loc) {
	ov, inOld := o[headerKeyword].(string)
	nv, inNew := n[headerKeyword].(string)
	switch {
	case inOld == inNew && ov == nv:
	case d.output: // a header means nothing on a result
		d.note(l, "%s, which means nothing on a result", textChange(headerKeyword, ov, nv))
	case !inOld:
		d.report(l.path, true, d.subject(l)+" now also travels in the header Mcp-Param-"+nv+": a client or gateway that does not send it is refused")
	case !inNew:
		d.report(l.path, true, d.subject(l)+" no longer travels in the header Mcp-Param-"+ov+", which a gateway may route on")
	default:
		d.report(l.path, true, d.subject(l)+" travels in the header Mcp-Param-"+nv+" instead of Mcp-Param-"+ov)
	}
}

// otherChange describes the change of a top-level member k of a tool,
// prompt or resource that snapdiff does not compare by meaning; all such
// changes are compatible.
func otherChange(k string, inOld, inNew bool) string {
	if k != "icons" {
		return fmt.Sprintf("field %q changed", k)
	}
	switch {
	case !inOld:
		return "icons added"
	case !inNew:
		return "icons removed"
	}
	return "icons changed"
}

// A Cache is the caching hints of a resource's reads, as a snapshot's
// "cacheable" member records them.
type Cache struct {
	TTLMs      int64
	CacheScope string
}

// parseCacheable reads the "cacheable" member of a snapshot file.
func parseCacheable(file map[string]any) (map[string]Cache, error) {
	return parseEntries(file, "cacheable", parseCache)
}

// parseCache reads one entry of "cacheable".
func parseCache(e object) (Cache, error) {
	var c Cache
	if n, ok := e["ttlMs"]; ok {
		ttl, err := strconv.ParseInt(fmt.Sprint(n), 10, 64)
		if err != nil {
			return Cache{}, fmt.Errorf("ttlMs is not a whole number")
		}
		c.TTLMs = ttl
	}
	var err error
	if c.CacheScope, err = e.str("cacheScope"); err != nil {
		return Cache{}, err
	}
	return c, nil
}

// compareCaching returns the changes of the caching hints of the
// resources and templates of o and n, by URI: all compatible. A resource
// added or removed is reported as such, not its hints.
func compareCaching(o, n *Snapshot) []Change {
	var changes []Change
	for _, uri := range unionKeys(o.Cacheable, n.Cacheable) {
		kind, both := resourceKind(o, n, uri)
		if !both {
			continue
		}
		oc, inOld := o.Cacheable[uri]
		nc, inNew := n.Cacheable[uri]
		add := adder(&changes, kind, uri)
		switch {
		case !inOld:
			add("cacheable", false, fmt.Sprintf("reads now carry caching hints: ttlMs %d, cacheScope %s", nc.TTLMs, nc.CacheScope))
		case !inNew:
			add("cacheable", false, "reads no longer carry caching hints")
		default:
			if oc.TTLMs != nc.TTLMs {
				add("cacheable.ttlMs", false, fmt.Sprintf("ttlMs changed from %d to %d", oc.TTLMs, nc.TTLMs))
			}
			if oc.CacheScope != nc.CacheScope {
				add("cacheable.cacheScope", false, fmt.Sprintf("cacheScope changed from %s to %s", oc.CacheScope, nc.CacheScope))
			}
		}
	}
	return changes
}

// resourceKind says whether uri is a resource or a resource template,
// and whether both snapshots list it.
func resourceKind(o, n *Snapshot, uri string) (kind string, both bool) {
	has := func(list []Resource) bool {
		for _, r := range list {
			if r.URI == uri {
				return true
			}
		}
		return false
	}
	switch {
	case has(o.Resources) && has(n.Resources):
		return KindResource, true
	case has(o.ResourceTemplates) && has(n.ResourceTemplates):
		return KindResourceTemplate, true
	}
	return "", false
}
