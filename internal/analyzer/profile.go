package analyzer

import (
	"github.com/mcptag/mcptag/internal/finding"
	"github.com/mcptag/mcptag/internal/profile"
)

// profile fits t's input schema to the providers of -profile, and
// reports what no schema they accept can say as an error at its
// declaration. The generated handler checks the arguments by their Go
// declaration, not by the input schema, so a constraint that a profile
// moves into words is still enforced. Then it reports where the schema
// as served breaks the rules of the providers of lint's -profile.
func (a *analysis) profile(t *Tool) {
	for _, p := range profile.Fatal(profile.Apply(t.Input, t.Arguments, t.Pos, a.opts.Profile)) {
		a.errorf(p.Pos, finding.CatProfile, "%s: %s", t.Name, p)
	}
	if a.opts.CheckProfile.IsZero() {
		return
	}
	for _, p := range profile.Check(t.Input, t.Arguments, t.Pos, a.opts.CheckProfile) {
		a.warnf(p.Pos, finding.CatProfile, "%s: %s", t.Name, p)
	}
}
