// Package imports uses two packages of one name, v1, under the names it
// gives them: the generated file imports them under the same names.
package imports

import (
	alphav1 "github.com/mcptag/mcptag/internal/emit/testdata/endtoend/imports/alpha/v1"
	betav1 "github.com/mcptag/mcptag/internal/emit/testdata/endtoend/imports/beta/v1"
)

// Convert turns an alpha item into a beta one.
//
//mcp:tool
func Convert(item alphav1.Item) betav1.Item { return betav1.Item{ID: len(item.Name)} }
