// Package layers holds, in its test, the rules of which of mcptag's
// packages may import which, so that the layers read one way:
//
//   - load loads and type-checks packages, and knows nothing of analysis;
//   - analyzer analyzes what it is given, and knows nothing of loading,
//     of the files mcptag writes or of command-line flags (genopts holds
//     the generator's options as flags and as generated files record
//     them);
//   - emit renders an analyzed package, and measures what its tools
//     cost (Measure);
//   - generate is the pipeline: load, genopts, analyzer, emit, and
//     writing the files; only the command and tests import it, so lint
//     and catalog do not pull the pipeline in;
//   - toolrt is the run-time a server uses and toolimpl the one generated
//     code calls: toolimpl may import toolrt, never the reverse, and
//     neither carries any of the generator; both serve the MCP Apps
//     extension through uiext, which imports only the go-sdk, perserver
//     (what is kept per server) and extension (advertising an extension
//     on a server), and fill description
//     templates by placeholder's rules, which import nothing.
//
// The golangci-lint plugin (lint/golangci, a module of its own) imports
// only lint; its own test builds it against an mcptag whose internal
// packages moved.
package layers
