package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The multi round-trip tools of SEP-2322 (protocol 2026-07-28). Those
// whose forms are mcptag's (Elicit<Type>) leave the input requests and
// the request state to toolrt, a form's key= naming its request where a
// scenario fixes the key; those that ask for sampling or roots, which
// have no directive, return the input requests from the go-sdk handler's
// result.

// Confirm is a yes or no.
//
//mcp:elicit
type Confirm struct {
	OK bool `json:"ok"`
}

// InputRequiredRequestState round-trips the request state alongside a
// form.
//
//mcp:tool test_input_required_result_request_state structured=false
func InputRequiredRequestState(ctx context.Context, req *mcp.CallToolRequest) (string, error) {
	answer, ok, err := ElicitConfirm(ctx, req, "Please confirm")
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("state-ok: requestState received, confirmed=%t", ok && answer.OK), nil
}

// InputRequiredTamperedState refuses a retry whose request state fails
// verification.
//
//mcp:tool test_input_required_result_tampered_state structured=false
func InputRequiredTamperedState(ctx context.Context, req *mcp.CallToolRequest) (string, error) {
	answer, ok, err := ElicitConfirm(ctx, req, "Please confirm")
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("integrity-ok: state verified, confirmed=%t", ok && answer.OK), nil
}

// Name is a user's name.
//
//mcp:elicit
type Name struct {
	Name string `json:"name"`
}

// Color is a user's favorite color.
//
//mcp:elicit
type Color struct {
	Color string `json:"color"`
}

// InputRequiredMultiRound asks two forms in turn before it completes.
//
//mcp:tool test_input_required_result_multi_round structured=false
func InputRequiredMultiRound(ctx context.Context, req *mcp.CallToolRequest) (string, error) {
	name, _, err := ElicitName(ctx, req, "Step 1: What is your name?")
	if err != nil {
		return "", err
	}
	color, _, err := ElicitColor(ctx, req, "Step 2: What is your favorite color?")
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("Multi-round complete: %s likes %s", name.Name, color.Color), nil
}

// nameRequest asks for a name, as the suite's scenarios ask it.
func nameRequest() *mcp.ElicitParams {
	return &mcp.ElicitParams{Message: "What is your name?", RequestedSchema: map[string]any{
		"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}}, "required": []string{"name"},
	}}
}

// acceptedName is the name accepted in the answer to the input request
// key, or "".
func acceptedName(responses mcp.InputResponseMap, key string) string {
	res, ok := responses[key].(*mcp.ElicitResult)
	if !ok || res == nil || res.Action != "accept" {
		return ""
	}
	name, _ := res.Content["name"].(string)
	return name
}

// UserName is the caller's name, asked under the key the suite answers.
//
//mcp:elicit key=user_name
type UserName struct {
	Name string `json:"name"`
}

// InputRequiredElicitation asks for the caller's name with the input
// request user_name.
//
//mcp:tool test_input_required_result_elicitation structured=false
func InputRequiredElicitation(ctx context.Context, req *mcp.CallToolRequest) (string, error) {
	answer, ok, err := ElicitUserName(ctx, req, "What is your name?")
	if err != nil {
		return "", err
	}
	if !ok {
		return "Hello, whoever you are!", nil
	}
	return "Hello, " + answer.Name + "!", nil
}

// samplingRequest asks the client's model to answer prompt.
func samplingRequest(prompt string, maxTokens int64) *mcp.CreateMessageParams {
	return &mcp.CreateMessageParams{
		Messages:  []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: prompt}}},
		MaxTokens: maxTokens,
	}
}

// sampled is the first text of the sampling answer to the input request
// key, and whether there is one.
func sampled(responses mcp.InputResponseMap, key string) (string, bool) {
	res, ok := responses[key].(*mcp.CreateMessageWithToolsResult)
	if !ok || res == nil {
		return "", false
	}
	for _, c := range res.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			return t.Text, true
		}
	}
	return "(not text)", true
}

// InputRequiredSampling asks the client's model a question.
//
//mcp:tool test_input_required_result_sampling structured=false
func InputRequiredSampling(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, any, error) {
	if answer, ok := sampled(req.Params.InputResponses, "capital_question"); ok {
		return text("Sampling response: " + answer), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"capital_question": samplingRequest("What is the capital of France?", 100),
	}}, nil, nil
}

// rootURIs are the URIs of the roots answered to the input request key,
// and whether there is an answer.
func rootURIs(responses mcp.InputResponseMap, key string) ([]string, bool) {
	res, ok := responses[key].(*mcp.ListRootsResult)
	if !ok || res == nil {
		return nil, false
	}
	uris := []string{}
	for _, r := range res.Roots {
		uris = append(uris, r.URI)
	}
	return uris, true
}

// InputRequiredListRoots asks the client for its roots.
//
//mcp:tool test_input_required_result_list_roots structured=false
func InputRequiredListRoots(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, any, error) {
	if uris, ok := rootURIs(req.Params.InputResponses, "client_roots"); ok {
		return text(fmt.Sprintf("Client exposed %d root(s): %s", len(uris), strings.Join(uris, ", "))), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"client_roots": &mcp.ListRootsParams{}}}, nil, nil
}

// InputRequiredMultipleInputs asks for a form, a model's answer and the
// client's roots in one round.
//
//mcp:tool test_input_required_result_multiple_inputs structured=false
func InputRequiredMultipleInputs(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, any, error) {
	in := req.Params.InputResponses
	name := acceptedName(in, "user_name")
	greeting, greeted := sampled(in, "greeting")
	uris, rooted := rootURIs(in, "client_roots")
	if name != "" && greeted && rooted {
		return text(fmt.Sprintf("%s %s: %d root(s) visible", greeting, name, len(uris))), nil, nil
	}
	return &mcp.CallToolResult{
		InputRequests: mcp.InputRequestMap{
			"user_name":    nameRequest(),
			"greeting":     samplingRequest("Generate a greeting", 50),
			"client_roots": &mcp.ListRootsParams{},
		},
		RequestState: "multiple_inputs",
	}, nil, nil
}

// InputRequiredCapabilities asks only for the input that the client's
// declared capabilities cover.
//
//mcp:tool test_input_required_result_capabilities structured=false
func InputRequiredCapabilities(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) > 0 {
		return text("Capability-aware input requests fulfilled"), nil, nil
	}
	caps := req.ClientCapabilities()
	asks := mcp.InputRequestMap{}
	if caps != nil && caps.Elicitation != nil {
		asks["user_name"] = nameRequest()
	}
	if caps != nil && caps.Sampling != nil {
		asks["greeting"] = samplingRequest("Generate a short greeting", 50)
	}
	if caps != nil && (caps.RootsV2 != nil || caps.Roots.ListChanged) {
		asks["client_roots"] = &mcp.ListRootsParams{}
	}
	if len(asks) == 0 {
		return text("No declared client capability supports an input request"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: asks}, nil, nil
}

// text is the result of one text.
func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// InputRequiredPrompt asks for the prompt's context before it answers
// (an input request outside a tool call).
//
//mcp:prompt test_input_required_result_prompt
func InputRequiredPrompt(ctx context.Context, req *mcp.GetPromptRequest) *mcp.GetPromptResult {
	if res, ok := req.Params.InputResponses["user_context"].(*mcp.ElicitResult); ok && res != nil && res.Action == "accept" {
		context, _ := res.Content["context"].(string)
		return &mcp.GetPromptResult{
			Description: "A prompt with elicited context",
			Messages:    []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "Context: " + context}}},
		}
	}
	return &mcp.GetPromptResult{InputRequests: mcp.InputRequestMap{"user_context": &mcp.ElicitParams{
		Message: "What context should the prompt use?",
		RequestedSchema: map[string]any{
			"type": "object", "properties": map[string]any{"context": map[string]any{"type": "string"}}, "required": []string{"context"},
		},
	}}}
}
