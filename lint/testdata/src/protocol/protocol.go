package protocol // want package:"mcptag docs: 8 declared here, 0 from dependencies"

// Login asks who the user is.
//
//mcp:elicit key=user_name
type Login struct {
	// Your name.
	User string `json:"user"`
	// Your password.
	Password string `json:"password"` // want `sensitive: form Login: field password looks like it collects a secret \("password"\)`
}

// Again asks under Login's key.
//
// want +2 `name: form Again: key=user_name is the key of form Login too`
//
//mcp:elicit key=user_name
type Again struct {
	// Go on.
	Go bool `json:"go"`
}

// KeyRequest asks with a key.
type KeyRequest struct {
	// The caller's key.
	APIKey string `json:"api_key" jsonschema:"header=Api-Key"` // want `sensitive: check: argument api_key looks like a secret \("api key"\) and header=Api-Key sends it in an HTTP header too`
	// A ratio.
	Ratio float64 `json:"ratio" jsonschema:"header=Ratio"` // want `json-tag: header=Ratio: a header carries a string, an integer or a boolean, not numbers`
}

// Check checks.
//
// want +2 `directive: icon=missing.png: no file missing.png in the package directory`
//
//mcp:tool icon=missing.png
func Check(req KeyRequest) string { return "" }
