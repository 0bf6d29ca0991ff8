// Package trimmed declares tools whose results cost what they must: a
// view sent as text only, fields with kept paths and a described
// argument, a tool that reads its selection, and a list sent as one text.
package trimmed

import (
	"context"
	"strings"

	"github.com/mcptag/mcptag/toolrt"
)

// Issue is an issue of a tracker.
type Issue struct {
	Number int      `json:"number"`
	Title  string   `json:"title"`
	Body   string   `json:"body,omitempty"`
	Labels []string `json:"labels"`
	User   User     `json:"user"`
	// Whom the issue is assigned to, and the links in its body: left
	// out when there are none, so that the view tests nil once.
	Assignee *User    `json:"assignee,omitempty"`
	Links    []string `json:"links,omitempty"`
}

// User is who opened an issue.
type User struct {
	Login string `json:"login"`
	Email string `json:"email,omitempty"`
}

// Page is a page of issues and where the next one starts.
type Page struct {
	Issues   []Issue  `json:"issues"`
	PageInfo PageInfo `json:"pageInfo"`
	Total    int      `json:"total"`
}

// PageInfo is the cursor of a page.
type PageInfo struct {
	Next string `json:"next"`
}

func sample() []Issue {
	return []Issue{
		{Number: 1, Title: "a < b", Body: "long body", Labels: []string{"bug"}, User: User{Login: "ann", Email: "ann@example.com"}},
		{Number: 2, Title: "c", Labels: nil, User: User{Login: "bob"}},
	}
}

// GetIssue returns an issue, as text only.
//
//mcp:tool view="number,title,user.login" structured=false
func GetIssue(number int) Issue { return sample()[number%2] }

// ListIssueTexts lists issues, as text only: one text, the array.
//
//mcp:tool view="title,number" structured=false fields
func ListIssueTexts() []Issue { return sample() }

// ListIssues lists a page of issues.
//
//   - fields: which parts of the page to return; pageInfo always comes
//
//mcp:tool view="total,issues.title,issues.number,pageInfo" keep="pageInfo" fields
func ListIssues(ctx context.Context, query string) Page {
	p := Page{Issues: sample(), PageInfo: PageInfo{Next: "c2"}, Total: 2}
	// What the call asked for, where a tool could skip work.
	p.Issues[0].Body = strings.Join(toolrt.Fields(ctx), " ")
	return p
}

// Selected returns the paths the call selects, which toolrt.Fields reads.
//
//mcp:tool view="title,number,body" keep="number" fields
func Selected(ctx context.Context) Issue {
	return Issue{Title: "t", Number: 7, Body: strings.Join(toolrt.Fields(ctx), ",")}
}

// GetAssignee returns an issue's number and its assignee's login.
//
//mcp:tool view="number,assignee.login,links"
func GetAssignee(number int) Issue {
	if number == 1 {
		return Issue{Number: 1, Assignee: &User{Login: "ann"}, Links: []string{"https://example.com"}}
	}
	return Issue{Number: number}
}

// SearchArgs are a search's arguments.
type SearchArgs struct {
	// What to look for.
	Query string `json:"query"`
}

// Search searches issues.
//
//   - fields: the issue parts to send back
//
//mcp:tool view="title,user" fields
func Search(args SearchArgs) []Issue { return sample() }

// AllIssues lists issues as one indented text, for clients that show a
// model only the first content block.
//
//mcp:tool text=json
func AllIssues() []User { return []User{{Login: "ann"}, {Login: "bob"}} }
