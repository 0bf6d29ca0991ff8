package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcptag/mcptag/internal/budget"
	"github.com/mcptag/mcptag/internal/interop"
	"github.com/mcptag/mcptag/toolimpl"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// The benchmarks of views (BENCHMARKS.md, "Views"): what it costs to send
// a real Pod and a page of real issues whole, and their views, by the
// generated writer and by the other design it was measured against, a
// generated projection type and a converter whose value encoding/json
// marshals. Each makes the whole tools/call result, text content
// included, as the generated handler does.

// benchPod is the fixture's Pod.
func benchPod(b *testing.B) corev1.Pod {
	store, err := Open("testdata")
	if err != nil {
		b.Fatal(err)
	}
	return store.pods["default/web-7c5ddbdf54-x8kqz"]
}

func BenchmarkViewPod(b *testing.B) {
	pod := benchPod(b)
	for _, bc := range []struct {
		name   string
		result func() *mcp.CallToolResult
	}{
		{"full", func() *mcp.CallToolResult { return toolimpl.Object("get_pod", pod) }},
		{"writer", func() *mcp.CallToolResult {
			return toolimpl.ViewObject("get_pod", &pod, mcptagStoreGetPodWrite, nil)
		}},
		{"projection", func() *mcp.CallToolResult { return toolimpl.Object("get_pod", projectPod(&pod)) }},
		{"writer-text", func() *mcp.CallToolResult {
			return toolimpl.ViewText("get_pod", &pod, mcptagStoreGetPodWrite, nil)
		}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(resultBytes(bc.result()))
			for b.Loop() {
				bc.result()
			}
		})
	}
}

// resultBytes is the size of a result's JSON: its structuredContent, or
// for a text-only result its text.
func resultBytes(res *mcp.CallToolResult) int64 {
	if sc, ok := res.StructuredContent.(json.RawMessage); ok {
		return int64(len(sc))
	}
	return int64(len(res.Content[0].(*mcp.TextContent).Text))
}

func BenchmarkViewIssues(b *testing.B) {
	store, err := Open("testdata")
	if err != nil {
		b.Fatal(err)
	}
	issues := store.issues["octocat/Hello-World"]
	sel, err := mcptagStoreListIssuesView.Select(json.RawMessage(`{"fields":["number","title"]}`))
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name   string
		result func() *mcp.CallToolResult
	}{
		{"full", func() *mcp.CallToolResult { return toolimpl.Slice("list_issues", issues) }},
		{"writer", func() *mcp.CallToolResult {
			return toolimpl.ViewSlice("list_issues", issues, mcptagStoreListIssuesWrite, nil)
		}},
		{"writer-fields", func() *mcp.CallToolResult {
			return toolimpl.ViewSlice("list_issues", issues, mcptagStoreListIssuesWrite, sel)
		}},
		{"writer-text", func() *mcp.CallToolResult {
			return toolimpl.ViewSliceText("list_issues", issues, mcptagStoreListIssuesWrite, nil)
		}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(resultBytes(bc.result()))
			for b.Loop() {
				bc.result()
			}
		})
	}
}

// TestPodProjectionIsTheView checks that the projection the benchmark
// measures writes what the generated writer writes, so that the two
// designs are compared on the same output.
func TestPodProjectionIsTheView(t *testing.T) {
	store, err := Open("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, pod := range []corev1.Pod{store.pods["default/web-7c5ddbdf54-x8kqz"], {}} {
		view := toolimpl.ViewObject("get_pod", &pod, mcptagStoreGetPodWrite, nil).StructuredContent.(json.RawMessage)
		proj := toolimpl.Object("get_pod", projectPod(&pod)).StructuredContent.(json.RawMessage)
		if !bytes.Equal(view, proj) {
			t.Errorf("projection %s\nwriter     %s", proj, view)
		}
	}
}

// The projection design, written out as its generator would write it for
// get_pod's view: a type per object on the view's paths, with the fields
// on them and their json tags, and a converter. It is exact for this
// view, but a call's fields argument cannot drop a property without
// omitempty from it: that needs a type per selection.

type podView struct {
	Metadata podMetaView   `json:"metadata"`
	Spec     podSpecView   `json:"spec,omitempty"`
	Status   podStatusView `json:"status,omitempty"`
}

type podMetaView struct {
	Name              string            `json:"name,omitempty"`
	Namespace         string            `json:"namespace,omitempty"`
	CreationTimestamp metav1.Time       `json:"creationTimestamp,omitempty,omitzero"`
	Labels            map[string]string `json:"labels,omitempty"`
}

type podSpecView struct {
	Containers []containerView `json:"containers"`
	NodeName   string          `json:"nodeName,omitempty"`
}

type containerView struct {
	Name      string        `json:"name"`
	Image     string        `json:"image,omitempty"`
	Ports     []portView    `json:"ports,omitempty"`
	Resources resourcesView `json:"resources,omitempty"`
}

type portView struct {
	ContainerPort int32 `json:"containerPort"`
}

type resourcesView struct {
	Limits   map[corev1.ResourceName]resource.Quantity `json:"limits,omitempty"`
	Requests map[corev1.ResourceName]resource.Quantity `json:"requests,omitempty"`
}

type podStatusView struct {
	Phase             corev1.PodPhase       `json:"phase,omitempty"`
	Conditions        []conditionView       `json:"conditions,omitempty"`
	PodIP             string                `json:"podIP,omitempty"`
	StartTime         *metav1.Time          `json:"startTime,omitempty"`
	ContainerStatuses []containerStatusView `json:"containerStatuses,omitempty"`
}

type conditionView struct {
	Type   corev1.PodConditionType `json:"type"`
	Status corev1.ConditionStatus  `json:"status"`
}

type containerStatusView struct {
	Name         string `json:"name"`
	Ready        bool   `json:"ready"`
	RestartCount int32  `json:"restartCount"`
}

func projectPod(p *corev1.Pod) *podView {
	v := &podView{
		Metadata: podMetaView{Name: p.Name, Namespace: p.Namespace, CreationTimestamp: p.CreationTimestamp, Labels: p.Labels},
		Spec:     podSpecView{NodeName: p.Spec.NodeName},
		Status:   podStatusView{Phase: p.Status.Phase, PodIP: p.Status.PodIP, StartTime: p.Status.StartTime},
	}
	if p.Spec.Containers != nil {
		v.Spec.Containers = make([]containerView, len(p.Spec.Containers))
		for i := range p.Spec.Containers {
			c := &p.Spec.Containers[i]
			cv := &v.Spec.Containers[i]
			cv.Name, cv.Image = c.Name, c.Image
			cv.Resources = resourcesView{Limits: c.Resources.Limits, Requests: c.Resources.Requests}
			if c.Ports != nil {
				cv.Ports = make([]portView, len(c.Ports))
				for j := range c.Ports {
					cv.Ports[j].ContainerPort = c.Ports[j].ContainerPort
				}
			}
		}
	}
	if p.Status.Conditions != nil {
		v.Status.Conditions = make([]conditionView, len(p.Status.Conditions))
		for i, c := range p.Status.Conditions {
			v.Status.Conditions[i] = conditionView{c.Type, c.Status}
		}
	}
	if p.Status.ContainerStatuses != nil {
		v.Status.ContainerStatuses = make([]containerStatusView, len(p.Status.ContainerStatuses))
		for i, c := range p.Status.ContainerStatuses {
			v.Status.ContainerStatuses[i] = containerStatusView{c.Name, c.Ready, c.RestartCount}
		}
	}
	return v
}

// TestViewTokens logs what the fixtures' results cost a model that reads
// them (go test -run ViewTokens -v), for BENCHMARKS.md: the tokens of
// each result's text contents, whole and through the tool's view, as
// mcptag stats estimates them and as o200k counts them. A view must cost
// less than the whole.
func TestViewTokens(t *testing.T) {
	store, err := Open("testdata")
	if err != nil {
		t.Fatal(err)
	}
	pod := store.pods["default/web-7c5ddbdf54-x8kqz"]
	deployment := store.deployments["default/web"]
	issues := store.issues["octocat/Hello-World"]
	pull := store.pulls["octocat/Hello-World#1347"]
	few, err := mcptagStoreListIssuesView.Select(json.RawMessage(`{"fields":["number","title","state"]}`))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name        string
		whole, view *mcp.CallToolResult
	}{
		{"a Pod (get_pod)", toolimpl.Object("get_pod", pod), toolimpl.ViewObject("get_pod", &pod, mcptagStoreGetPodWrite, nil)},
		{"a Deployment (get_deployment)", toolimpl.Object("get_deployment", deployment),
			toolimpl.ViewObject("get_deployment", &deployment, mcptagStoreGetDeploymentWrite, nil)},
		{"a page of 2 issues (list_issues)", toolimpl.Slice("list_issues", issues),
			toolimpl.ViewSlice("list_issues", issues, mcptagStoreListIssuesWrite, nil)},
		{"the same, fields number, title, state", toolimpl.Slice("list_issues", issues),
			toolimpl.ViewSlice("list_issues", issues, mcptagStoreListIssuesWrite, few)},
		{"a pull request (get_pull_request)", toolimpl.Object("get_pull_request", pull),
			toolimpl.ViewObject("get_pull_request", pull, mcptagStoreGetPullRequestWrite, nil)},
	}
	var texts []string
	for _, c := range cases {
		texts = append(texts, contentText(c.whole), contentText(c.view))
	}
	real := interop.Tokens(t, texts)
	for i, c := range cases {
		whole, view := texts[2*i], texts[2*i+1]
		t.Logf("%-38s whole %6d (o200k %6d)  view %5d (o200k %5d)", c.name,
			budget.Tokens(whole), real[2*i], budget.Tokens(view), real[2*i+1])
		if real[2*i+1] >= real[2*i] {
			t.Errorf("%s: the view costs %d tokens, the whole %d", c.name, real[2*i+1], real[2*i])
		}
	}
}

// contentText is the text a model reads of a result: its text contents.
func contentText(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		b.WriteString(c.(*mcp.TextContent).Text)
	}
	return b.String()
}
