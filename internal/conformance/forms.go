package main

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// UserInfo is what the elicitation tool asks its user for.
//
//mcp:elicit
type UserInfo struct {
	// User's response
	Username string `json:"username"`
	// User's email address
	Email string `json:"email"`
}

// Elicitation tests server-initiated elicitation (a user input request).
//   - message: the message to show the user
//
//mcp:tool test_elicitation structured=false
func Elicitation(ctx context.Context, req *mcp.CallToolRequest, message string) (string, error) {
	info, ok, err := ElicitUserInfo(ctx, req, message)
	if err != nil {
		return "", err
	}
	if !ok {
		return "User response: declined or cancelled", nil
	}
	return fmt.Sprintf("User response: accepted, username=%s, email=%s", info.Username, info.Email), nil
}

// Status is a user's status.
type Status string

// The statuses, untitled.
const (
	Active   Status = "active"
	Inactive Status = "inactive"
	Pending  Status = "pending"
)

// Defaults is a form with a default for each primitive type.
//
//mcp:elicit
type Defaults struct {
	// User name
	Name string `json:"name" jsonschema:"default=John Doe"`
	// User age
	Age int `json:"age" jsonschema:"default=30"`
	// User score
	Score float64 `json:"score" jsonschema:"default=95.5"`
	// User status
	Status Status `json:"status" jsonschema:"default=active"`
	// Verification status
	Verified bool `json:"verified" jsonschema:"default=true"`
}

// ElicitationDefaults tests elicitation with default values (SEP-1034).
//
//mcp:tool test_elicitation_sep1034_defaults structured=false
func ElicitationDefaults(ctx context.Context, req *mcp.CallToolRequest) (string, error) {
	return elicited(ElicitDefaults(ctx, req, "Test defaults for primitives"))
}

// Option is an option without a title.
type Option string

// The untitled options.
const (
	Option1 Option = "option1"
	Option2 Option = "option2"
	Option3 Option = "option3"
)

// Choice is an option with a title.
type Choice string

// The titled options.
const (
	Value1 Choice = "value1" // First Option
	Value2 Choice = "value2" // Second Option
	Value3 Choice = "value3" // Third Option
)

// LegacyOption is an option titled the deprecated way.
type LegacyOption string

// The options titled by enumNames.
const (
	Opt1 LegacyOption = "opt1" // Option One
	Opt2 LegacyOption = "opt2" // Option Two
	Opt3 LegacyOption = "opt3" // Option Three
)

// Enums is a form with each kind of enum (SEP-1330).
//
//mcp:elicit
type Enums struct {
	UntitledSingle Option       `json:"untitledSingle"`
	TitledSingle   Choice       `json:"titledSingle"`
	LegacyEnum     LegacyOption `json:"legacyEnum" jsonschema:"enumNames"`
	UntitledMulti  []Option     `json:"untitledMulti" jsonschema:"minItems=1,maxItems=3"`
	TitledMulti    []Choice     `json:"titledMulti" jsonschema:"minItems=1,maxItems=3"`
}

// ElicitationEnums tests elicitation with the enum schemas of SEP-1330.
//
//mcp:tool test_elicitation_sep1330_enums structured=false
func ElicitationEnums(ctx context.Context, req *mcp.CallToolRequest) (string, error) {
	return elicited(ElicitEnums(ctx, req, "Test enum schemas"))
}

// elicited is the text of a form's answer.
func elicited[T any](answer T, ok bool, err error) (string, error) {
	if err != nil {
		return "", err
	}
	if !ok {
		return "Elicitation completed: declined or cancelled", nil
	}
	return fmt.Sprintf("Elicitation completed: accepted, content=%+v", answer), nil
}
