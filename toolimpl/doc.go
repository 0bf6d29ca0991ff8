// Package toolimpl is the run-time that mcptag's generated code calls:
// decoding and checking tool arguments, and filling the two result
// channels (content for the model, structuredContent for the
// application) by the rules of the generated schemas; and, for the
// generated typed clients, calling a tool and decoding its result.
//
// It is for generated code: the compatibility promise covers only keeping
// existing generated code working, through the version pin of each
// generated file (MinGeneratedVersion). Its names may change in any
// release otherwise. What a server sets, calls or meets is package toolrt.
//
// Nothing here builds or reads a JSON Schema: the generated code carries
// precomputed schemas and tells toolimpl the shape of each value.
package toolimpl
