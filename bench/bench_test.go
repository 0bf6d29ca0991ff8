package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcptag/mcptag/bench/internal/corpusgen"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var impl = &mcp.Implementation{Name: "bench", Version: "v0.0.1"}

// A registered tool, as the server holds it after registration.
type registered struct {
	tool    *mcp.Tool
	handler mcp.ToolHandler
}

// serverTools returns the tools registered on s, sorted by name. The
// go-sdk does not export them, and the handler that mcp.AddTool builds
// around a typed function (decoding, validation, result marshalling) is
// only reachable this way: this reads the server's unexported tool set.
func serverTools(s *mcp.Server) []registered {
	unexported := func(v reflect.Value) reflect.Value {
		return reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
	}
	set := unexported(reflect.ValueOf(s).Elem().FieldByName("tools")).Elem() // featureSet[*serverTool]
	features := unexported(set.FieldByName("features"))                      // map[string]*serverTool
	var out []registered
	for it := features.MapRange(); it.Next(); {
		st := it.Value().Elem()
		out = append(out, registered{
			tool:    unexported(st.FieldByName("tool")).Interface().(*mcp.Tool),
			handler: unexported(st.FieldByName("handler")).Interface().(mcp.ToolHandler),
		})
	}
	slices.SortFunc(out, func(a, b registered) int { return strings.Compare(a.tool.Name, b.tool.Name) })
	return out
}

// generatedTools are the tools as mcptag's RegisterTools registers them:
// schemas as json.RawMessage.
var generatedTools = sync.OnceValue(func() []registered {
	s := mcp.NewServer(impl, nil)
	registerTools(s)
	return serverTools(s)
})

// schemaTools are the same tools and handlers with the same schemas
// unmarshalled once into *jsonschema.Schema: the alternative
// representation the generated code could use.
var schemaTools = sync.OnceValue(func() []registered { return convert(true, true) })

// mixedTools have their input schemas as *jsonschema.Schema and their
// output schemas as json.RawMessage.
var mixedTools = sync.OnceValue(func() []registered { return convert(true, false) })

func convert(in, out bool) []registered {
	var res []registered
	for _, r := range generatedTools() {
		t := *r.tool
		if in {
			t.InputSchema = toSchema(t.InputSchema)
		}
		if out && t.OutputSchema != nil {
			t.OutputSchema = toSchema(t.OutputSchema)
		}
		res = append(res, registered{&t, r.handler})
	}
	return res
}

func toSchema(v any) *jsonschema.Schema {
	s := new(jsonschema.Schema)
	if err := json.Unmarshal(v.(json.RawMessage), s); err != nil {
		panic(err)
	}
	return s
}

// addToolCache is the SchemaCache shared by every server of the
// impl=addtool-cache runs, as a stateless HTTP server shares one across
// requests. It is warm after the first registration.
var addToolCache = mcp.NewSchemaCache()

// An impl is one way of registering the corpus on a new server.
type impl_ struct {
	name     string
	server   func() *mcp.Server
	register func(*mcp.Server)
}

// registerLoop registers precomputed tools, copying each *mcp.Tool as the
// generated code allocates one per registration.
func registerLoop(tools func() []registered) func(*mcp.Server) {
	return func(s *mcp.Server) {
		for _, r := range tools() {
			t := *r.tool
			s.AddTool(&t, r.handler)
		}
	}
}

func newServer() *mcp.Server { return mcp.NewServer(impl, nil) }

// stub passes (*mcp.Server).AddTool's schema checks at the cost of a
// field read.
var stub = &jsonschema.Schema{Type: "object"}

// registerSwap registers each tool with stub schemas, then puts the
// json.RawMessage schemas in their place. It relies on the go-sdk keeping
// the *mcp.Tool it was given (true of v1.8.0, not documented), is a data
// race if the server is already serving, and hides any x-mcp-header
// annotation from the go-sdk: measured here as the bound on what the
// schema representation can win at registration, not as a proposal.
func registerSwap(s *mcp.Server) {
	for _, r := range generatedTools() {
		t := *r.tool
		in, out := t.InputSchema, t.OutputSchema
		t.InputSchema = stub
		if out != nil {
			t.OutputSchema = stub
		}
		s.AddTool(&t, r.handler)
		t.InputSchema, t.OutputSchema = in, out
	}
}

var (
	// mcptag's generated code, as committed: json.RawMessage schemas.
	implGenerated = impl_{"generated", newServer, registerTools}
	// The same tools, handlers and schemas as *jsonschema.Schema values.
	implSchema = impl_{"generated-schema", newServer, registerLoop(schemaTools)}
	// The same json.RawMessage tools through the same loop as
	// generated-schema, so that the two representations differ in nothing else.
	implRawLoop = impl_{"generated-rawloop", newServer, registerLoop(generatedTools)}
	// Input schemas as *jsonschema.Schema, output schemas as json.RawMessage.
	implMixed = impl_{"generated-mixed", newServer, registerLoop(mixedTools)}
	// json.RawMessage schemas swapped in after registration.
	implSwap = impl_{"generated-swap", newServer, registerSwap}
	// The go-sdk's generic mcp.AddTool, schemas by reflection.
	implAddTool = impl_{"addtool", newServer, registerWithAddTool}
	// The same with ServerOptions.SchemaCache, warm.
	implAddToolCache = impl_{"addtool-cache", func() *mcp.Server {
		return mcp.NewServer(impl, &mcp.ServerOptions{SchemaCache: addToolCache})
	}, registerWithAddTool}
)

var (
	registerImpls = []impl_{implGenerated, implAddTool, implAddToolCache, implSchema, implRawLoop, implMixed, implSwap}
	listImpls     = []impl_{implGenerated, implAddTool, implAddToolCache, implSchema, implMixed}
	callImpls     = []impl_{implGenerated, implAddTool, implAddToolCache}
)

func (im impl_) newRegistered() *mcp.Server {
	s := im.server()
	im.register(s)
	return s
}

// connect connects a go-sdk client to s over in-memory transports.
func connect(tb testing.TB, s *mcp.Server) *mcp.ClientSession {
	tb.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		tb.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v0.0.1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { cs.Close(); ss.Wait() })
	return cs
}

// rawClient speaks JSON-RPC to a server without the go-sdk client, which
// decodes and checks every tool schema it receives: with it, tools/list
// measures the server's side and the transport only.
type rawClient struct {
	conn mcp.Connection
	id   int64
}

func connectRaw(tb testing.TB, s *mcp.Server) *rawClient {
	tb.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		tb.Fatal(err)
	}
	conn, err := ct.Connect(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { conn.Close(); ss.Wait() })
	c := &rawClient{conn: conn}
	c.call(tb, "initialize", `{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"v0.0.1"}}`)
	if err := conn.Write(ctx, &jsonrpc.Request{Method: "notifications/initialized", Params: json.RawMessage(`{}`)}); err != nil {
		tb.Fatal(err)
	}
	return c
}

// call sends one request and returns the result's bytes.
func (c *rawClient) call(tb testing.TB, method, params string) json.RawMessage {
	ctx := context.Background()
	c.id++
	id, _ := jsonrpc.MakeID(float64(c.id))
	if err := c.conn.Write(ctx, &jsonrpc.Request{ID: id, Method: method, Params: json.RawMessage(params)}); err != nil {
		tb.Fatal(err)
	}
	for {
		msg, err := c.conn.Read(ctx)
		if err != nil {
			tb.Fatal(err)
		}
		if resp, ok := msg.(*jsonrpc.Response); ok {
			if resp.Error != nil {
				tb.Fatal(resp.Error)
			}
			return resp.Result
		}
	}
}

// The tools called, with their arguments: one taking an argument struct
// (the go-sdk's shape), one taking plain parameters.
var calls = []struct{ tool, args string }{
	{"list_invoice_20", `{"page":{"limit":2},"status":"active","tags":["overdue"],"sort_by":"name"}`},
	{"get_invoice_0", `{"id":"inv-42","includeAudit":true}`},
}

func lookup(tools []registered, name string) mcp.ToolHandler {
	for _, r := range tools {
		if r.tool.Name == name {
			return r.handler
		}
	}
	panic("no tool " + name)
}

// BenchmarkRegister registers all the corpus's tools on a new server, as a
// stateless HTTP server does for every request.
func BenchmarkRegister(b *testing.B) {
	for _, im := range registerImpls {
		im.newRegistered() // warm the schema cache and the sync.Onces
		b.Run("impl="+im.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				im.newRegistered()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/corpusN, "ns/tool")
		})
	}
}

// BenchmarkListMarshal is the server's own work for tools/list: the JSON
// encoding of all N tools as they are registered.
func BenchmarkListMarshal(b *testing.B) {
	for _, im := range listImpls {
		var tools []*mcp.Tool
		for _, r := range serverTools(im.newRegistered()) {
			tools = append(tools, r.tool)
		}
		res := &mcp.ListToolsResult{Tools: tools}
		b.Run("impl="+im.name, func(b *testing.B) {
			b.ReportAllocs()
			var size int
			for b.Loop() {
				data, err := json.Marshal(res)
				if err != nil {
					b.Fatal(err)
				}
				size = len(data)
			}
			b.ReportMetric(float64(size), "wire-bytes")
		})
	}
}

// BenchmarkListTools lists all N tools through a go-sdk client connected
// over in-memory transports (client=sdk), and through a raw JSON-RPC client
// that leaves the result undecoded (client=raw).
func BenchmarkListTools(b *testing.B) {
	ctx := context.Background()
	for _, im := range listImpls {
		b.Run("client=sdk/impl="+im.name, func(b *testing.B) {
			cs := connect(b, im.newRegistered())
			b.ReportAllocs()
			for b.Loop() {
				res, err := cs.ListTools(ctx, nil)
				if err != nil {
					b.Fatal(err)
				}
				if len(res.Tools) != corpusN {
					b.Fatalf("listed %d tools, want %d", len(res.Tools), corpusN)
				}
			}
		})
	}
	for _, im := range listImpls {
		b.Run("client=raw/impl="+im.name, func(b *testing.B) {
			c := connectRaw(b, im.newRegistered())
			b.ReportAllocs()
			for b.Loop() {
				c.call(b, "tools/list", `{}`)
			}
		})
	}
}

// BenchmarkCallTool calls one tool through a go-sdk client connected over
// in-memory transports.
func BenchmarkCallTool(b *testing.B) {
	ctx := context.Background()
	for _, c := range calls {
		for _, im := range callImpls {
			b.Run("tool="+c.tool+"/impl="+im.name, func(b *testing.B) {
				cs := connect(b, im.newRegistered())
				params := &mcp.CallToolParams{Name: c.tool, Arguments: json.RawMessage(c.args)}
				b.ReportAllocs()
				for b.Loop() {
					res, err := cs.CallTool(ctx, params)
					if err != nil || res.IsError {
						b.Fatal(err, res)
					}
				}
			})
		}
	}
}

// BenchmarkHandler calls the registered handler of one tool directly, as
// the server does once it has decoded the request: argument decoding and
// checking, the tool function, and building the result.
func BenchmarkHandler(b *testing.B) {
	ctx := context.Background()
	for _, c := range calls {
		for _, im := range callImpls {
			b.Run("tool="+c.tool+"/impl="+im.name, func(b *testing.B) {
				h := lookup(serverTools(im.newRegistered()), c.tool)
				req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: c.tool, Arguments: json.RawMessage(c.args)}}
				b.ReportAllocs()
				for b.Loop() {
					res, err := h(ctx, req)
					if err != nil || res.IsError {
						b.Fatal(err, res)
					}
				}
			})
		}
	}
}

// BenchmarkSchemaCheck decomposes the part of (*mcp.Server).AddTool that depends on
// the schema representation, for every tool of the corpus: for
// json.RawMessage, a remarshal of each schema into a map to check
// "type":"object" (input) and that it is JSON (output); for
// *jsonschema.Schema, a field read. Both also pay a remarshal of the input
// schema looking for x-mcp-header annotations, measured here as
// header-scan. It decodes with encoding/json; the go-sdk decodes with
// github.com/segmentio/encoding/json, which is faster, so these are upper
// bounds: BenchmarkRegister measures the real thing.
func BenchmarkSchemaCheck(b *testing.B) {
	for _, rep := range []struct {
		name  string
		tools func() []registered
	}{{"raw", generatedTools}, {"schema", schemaTools}} {
		tools := rep.tools()
		b.Run("rep="+rep.name+"/step=type-check", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, r := range tools {
					if s, ok := r.tool.InputSchema.(*jsonschema.Schema); ok {
						_ = s.Type == "object"
						continue
					}
					var m map[string]any
					remarshal(b, r.tool.InputSchema, &m)
					if r.tool.OutputSchema != nil {
						var v any
						remarshal(b, r.tool.OutputSchema, &v)
					}
				}
			}
		})
		b.Run("rep="+rep.name+"/step=header-scan", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, r := range tools {
					// The go-sdk ignores the error that every
					// "type":["array","null"] property causes.
					var h headerScan
					data, err := json.Marshal(r.tool.InputSchema)
					if err != nil {
						b.Fatal(err)
					}
					_ = json.Unmarshal(data, &h)
				}
			}
		})
	}
}

// headerScan is what the go-sdk decodes from every input schema at
// registration, looking for x-mcp-header annotations.
type headerScan struct {
	Type       string                `json:"type"`
	XMCPHeader json.RawMessage       `json:"x-mcp-header,omitempty"`
	Properties map[string]headerScan `json:"properties,omitempty"`
}

// remarshal is the go-sdk's: marshal, then unmarshal into to.
func remarshal(tb testing.TB, from, to any) {
	data, err := json.Marshal(from)
	if err != nil {
		tb.Fatal(err)
	}
	if err := json.Unmarshal(data, to); err != nil {
		tb.Fatal(err)
	}
}

// TestCorpus registers the corpus every way, lists its tools, and calls two
// of them, checking that the ways agree: it keeps the benchmarks honest and
// runs in go test ./... .
func TestCorpus(t *testing.T) {
	ctx := context.Background()
	structured := map[string]map[string]any{} // tool -> impl -> structuredContent
	listed := map[string][]*mcp.Tool{}
	for _, im := range []impl_{implGenerated, implAddTool, implAddToolCache, implSchema, implSwap} {
		cs := connect(t, im.newRegistered())
		res, err := cs.ListTools(ctx, nil)
		if err != nil {
			t.Fatalf("%s: %v", im.name, err)
		}
		if len(res.Tools) != corpusN {
			t.Errorf("%s: listed %d tools, want %d", im.name, len(res.Tools), corpusN)
		}
		listed[im.name] = res.Tools
		for _, c := range calls {
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: json.RawMessage(c.args)})
			if err != nil {
				t.Fatalf("%s: %s: %v", im.name, c.tool, err)
			}
			if res.IsError {
				t.Fatalf("%s: %s: tool error: %v", im.name, c.tool, res.Content)
			}
			if structured[c.tool] == nil {
				structured[c.tool] = map[string]any{}
			}
			structured[c.tool][im.name] = res.StructuredContent
		}
	}
	for tool, byImpl := range structured {
		want := byImpl[implGenerated.name]
		if want == nil {
			t.Errorf("%s: generated: no structured content", tool)
		}
		for name, got := range byImpl {
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: structured content of %s differs from generated:\n%v\n%v", tool, name, got, want)
			}
		}
	}
	// The other representations must list the same schemas as the
	// json.RawMessage one, to be candidates.
	gen := listed[implGenerated.name]
	for _, im := range []impl_{implSchema, implSwap} {
		other := listed[im.name]
		for i := range min(len(gen), len(other)) {
			if !reflect.DeepEqual(gen[i], other[i]) {
				g, _ := json.Marshal(gen[i])
				o, _ := json.Marshal(other[i])
				t.Errorf("tool %s: %s lists it differently:\n%s\n%s", gen[i].Name, im.name, o, g)
				break
			}
		}
	}
}

// TestSchemaRepresentationHazard records why a *jsonschema.Schema
// representation needs care: jsonschema-go prints the empty schema as
// true, which strict clients reject in tools/list (docs/types.md).
func TestSchemaRepresentationHazard(t *testing.T) {
	raw := `{"type":"object","properties":{"payload":{}}}`
	s := new(jsonschema.Schema)
	if err := json.Unmarshal([]byte(raw), s); err != nil {
		t.Fatal(err)
	}
	got, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"type":"object","properties":{"payload":true}}`; string(got) != want {
		t.Logf("jsonschema-go now marshals %s as %s (was %s): the hazard may be gone", raw, got, want)
	}
}

// TestCorpusSourcesFresh checks that the corpus's hand-off files are what
// corpusgen writes today; mcptag -check ./... covers the files mcptag writes.
func TestCorpusSourcesFresh(t *testing.T) {
	files, err := corpusgen.Files(corpusDir, corpusN)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range files {
		got, err := os.ReadFile(filepath.Join(corpusDir, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s/%s is stale: run %s", corpusDir, name, regenerate)
		}
	}
}

// TestCorpusHasEveryKind checks that the corpus registers a tool of every
// kind corpusgen's catalogue has, each resource with each verb, so that
// the tests see every argument and result shape the 600-tool corpus has.
func TestCorpusHasEveryKind(t *testing.T) {
	registered := map[string]bool{}
	for _, r := range generatedTools() {
		if i := strings.LastIndexByte(r.tool.Name, '_'); i >= 0 {
			registered[r.tool.Name[:i]] = true
		}
	}
	for _, kind := range corpusgen.Kinds() {
		if !registered[kind] {
			t.Errorf("no %s_* tool in %s: raise its -n and run %s", kind, corpusDir, regenerate)
		}
	}
}
