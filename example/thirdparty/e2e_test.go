package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-github/v93/github"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcptag/mcptag/internal/analyzer"
	"github.com/mcptag/mcptag/internal/budget"
	"github.com/mcptag/mcptag/internal/emit"
	"github.com/mcptag/mcptag/internal/generate"
	"github.com/mcptag/mcptag/internal/genopts"
	"github.com/mcptag/mcptag/internal/interop"
	"github.com/mcptag/mcptag/internal/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
)

// serverBinary is the example built as a user builds it, once per run.
var serverBinary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "thirdparty-e2e")
	if err != nil {
		panic(err)
	}
	serverBinary = filepath.Join(dir, "thirdparty")
	if out, err := exec.Command("go", "build", "-o", serverBinary, ".").CombinedOutput(); err != nil {
		panic("building the example: " + err.Error() + "\n" + string(out))
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// A call is one tool call. The tests compare its structuredContent with
// the Go value the tool returns, got from the store in-process.
type call struct {
	tool string
	args map[string]any
}

// calls calls every tool with realistic values (decoded from API-shaped
// JSON in testdata) and with zero and nil ones.
var calls = []call{
	{"get_repository", map[string]any{"owner": "octocat", "repo": "Hello-World"}},
	{"get_repository", map[string]any{"owner": "octocat", "repo": "empty"}}, // every field nil
	{"get_repository", map[string]any{"owner": "octocat", "repo": "gone"}},  // a nil *Repository
	{"list_issues", map[string]any{"owner": "octocat", "repo": "Hello-World"}},
	{"list_issues", map[string]any{"owner": "octocat", "repo": "empty"}}, // a nil slice
	{"list_issues", map[string]any{"owner": "octocat", "repo": "zero"}},  // a zero Issue and a nil one
	{"list_issues", map[string]any{"owner": "octocat", "repo": "Hello-World", "fields": []any{"title", "labels.name", "number"}}},
	{"list_issues", map[string]any{"owner": "octocat", "repo": "zero", "fields": []any{"user.login"}}},
	{"get_pull_request", map[string]any{"owner": "octocat", "repo": "Hello-World", "number": 1347}},
	{"get_pull_request", map[string]any{"owner": "octocat", "repo": "empty", "number": 1}},
	{"get_pod", map[string]any{"namespace": "default", "name": "web-7c5ddbdf54-x8kqz"}},
	{"get_pod", map[string]any{"namespace": "default", "name": "empty"}}, // the zero Pod
	{"get_deployment", map[string]any{"namespace": "default", "name": "web"}},
	{"get_deployment", map[string]any{"namespace": "default", "name": "empty"}}, // the zero Deployment
}

// value calls the tool's method on s directly.
func (c call) value(s *Store) (any, error) {
	ctx := context.Background()
	arg := func(name string) string { v, _ := c.args[name].(string); return v }
	switch c.tool {
	case "get_repository":
		return s.GetRepository(ctx, arg("owner"), arg("repo"))
	case "list_issues":
		return s.ListIssues(ctx, arg("owner"), arg("repo"))
	case "get_pull_request":
		return s.GetPullRequest(ctx, arg("owner"), arg("repo"), c.args["number"].(int))
	case "get_pod":
		return s.GetPod(ctx, arg("namespace"), arg("name"))
	case "get_deployment":
		return s.GetDeployment(ctx, arg("namespace"), arg("name"))
	}
	return nil, fmt.Errorf("no tool %s", c.tool)
}

// structured is what structuredContent must be for a call of a tool that
// returned v, by docs/results.md: a struct as it is (a nil pointer as
// {}), a slice wrapped in {"result": [...]} (a nil slice as []); and for
// a tool with a view, that JSON with everything outside the view (or the
// paths the call's fields argument names) deleted, byte for byte.
func structured(t *testing.T, c call, v any) []byte {
	t.Helper()
	var full []byte
	switch v := v.(type) {
	case []*github.Issue:
		if v == nil {
			v = []*github.Issue{}
		}
		full = mustJSON(t, map[string]any{"result": v})
	case *github.Repository:
		if v == nil {
			v = &github.Repository{}
		}
		full = mustJSON(t, v)
	case *github.PullRequest:
		if v == nil {
			v = &github.PullRequest{}
		}
		full = mustJSON(t, v)
	default:
		full = mustJSON(t, v)
	}
	tool := analyzed(t)[c.tool]
	if tool.View == nil {
		return full
	}
	var selected map[string]bool
	if fields, ok := c.args["fields"].([]any); ok {
		selected = map[string]bool{}
		for _, f := range fields {
			selected[f.(string)] = true
		}
	}
	viewed, err := mcptest.PruneView(full, tool.Result, tool.View, selected)
	if err != nil {
		t.Fatal(err)
	}
	return viewed
}

// analyzed returns the example's tools as mcptag analyzes them, by name.
var analyzed = func() func(t *testing.T) map[string]*analyzer.Tool {
	var once sync.Once
	var tools map[string]*analyzer.Tool
	var err error
	return func(t *testing.T) map[string]*analyzer.Tool {
		t.Helper()
		once.Do(func() {
			var r *generate.Result
			if r, err = generate.Run(".", genopts.Options{}, "."); err == nil {
				tools = map[string]*analyzer.Tool{}
				for _, tool := range r.Packages[0].Tools {
					tools[tool.Name] = tool
				}
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		return tools
	}
}()

// connect starts the server binary and connects a go-sdk client over stdio.
func connect(t *testing.T) *mcp.ClientSession {
	t.Helper()
	client := mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "v0"}, nil)
	cmd := exec.Command(serverBinary, "-data", "testdata")
	cs, err := client.Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func listTools(t *testing.T, cs *mcp.ClientSession) map[string]*mcp.Tool {
	t.Helper()
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	tools := map[string]*mcp.Tool{}
	for _, tool := range res.Tools {
		tools[tool.Name] = tool
	}
	return tools
}

// TestToolsListIsTheSnapshot proves the committed snapshot, less the
// "$comment" that marks it as generated, is exactly what tools/list serves.
func TestToolsListIsTheSnapshot(t *testing.T) {
	cs := connect(t)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	served := mustJSON(t, map[string]any{"tools": res.Tools})
	snapshot, err := os.ReadFile("mcp_tools.json")
	if err != nil {
		t.Fatal(err)
	}
	want := decode(t, snapshot)
	delete(want.(map[string]any), "$comment")
	if diff := cmp.Diff(want, decode(t, served)); diff != "" {
		t.Errorf("tools/list differs from mcp_tools.json (-snapshot +served):\n%s", diff)
	}
}

// TestCallEveryTool calls each tool over stdio with the go-sdk client and
// validates every structuredContent against the tool's outputSchema.
func TestCallEveryTool(t *testing.T) {
	store, err := Open("testdata")
	if err != nil {
		t.Fatal(err)
	}
	cs := connect(t)
	tools := listTools(t, cs)
	called := map[string]bool{}
	for _, c := range calls {
		t.Run(fmt.Sprintf("%s%v", c.tool, c.args), func(t *testing.T) {
			tool := tools[c.tool]
			if tool == nil {
				t.Fatalf("tools/list has no %s", c.tool)
			}
			called[c.tool] = true
			v, err := c.value(store)
			if err != nil {
				t.Fatal(err)
			}
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: c.tool, Arguments: c.args})
			if err != nil {
				t.Fatal(err)
			}
			if res.IsError {
				t.Fatalf("isError: %v", res.Content)
			}
			// The client decoded structuredContent into maps: compared
			// in canonical key order.
			got := decode(t, mustJSON(t, res.StructuredContent))
			if diff := cmp.Diff(decode(t, structured(t, c, v)), got); diff != "" {
				t.Errorf("structuredContent (-want +got):\n%s", diff)
			}
			validate(t, tool, got)
		})
	}
	for name := range tools {
		if !called[name] {
			t.Errorf("tool %s is listed but not called by this test", name)
		}
	}

	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "get_pod", Arguments: map[string]any{"namespace": "default", "name": "nginx"}})
	if err != nil {
		t.Fatal(err)
	}
	if !res.IsError || res.StructuredContent != nil {
		t.Errorf("get_pod of a missing pod: isError %v, structuredContent %v; want an error and none", res.IsError, res.StructuredContent)
	}
}

// TestZeroValues validates values the fixtures do not hold against the
// schemas, in-process: zero values of every type reached, as encoding/json
// writes them.
func TestZeroValues(t *testing.T) {
	tools := listTools(t, connect(t))
	for _, tc := range []struct {
		tool string
		v    any
	}{
		{"get_repository", &github.Repository{Owner: &github.User{}, Parent: &github.Repository{}, License: &github.License{}, Permissions: &github.RepositoryPermissions{}, CreatedAt: &github.Timestamp{}}},
		{"get_pull_request", &github.PullRequest{Head: &github.PullRequestBranch{}, Base: &github.PullRequestBranch{Repo: &github.Repository{}}, User: &github.User{}, Milestone: &github.Milestone{}, Labels: []*github.Label{{}, nil}}},
		{"list_issues", map[string]any{"result": []*github.Issue{{User: &github.User{}, Milestone: &github.Milestone{}, Reactions: &github.Reactions{}, PullRequestLinks: &github.PullRequestLinks{}}}}},
		{"get_pod", corev1.Pod{Spec: corev1.PodSpec{
			Containers:     []corev1.Container{{}},
			InitContainers: []corev1.Container{{LivenessProbe: &corev1.Probe{ProbeHandler: corev1.ProbeHandler{HTTPGet: &corev1.HTTPGetAction{}}}}},
			Volumes:        []corev1.Volume{{VolumeSource: corev1.VolumeSource{Projected: &corev1.ProjectedVolumeSource{}, Ephemeral: &corev1.EphemeralVolumeSource{VolumeClaimTemplate: &corev1.PersistentVolumeClaimTemplate{}}}}},
			Affinity:       &corev1.Affinity{NodeAffinity: &corev1.NodeAffinity{RequiredDuringSchedulingIgnoredDuringExecution: &corev1.NodeSelector{}}},
		}, Status: corev1.PodStatus{Conditions: []corev1.PodCondition{{}}, ContainerStatuses: []corev1.ContainerStatus{{}}}}},
		{"get_deployment", appsv1.Deployment{Spec: appsv1.DeploymentSpec{Strategy: appsv1.DeploymentStrategy{RollingUpdate: &appsv1.RollingUpdateDeployment{}}}, Status: appsv1.DeploymentStatus{Conditions: []appsv1.DeploymentCondition{{}}}}},
	} {
		t.Run(tc.tool, func(t *testing.T) {
			data := mustJSON(t, tc.v)
			if tool := analyzed(t)[tc.tool]; tool.View != nil {
				var err error
				if data, err = mcptest.PruneView(data, tool.Result, tool.View, nil); err != nil {
					t.Fatal(err)
				}
			}
			validate(t, tools[tc.tool], decode(t, data))
		})
	}
}

// validate checks a structuredContent against the tool's outputSchema,
// whose root must be an object, with jsonschema-go.
func validate(t *testing.T, tool *mcp.Tool, instance any) {
	t.Helper()
	schema := outputSchema(t, tool)
	if schema.Type != "object" {
		t.Errorf("outputSchema root type = %q, want object", schema.Type)
	}
	resolved, err := schema.Resolve(nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := resolved.Validate(instance); err != nil {
		t.Errorf("structuredContent does not validate against the outputSchema: %v", err)
	}
}

func outputSchema(t *testing.T, tool *mcp.Tool) *jsonschema.Schema {
	t.Helper()
	var schema jsonschema.Schema
	if err := json.Unmarshal(mustJSON(t, tool.OutputSchema), &schema); err != nil {
		t.Fatal(err)
	}
	return &schema
}

// TestSchemas checks what the whole schemas say of the library types
// (those of testdata/full, generated in memory: the example's own tools cut
// theirs down): their doc comments (Kubernetes documents every field) as
// descriptions, without code-generator markers, and the wire forms of the
// types with their own marshalers.
func TestSchemas(t *testing.T) {
	r, err := generate.Run(".", genopts.Options{}, "./testdata/full")
	if err != nil {
		t.Fatal(err)
	}
	tools, err := emit.Tools(r.Packages[0].Package)
	if err != nil {
		t.Fatal(err)
	}
	schemas := map[string]any{}
	for _, tool := range tools {
		schemas[tool.Name] = decode(t, mustJSON(t, tool.OutputSchema))
	}
	for _, tc := range []struct {
		path string // tool, then keys into its outputSchema
		want any    // a string description prefix, or the JSON of a schema
	}{
		{"get_pod description", "A collection of containers that can run on a host."},
		{"get_pod properties kind description", "Kind is a string value representing the REST resource"},
		{"get_pod properties apiVersion description", "APIVersion defines the versioned schema"},
		{"get_pod properties spec description", "Specification of the desired behavior of the pod."},
		{"get_pod $defs Container properties image description", "Container image name."},
		{"get_pod $defs PodStatus properties phase description", "The phase of a Pod is a simple, high-level summary"},
		{"get_deployment $defs DeploymentSpec properties replicas description", "Number of desired pods."},
		{"get_repository description", "Represents a GitHub repository."},
		{"list_issues $defs Issue description", "Represents a GitHub issue on a repository."},
		{"get_pull_request description", "Represents a GitHub pull request on a repository."},

		// metav1.Time: an RFC 3339 string, or null for the zero time even
		// under omitempty.
		{"get_pod $defs ObjectMeta properties creationTimestamp type", []any{"string", "null"}},
		{"get_pod $defs ObjectMeta properties creationTimestamp format", "date-time"},
		{"get_pod $defs PodCondition properties lastProbeTime type", []any{"string", "null"}},
		// resource.Quantity: a string.
		{"get_pod $defs ResourceRequirements properties limits additionalProperties", map[string]any{"type": "string"}},
		// intstr.IntOrString: an integer or a string.
		{"get_pod $defs HTTPGetAction properties port type", []any{"integer", "string"}},
		{"get_deployment $defs RollingUpdateDeployment properties maxSurge type", []any{"integer", "string"}},
		// go-github's Timestamp embeds time.Time and so writes RFC 3339.
		{"get_repository properties created_at", map[string]any{"type": "string", "format": "date-time"}},
		{"list_issues $defs Issue properties closed_at", map[string]any{"type": "string", "format": "date-time"}},
	} {
		keys := strings.Fields(tc.path)
		var v any = schemas[keys[0]]
		for _, k := range keys[1:] {
			m, _ := v.(map[string]any)
			v = m[k]
		}
		if prefix, ok := tc.want.(string); ok {
			if s, _ := v.(string); !strings.HasPrefix(s, prefix) {
				t.Errorf("%s = %q, want it to start %q", tc.path, v, prefix)
			}
			continue
		}
		if diff := cmp.Diff(tc.want, v); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.path, diff)
		}
	}
	// Kubernetes' code-generator markers ("+optional", "+listType=map")
	// are not for a model.
	snapshot, err := os.ReadFile("mcp_tools.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, marker := range []string{"+optional", "+listType", "+k8s:", "+featureGate", "+enum"} {
		if strings.Contains(string(snapshot), marker) {
			t.Errorf("mcp_tools.json has the marker %q in a description", marker)
		}
	}
}

// viewBudget is what a tool with a view may take in tools/list.
const viewBudget = 1000

// TestWithinBudget checks that the example's tools, cut down by depth=,
// descriptions= and view=, each take less than the default budget in
// tools/list (less than viewBudget with a view), while TestCallEveryTool and TestStrictTypeScriptClient
// validate real objects against those smaller schemas.
func TestWithinBudget(t *testing.T) {
	for name, tool := range listTools(t, connect(t)) {
		m, err := budget.MeasureTool(tool)
		if err != nil {
			t.Fatal(err)
		}
		if m.Total.Tokens > budget.DefaultBudget {
			t.Errorf("%s: %d tokens in tools/list, over the budget of %d", name, m.Total.Tokens, budget.DefaultBudget)
		}
		if analyzed(t)[name].View != nil && m.Total.Tokens >= viewBudget {
			t.Errorf("%s: %d tokens in tools/list; a tool with a view should take fewer than %d", name, m.Total.Tokens, viewBudget)
		}
	}
}

// TestStrictTypeScriptClient lists and calls every tool with the
// TypeScript SDK's client, which rejects the whole tools/list if a schema
// is not what it expects and validates every structuredContent against its
// outputSchema.
func TestStrictTypeScriptClient(t *testing.T) {
	var list []map[string]any
	for _, c := range calls {
		list = append(list, map[string]any{"name": c.tool, "arguments": c.args})
	}
	list = append(list, map[string]any{"name": "get_deployment", "arguments": map[string]any{"namespace": "default", "name": "api"}, "expectError": true})
	data, err := filepath.Abs("testdata") // client.mjs runs in the interop directory
	if err != nil {
		t.Fatal(err)
	}
	lines, err := interop.Run(t, string(mustJSON(t, list)), serverBinary, "-data", data)
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != len(list)+1 {
		t.Fatalf("got %d lines, want the tool list and %d calls:\n%s", len(lines), len(list), strings.Join(lines, "\n"))
	}
	// The client validated each structuredContent against its tool's
	// outputSchema (the view's, for a tool with one); it must also be
	// what the tool returned, pruned to the view.
	store, err := Open("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range calls {
		var got struct {
			StructuredContent json.RawMessage
		}
		if err := json.Unmarshal([]byte(lines[i+1]), &got); err != nil {
			t.Fatal(err)
		}
		v, err := c.value(store)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(decode(t, structured(t, c, v)), decode(t, got.StructuredContent)); diff != "" {
			t.Errorf("%s%v through the TypeScript client (-want +got):\n%s", c.tool, c.args, diff)
		}
		if c.tool == "get_pod" && c.args["name"] == "web-7c5ddbdf54-x8kqz" {
			var pod corev1.Pod
			if err := json.Unmarshal(got.StructuredContent, &pod); err != nil {
				t.Fatal(err)
			}
			if cpu := pod.Spec.Containers[0].Resources.Limits.Cpu().String(); cpu != "500m" {
				t.Errorf("get_pod through the TypeScript client: cpu limit %q, want 500m", cpu)
			}
		}
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func decode(t *testing.T, data []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("%v: %s", err, data)
	}
	return v
}
