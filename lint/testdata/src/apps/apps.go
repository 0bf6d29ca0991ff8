package apps // want "stale: mcp_tools_gen.go is missing"

// Poll polls, for the page, which draws what it got.
//
// want +2 `app: poll: ui-visibility=app, but it returns no value, so its text content is "ok"`
//
//mcp:tool ui=page.html ui-visibility=app
func Poll() error { return nil }

// Chart charts a series.
//
// want +2 `app-csp: chart: ui=chart.html: line 3: <script src> loads from https://cdn.example.net, which ui-resources= does not list` `app-csp: chart: ui=chart.html: line 4: fetch loads from https://api.example.com, which ui-connect= does not list`
//
//mcp:tool ui=chart.html ui-resources=https://cdn.example.com
func Chart() []int { return nil }

// Quiet is advised of nothing: its page loads from what its policy
// lists, and the model sees the tool.
//
//mcp:tool ui=chart.html ui-resources="https://cdn.example.com https://cdn.example.net" ui-connect=https://api.example.com
func Quiet() error { return nil }
