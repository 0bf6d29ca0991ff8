package generate

import (
	"errors"
	"go/ast"
	"go/token"

	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/genfile"
	"github.com/mcptag/mcptag/internal/genopts"
	"github.com/mcptag/mcptag/internal/load"
)

// A Package is one package loaded and analyzed.
type Package struct {
	*analyzer.Package
	Fset  *token.FileSet
	Dir   string      // the package's directory
	Files []*ast.File // the files analyzed: the package's, but the generated one
}

// Packages loads the packages matching patterns in dir (load.Packages)
// and analyzes each with opts resolved against the options its generated
// files record (genopts.Options.Resolve), in its module. A load error,
// or an option that a generated file records and this mcptag does not
// accept, is a load.Errors with the position of each error.
func Packages(dir string, opts genopts.Options, patterns ...string) ([]*Package, error) {
	loaded, err := load.Packages(dir, patterns...)
	if err != nil {
		return nil, err
	}
	docs := analyzer.NewSourceDocs()
	var out []*Package
	var errs load.Errors
	for _, l := range loaded {
		o, err := packageOptions(opts, l)
		if err != nil {
			errs = append(errs, positioned(err))
			continue
		}
		o.TestFiles = analyzer.TestFiles(l.Fset, l.Dir, l.Types.Name())
		if o.ImportedDocs == nil {
			o.ImportedDocs = docs.For(l.Fset)
		}
		a := analyzer.Analyze(l.Fset, l.Files, l.Types, l.Info, o)
		a.Flags = genopts.Flags(o)
		out = append(out, &Package{Package: a, Fset: l.Fset, Dir: l.Dir, Files: l.Files})
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return out, nil
}

// packageOptions returns the options to analyze l with: opts, resolved
// against what l's generated files record, in l's module.
func packageOptions(opts genopts.Options, l *load.Package) (analyzer.Options, error) {
	if opts.Base.Module == "" {
		opts.Base.Module = l.Module
	}
	var recorded []genfile.RecordedOption
	if l.Dir != "" {
		var err error
		if recorded, err = genfile.ReadOptions(l.Dir); err != nil {
			return opts.Base, err
		}
	}
	return opts.Resolve(recorded)
}

// positioned is err as an error of load.Errors: its own position, if it
// has one.
func positioned(err error) genfile.PositionedError {
	var pe genfile.PositionedError
	if errors.As(err, &pe) {
		return pe
	}
	return genfile.PositionedError{Msg: err.Error()}
}
