//go:build corpus600

package bench

import "github.com/mcptag/mcptag/bench/corpus600"

// The 600-tool corpus the benchmarks measure, which corpus600.sh writes.
const (
	corpusDir  = "corpus600"
	corpusN    = 600
	regenerate = "sh corpus600.sh"
)

var (
	registerTools       = corpus600.RegisterTools
	registerWithAddTool = corpus600.RegisterWithAddTool
	corpusTools         = corpus600.Tools
)
