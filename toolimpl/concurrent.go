package toolimpl

// Forms a tool asks at once: two goroutines of a tool each call an
// Elicit<Type>, each gets a *toolrt.InputRequired, and the tool returns
// them joined. Their requests go to the client in one round, and the
// round's request state names each, so that the call with the answers
// finds every one.

import (
	"errors"

	"github.com/mcptag/mcptag/internal/rtlink"
	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// formsAsked returns the result that asks for the forms in err's tree,
// and whether there are any.
func formsAsked(err error) (*mcp.CallToolResult, bool) {
	var asked []error
	eachError(err, func(e error) {
		if _, _, _, ok := rtlink.FormOf(e); ok {
			asked = append(asked, e)
		}
	})
	switch len(asked) {
	case 0:
		return nil, false
	case 1:
		return asked[0].(*toolrt.InputRequired).Result(), true
	}
	if res, err := mergeForms(asked); err == nil {
		return res, true
	}
	return asked[0].(*toolrt.InputRequired).Result(), true // the others are asked next round
}

// eachError calls f with err and each error it wraps, depth first.
func eachError(err error, f func(error)) {
	if err == nil {
		return
	}
	f(err)
	switch u := err.(type) {
	case interface{ Unwrap() error }:
		eachError(u.Unwrap(), f)
	case interface{ Unwrap() []error }:
		for _, e := range u.Unwrap() {
			eachError(e, f)
		}
	}
}

// mergeForms is the result that asks for the forms of asked, each a
// *toolrt.InputRequired of the same call, in one round: their requests,
// and a request state that names every form asked, signed anew. A form
// whose request key another one took already (a form with key= asked
// twice) is left to the next round.
func mergeForms(asked []error) (*mcp.CallToolResult, error) {
	_, _, form, _ := rtlink.FormOf(asked[0])
	first, ok := form.(*pendingForm)
	if !ok {
		return nil, errors.New("not a form of toolimpl's")
	}
	st := first.st
	requests := mcp.InputRequestMap{}
	for i, e := range asked {
		key, params, form, _ := rtlink.FormOf(e)
		pf, ok := form.(*pendingForm)
		if _, taken := requests[key]; !ok || taken {
			continue
		}
		requests[key] = params
		if i > 0 {
			st.More = append(st.More, askedForm{pf.st.Asked, pf.st.AskedAs})
		}
	}
	state, err := signState(first.params, st)
	if err != nil {
		return nil, err
	}
	return &mcp.CallToolResult{InputRequests: requests, RequestState: state}, nil
}
