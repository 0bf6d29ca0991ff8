//go:build !corpus600

package bench

import "github.com/mcptag/mcptag/bench/corpus"

// The committed corpus, which go generate rewrites.
const (
	corpusDir  = "corpus"
	corpusN    = 160
	regenerate = "go generate"
)

var (
	registerTools       = corpus.RegisterTools
	registerWithAddTool = corpus.RegisterWithAddTool
	corpusTools         = corpus.Tools
)
