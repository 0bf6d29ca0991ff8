// Package searchindex turns a tool's listing into the weighted terms that
// progressive discovery (toolrt.AddSearch, docs/discovery.md) searches,
// and scores a query against them with BM25.
//
// The generator computes each tool's terms once, at generation time, and
// writes them into the generated code; the run time only reads them and
// computes the IDF over the tools a server serves. Both sides use this
// package, so that a query and a tool are cut into words by one rule:
// words split at punctuation, underscores and camelCase humps, lower
// cased, stop words dropped, and stemmed (Stem). The related-word table
// (related.go) widens a query, never a tool's terms.
//
// It imports nothing but the standard library: toolrt links it.
package searchindex
