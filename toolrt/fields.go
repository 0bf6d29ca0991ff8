package toolrt

import (
	"context"
	"slices"

	"github.com/mcptag/mcptag/internal/rtlink"
)

// fieldsKey is the context key of the paths a call's fields argument
// selects.
type fieldsKey struct{}

func init() {
	rtlink.WithFields = func(ctx context.Context, paths []string) context.Context {
		return context.WithValue(ctx, fieldsKey{}, paths)
	}
}

// Fields returns the paths of its view that the result of the tool
// called with ctx will carry: those its fields argument names and the
// view's keep= paths, in the order of the result's JSON; every path of
// the view when the call names none. A tool may skip the work of what
// is left out. It returns nil for a tool without fields.
func Fields(ctx context.Context) []string {
	paths, _ := ctx.Value(fieldsKey{}).([]string)
	return slices.Clone(paths)
}
