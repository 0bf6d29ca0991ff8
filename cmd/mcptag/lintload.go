package main

import (
	"go/types"
	"runtime"

	"github.com/mcptag/mcptag/internal/load"
	"golang.org/x/tools/go/packages"
)

// loadForLint loads the packages matching patterns for mcptag lint as
// the generator loads them (load.ForLint): from source, with their
// imports from the export data the go command builds and caches. The
// Analyzer reads other packages' descriptions from their files
// (lint.Config.SourceDocs), so it runs on these packages only: analyzing
// every dependency from source for its facts was most of lint's time.
func loadForLint(patterns []string) ([]*packages.Package, error) {
	loaded, err := load.ForLint("", patterns...)
	if err != nil {
		return nil, err
	}
	sizes := types.SizesFor("gc", runtime.GOARCH)
	out := make([]*packages.Package, len(loaded))
	for i, l := range loaded {
		p := &packages.Package{
			ID:           l.Types.Path(),
			Name:         l.Types.Name(),
			PkgPath:      l.Types.Path(),
			Dir:          l.Dir,
			IgnoredFiles: l.IgnoredFiles,
			Fset:         l.Fset,
			Syntax:       l.Files,
			Types:        l.Types,
			TypesInfo:    l.Info,
			TypesSizes:   sizes,
		}
		for _, f := range l.Files {
			p.CompiledGoFiles = append(p.CompiledGoFiles, l.Fset.File(f.FileStart).Name())
		}
		p.GoFiles = p.CompiledGoFiles
		if l.Module != "" {
			p.Module = &packages.Module{Path: l.Module}
		}
		out[i] = p
	}
	return out, nil
}
