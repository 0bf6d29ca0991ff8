package marshaler // want "stale: mcp_tools_gen.go is missing" package:"mcptag docs: 5 declared here, 1 from dependencies"

import "encoding/json"

// Blob writes itself.
type Blob struct{ data []byte }

// MarshalJSON writes the blob as is.
func (b Blob) MarshalJSON() ([]byte, error) { return b.data, nil }

// Record is one record.
type Record struct {
	// Body is opaque.
	Body Blob `json:"body"` // want `custom-marshaler: body: Blob has its own MarshalJSON, so its JSON shape is unknown statically`
	// Extra is anything at all.
	Extra any `json:"extra,omitempty"` // want `untyped: extra has type any: its schema is \{\} and tells a client nothing`
	// Raw is raw JSON.
	Raw json.RawMessage `json:"raw,omitempty"` // want `untyped: raw has type encoding/json.RawMessage`
}

// GetRecord returns a record and promises no other properties.
//
//mcp:tool closed
func GetRecord() Record { // want `closed-extra: get_record is closed, but its output has an unconstrained schema \{\} at body, extra, raw`
	return Record{}
}

// OpenRecord returns the same record, open: no closed-extra.
//
//mcp:tool
func OpenRecord() Record {
	return Record{}
}
