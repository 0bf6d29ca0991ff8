// Package profile fits a tool's input schema to what model providers
// accept as a function's parameters (docs/profiles.md): OpenAI's strict
// function calling, Gemini's OpenAPI-subset parameters and Anthropic's
// input_schema. One table (keywords) says which JSON Schema keyword each
// provider carries; a keyword a named provider cannot carry moves into
// the schema's description in words, and a construct a provider cannot
// express at all is a Problem at its declaration. The generated handler
// checks the arguments by the Go declaration, not by the schema, so what
// moves into words is still enforced.
package profile

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcptag/mcptag/internal/suggest"
)

// A Provider is a model provider whose rules a profile follows.
type Provider string

// The providers, in the order a Set lists them.
const (
	OpenAI    Provider = "openai"
	Gemini    Provider = "gemini"
	Anthropic Provider = "anthropic"
)

// Providers lists every provider, in order.
var Providers = []Provider{OpenAI, Gemini, Anthropic}

// what says in a few words which of the provider's interfaces its rules
// are those of, for messages.
func (p Provider) what() string {
	switch p {
	case OpenAI:
		return "OpenAI strict function calling"
	case Gemini:
		return "Gemini function parameters"
	}
	return "Anthropic input_schema"
}

// A Set is the providers a schema must satisfy. Its zero value names
// none, and changes nothing. As a flag.Value it reads and prints a
// comma-separated list ("openai,gemini"), always in the order of
// Providers, so that a recorded option has one spelling.
type Set struct{ list []Provider }

// NewSet returns the set of ps.
func NewSet(ps ...Provider) Set {
	var s Set
	for _, p := range Providers {
		if slices.Contains(ps, p) {
			s.list = append(s.list, p)
		}
	}
	return s
}

// Has reports whether s names p.
func (s Set) Has(p Provider) bool { return slices.Contains(s.list, p) }

// IsZero reports whether s names no provider.
func (s Set) IsZero() bool { return len(s.list) == 0 }

// List returns the providers of s, in order.
func (s Set) List() []Provider { return slices.Clone(s.list) }

// String lists s as -profile takes it.
func (s *Set) String() string {
	if s == nil {
		return ""
	}
	names := make([]string, len(s.list))
	for i, p := range s.list {
		names[i] = string(p)
	}
	return strings.Join(names, ",")
}

// Set reads a comma-separated list of providers; "" names none. An
// unknown name is an error that suggests the closest one.
func (s *Set) Set(v string) error {
	var ps []Provider
	names := make([]string, len(Providers))
	for i, p := range Providers {
		names[i] = string(p)
	}
	for _, name := range strings.Split(v, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		if !slices.Contains(names, name) {
			msg := fmt.Sprintf("unknown provider %q", name)
			if c := suggest.Closest(name, names); c != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", c)
			}
			return fmt.Errorf("%s; providers are %s", msg, strings.Join(names, ", "))
		}
		ps = append(ps, Provider(name))
	}
	*s = NewSet(ps...)
	return nil
}
