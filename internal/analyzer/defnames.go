package analyzer

import (
	"go/types"
	"regexp"
	"strconv"
	"strings"
)

// defNames names the $defs entries of one schema, output or input alike:
// a named type's entry is its Go name, with the type arguments of an
// instantiated generic type (Page[Item] → Page_Item), qualified by its
// package's name when a type of another package has the name already
// (b.Node), and numbered when that is taken too (b.Node2).
type defNames struct {
	names map[string]string // type key → $defs name
	keys  map[string]string // $defs name → type key
}

func newDefNames() defNames {
	return defNames{names: map[string]string{}, keys: map[string]string{}}
}

var nonIdent = regexp.MustCompile(`[^A-Za-z0-9_]+`)

// name picks the $defs name of n, whose type key is key, ending in suffix
// ("_value" for a type written by value whose marshalers differ then).
func (d defNames) name(n *types.Named, key, suffix string) string {
	name := n.Obj().Name()
	if args := n.TypeArgs(); args != nil && args.Len() > 0 {
		s := types.TypeString(n, func(p *types.Package) string { return "" })
		name = strings.Trim(nonIdent.ReplaceAllString(s, "_"), "_")
	}
	name += suffix
	if other, taken := d.keys[name]; taken && other != key && n.Obj().Pkg() != nil {
		name = n.Obj().Pkg().Name() + "." + name
	}
	base := name
	for i := 2; ; i++ {
		if other, taken := d.keys[name]; !taken || other == key {
			break
		}
		name = base + strconv.Itoa(i)
	}
	d.names[key], d.keys[name] = name, key
	return name
}

// forget frees the name of the type key, which got no entry after all.
func (d defNames) forget(key string) {
	delete(d.keys, d.names[key])
	delete(d.names, key)
}
