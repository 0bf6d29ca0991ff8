package golangci

import (
	"errors"
	"fmt"

	"github.com/golangci/plugin-module-register/register"
	"github.com/mcptag/mcptag/lint"
	"golang.org/x/tools/go/analysis"
)

func init() {
	register.Plugin("mcptag", New)
}

// Settings are the plugin's settings, under
// linters.settings.custom.mcptag.settings in .golangci.yml. Each is
// optional and its zero value is mcptag lint's default, so that settings
// added later (a token budget, say) leave existing configurations as they
// are; an unknown key is an error, so a misspelled one is not ignored.
type Settings struct {
	// Fail names the categories reported, as mcptag lint's -fail; "all"
	// names every one. Absent, it is those that fail by default (see
	// lint.Config.Fail): advice is reported only when named.
	Fail []string `json:"fail"`
	// Closed and Titles are the generator's -closed and -titles, for the
	// stale check, set for every package on top of the options its
	// generated file records. Each package's file records how it was
	// generated, so these are rarely needed: leave them false.
	Closed bool `json:"closed"`
	Titles bool `json:"titles"`
	// Budget and PackageBudget are mcptag lint's -budget and
	// -budget-package: the tokens a tool's tools/list entry (0: 5,000)
	// and a package's tools (0: no limit) may take before a size finding,
	// which is advice, so reported only when fail names size.
	Budget        int `json:"budget"`
	PackageBudget int `json:"budget-package"`
	// Profile is mcptag lint's -profile: the model providers (openai,
	// gemini, anthropic) whose rules each tool's input schema is checked
	// against, as profile findings, which are advice, so reported only
	// when fail names profile.
	Profile []string `json:"profile"`
}

// New makes the plugin from its settings, as golangci-lint decoded them
// from its configuration.
func New(settings any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](settings)
	if err != nil {
		return nil, fmt.Errorf("mcptag: %w", err)
	}
	fail, err := failing(s.Fail)
	if err != nil {
		return nil, fmt.Errorf("mcptag: settings: fail: %w", err)
	}
	if s.Budget < 0 || s.PackageBudget < 0 {
		return nil, errors.New("mcptag: settings: budget and budget-package want a number of tokens, 0 or more")
	}
	profile, err := lint.ParseProfile(s.Profile)
	if err != nil {
		return nil, fmt.Errorf("mcptag: settings: profile: %w", err)
	}
	return plugin{lint.Config{
		Fail:          fail,
		Closed:        s.Closed,
		Titles:        s.Titles,
		OnlyFailing:   true, // golangci-lint has no warnings
		Budget:        s.Budget,
		PackageBudget: s.PackageBudget,
		Profile:       profile,
	}}, nil
}

// failing checks the categories of the fail setting and returns them as
// lint.Config.Fail takes them, "all" spelled out (lint.ParseFail). An
// empty list, which would silence the linter, is an error.
func failing(names []string) ([]string, error) {
	switch {
	case names == nil:
		return nil, nil
	case len(names) == 0:
		return nil, errors.New("an empty list reports nothing; leave fail out for the default set, or disable the linter")
	}
	return lint.ParseFail(names)
}

// A plugin builds the mcptag Analyzer for golangci-lint.
type plugin struct {
	cfg lint.Config
}

// BuildAnalyzers returns the one mcptag Analyzer, configured by the
// settings.
func (p plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{lint.New(p.cfg)}, nil
}

// GetLoadMode asks for type information: mcptag's analysis is of types.
func (plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
