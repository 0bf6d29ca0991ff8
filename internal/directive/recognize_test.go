package directive

import "testing"

// Prose is never a directive; a comment clearly meant as one is either a
// directive or a near miss with a message, and a correction where the
// correction is clear.
func TestRecognizeDirective(t *testing.T) {
	for _, tc := range []struct {
		text, kind, problem, fixed string
	}{
		{text: "//mcp:tool", kind: "tool"},
		{text: "//mcp:tool readonly title=\"x\"", kind: "tool"},
		{text: "//mcp:tool\treadonly", kind: "tool"},
		{text: "//mcp:prompt", kind: "prompt"},
		{text: "//mcp:resource weather://{city}/current mime=application/json", kind: "resource"},
		// Prose.
		{text: "// MCPToolsHandler returns the handler that serves the MCP tools below."},
		{text: "// mcp tool registry for the service"},
		{text: "// MCP: tools are listed by tools/list."},
		{text: "// mcp: the protocol"},
		{text: "// see https://mcp.example/tools"},
		{text: "/* mcp:tool */"},
		// Near misses.
		{text: "// mcp:tool", problem: `malformed directive "// mcp:tool": want //mcp:tool, with no space after //`, fixed: "//mcp:tool"},
		{text: "//  mcp:tool readonly", problem: `malformed directive "//  mcp:tool readonly": want //mcp:tool, with no space after //`, fixed: "//mcp:tool readonly"},
		{text: "//mcp:tools", problem: `misspelled directive "//mcp:tools": want //mcp:tool`, fixed: "//mcp:tool"},
		{text: "//mcp:tools readonly", problem: `misspelled directive "//mcp:tools readonly": want //mcp:tool`, fixed: "//mcp:tool readonly"},
		{text: "//MCP:tool", problem: `malformed directive "//MCP:tool": want //mcp:tool, in lower case`, fixed: "//mcp:tool"},
		{text: "//Mcp:Tool x", problem: `malformed directive "//Mcp:Tool x": want //mcp:tool, in lower case`, fixed: "//mcp:tool x"},
		{text: "//mcp:toolreadonly", problem: `malformed directive "//mcp:toolreadonly": want //mcp:tool, then a space before its arguments`},
		{text: "//mcp:toolbox", problem: `malformed directive "//mcp:toolbox": want //mcp:tool, then a space before its arguments`},
		{text: "// mcp:toolbox", problem: `malformed directive "// mcp:toolbox": want //mcp:tool, with no space after //`},
		{text: "//mcp:toll", problem: `unknown directive "//mcp:toll" (did you mean //mcp:tool?)`, fixed: "//mcp:tool"},
		{text: "//mcp:tol readonly", problem: `unknown directive "//mcp:tol readonly" (did you mean //mcp:tool?)`, fixed: "//mcp:tool readonly"},
		{text: "//mcp:generate", problem: `unknown directive "//mcp:generate"; directives are //mcp:tool, //mcp:prompt, //mcp:resource, //mcp:elicit, //mcp:shared`},
		{text: "//mcp:prompts", problem: `misspelled directive "//mcp:prompts": want //mcp:prompt`, fixed: "//mcp:prompt"},
		{text: "// mcp:resource weather://cities", problem: `malformed directive "// mcp:resource weather://cities": want //mcp:resource, with no space after //`, fixed: "//mcp:resource weather://cities"},
		{text: "//mcp:resources weather://cities", problem: `misspelled directive "//mcp:resources weather://cities": want //mcp:resource`, fixed: "//mcp:resource weather://cities"},
		{text: "//MCP:Prompt", problem: `malformed directive "//MCP:Prompt": want //mcp:prompt, in lower case`, fixed: "//mcp:prompt"},
		{text: "//mcp:promt", problem: `unknown directive "//mcp:promt" (did you mean //mcp:prompt?)`, fixed: "//mcp:prompt"},
		{text: "//mcp:resourcefile", problem: `malformed directive "//mcp:resourcefile": want //mcp:resource, then a space before its arguments`},
		{text: "//mcp:elicit", kind: "elicit"},
		{text: "//mcp:elicitation", problem: `malformed directive "//mcp:elicitation": want //mcp:elicit, then a space before its arguments`},
		{text: "// mcp:elicit", problem: `malformed directive "// mcp:elicit": want //mcp:elicit, with no space after //`, fixed: "//mcp:elicit"},
		{text: "// mcp: tool", problem: `malformed directive "// mcp: tool": want //mcp:tool, with nothing between mcp, the colon and tool`, fixed: "//mcp:tool"},
		{text: "//mcp :tool readonly", problem: `malformed directive "//mcp :tool readonly": want //mcp:tool, with nothing between mcp, the colon and tool`, fixed: "//mcp:tool readonly"},
		{text: "//mcp-tool get_x", problem: `malformed directive "//mcp-tool get_x": want //mcp:tool, with nothing between mcp, the colon and tool`, fixed: "//mcp:tool get_x"},
		{text: "// mcp - resource weather://cities", problem: `malformed directive "// mcp - resource weather://cities": want //mcp:resource, with nothing between mcp, the colon and resource`, fixed: "//mcp:resource weather://cities"},
		{text: "// mcp: tool calls are logged"},
		{text: "// mcp-tool registry"},
		{text: "// mcp: tools are listed"},
		{text: "//mcp:elict", problem: `unknown directive "//mcp:elict" (did you mean //mcp:elicit?)`, fixed: "//mcp:elicit"},
	} {
		got := Recognize(tc.text)
		if got.Kind != tc.kind || got.Problem != tc.problem || got.Fixed != tc.fixed {
			t.Errorf("Recognize(%q) = %+v, want {Kind:%s Problem:%s Fixed:%s}", tc.text, got, tc.kind, tc.problem, tc.fixed)
		}
	}
}
