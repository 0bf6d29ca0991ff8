// Package hostile declares tools, a prompt and resources whose names,
// titles, descriptions, defaults, patterns and enums carry markup: the
// catalogue must show all of it as text.
package hostile

// Mode is how Inject answers <script>window.__pwned = "enum type"</script>.
type Mode string

// The modes, one of them markup.
const (
	Plain  Mode = "plain"
	Markup Mode = "<b>bold</b>"
)

// Query is what Inject reads.
type Query struct {
	// The text </td></tr></table><script>window.__pwned = "field"</script>
	Text string `json:"text" jsonschema:"pattern=^<[a-z]+>$"`
	// How to answer <img src=x onerror="window.__pwned = 'img'">.
	Mode Mode `json:"mode,omitempty" jsonschema:"default=<b>bold</b>"`
}

// Answer is what Inject returns </details></li></ul><script>window.__pwned = "type"</script>.
type Answer struct {
	// The answer <!-- a comment --> ]]> <style>body{display:none}</style>
	Text string `json:"text"`
	// Nested <iframe src="https://example.com/"></iframe>
	Again *Answer `json:"again,omitempty"`
}

// Inject answers <script>window.__pwned = "description"</script> and
// </article></main><a href="javascript:window.__pwned='link'">click</a>.
//
//mcp:tool title="<i onclick=\"window.__pwned = 'title'\">Inject</i>"
func Inject(q Query) (Answer, error) { return Answer{}, nil }

// Greet greets </pre><script>window.__pwned = "prompt"</script> someone.
//   - name: who </td><script>window.__pwned = "prompt argument"</script>
//
//mcp:prompt
func Greet(name string) string { return "hello " + name }

// Page reads a page <script>window.__pwned = "template"</script>.
//   - id: its id <b>bold</b>
//
//mcp:resource hostile://pages/{id} title="<script>window.__pwned = 'resource title'</script>"
func Page(id string) (string, error) { return id, nil }
