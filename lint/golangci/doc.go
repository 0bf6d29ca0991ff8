// Package golangci is mcptag's linter as a golangci-lint v2 module plugin.
//
// Imported (for its side effect) into a golangci-lint binary built by
// "golangci-lint custom", it registers the linter "mcptag", which runs
// the same analyzer as "mcptag lint" (github.com/mcptag/mcptag/lint):
// the same findings, at the same positions, silenced by the same
// //mcptag:ignore comments, and by golangci-lint's own //nolint:mcptag.
//
// It is configured in .golangci.yml:
//
//	linters:
//	  enable: [mcptag]
//	  settings:
//	    custom:
//	      mcptag:
//	        type: module
//	        settings:
//	          fail: [unstructured, unsupported, undocumented]
//	          closed: false
//	          titles: false
//
// golangci-lint has no warnings: a finding either fails the run or is not
// reported. So only the categories in fail are reported; without fail,
// those that break a client or hide a tool (see [Settings.Fail]). The
// advice categories (nullable, undocumented, untyped, custom-marshaler)
// are reported only when named.
//
// The package is a module of its own so that mcptag's module never
// depends on golangci-lint's.
package golangci
