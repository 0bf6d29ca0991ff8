// Package lint defines an Analyzer that reports what mcptag's analysis
// finds in //mcp:tool, //mcp:prompt and //mcp:resource functions and
// //mcp:elicit types.
//
// # Analyzer mcptag
//
// mcptag: report MCP tools that degrade, cannot be served, or are undocumented
//
// The mcptag analyzer runs the analysis that the mcptag generator runs on
// //mcp:tool, //mcp:prompt and //mcp:resource functions (one analysis, so
// the two cannot disagree about a type) and reports each finding as a
// diagnostic "category: message": a result that degrades to unstructured
// text, a type with no JSON form, a schema that cannot be known
// statically, an undocumented tool, prompt, resource, argument or field, a
// bad name, directive or resource URI, and generated code that has gone
// stale.
//
// Silence one finding, with a reason, on its line or the line above:
//
//	//mcptag:ignore CATEGORY[,CATEGORY...] reason
//
// A suppression without a reason, with an unknown category, or that
// silences nothing is itself a finding, and so is one on an error, which
// no comment silences. The generator reports the findings of the
// categories that fail by default (but stale) as this analyzer does, at
// the same places, silenced by the same comments.
//
// The -fail flag names the categories that fail; by default those that
// break clients or hide tools do, and advice does not. A driver with
// warnings (mcptag lint) prints the rest as warnings; under go vet, which
// has no warnings, only the failing categories are reported.
//
// The -profile flag names model providers (openai, gemini, anthropic):
// each tool's input schema, as served, is checked against their rules,
// and each place one would refuse it, or drop a constraint without a
// word, is a profile finding at the declaration (docs/profiles.md).
package lint
