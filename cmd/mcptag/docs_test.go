package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// markdownLink matches an inline Markdown link or image, capturing its
// target: [text](target) or ![alt](target).
var markdownLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestDocsLinksResolve holds every relative link of the repository's
// Markdown (the README, CONTRIBUTING.md, BENCHMARKS.md, docs/) to a file
// that exists and, when the link names an anchor, to a heading of that
// file with that anchor, as GitHub makes them: a page moved or a heading
// renamed without its links fails here.
func TestDocsLinksResolve(t *testing.T) {
	repo := filepath.Join("..", "..")
	pages, err := filepath.Glob(filepath.Join(repo, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"README.md", "CONTRIBUTING.md", "BENCHMARKS.md"} {
		pages = append(pages, filepath.Join(repo, name))
	}
	links := 0
	for _, page := range pages {
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, target := range relativeLinks(string(text)) {
			links++
			if problem := brokenLink(page, target); problem != "" {
				rel, _ := filepath.Rel(repo, page)
				t.Errorf("%s: link %s: %s", filepath.ToSlash(rel), target, problem)
			}
		}
	}
	if links < 50 {
		t.Errorf("checked %d links, want the documentation's 50 or more: the link pattern finds too little", links)
	}
}

// relativeLinks returns the targets of the links of a Markdown text that
// lead into the repository: outside code, and neither a URL nor mail.
func relativeLinks(markdown string) []string {
	var out []string
	for i, chunk := range strings.Split(markdown, "```") {
		if i%2 == 1 {
			continue // a code block
		}
		chunk = regexp.MustCompile("`[^`\n]*`").ReplaceAllString(chunk, "")
		for _, m := range markdownLink.FindAllStringSubmatch(chunk, -1) {
			if !regexp.MustCompile(`^[a-z]+:`).MatchString(m[1]) {
				out = append(out, m[1])
			}
		}
	}
	return out
}

// brokenLink says what is wrong with target, a link of the file page,
// or returns "".
func brokenLink(page, target string) string {
	path, anchor, _ := strings.Cut(target, "#")
	file := page
	if path != "" {
		file = filepath.Join(filepath.Dir(page), filepath.FromSlash(path))
	}
	if _, err := os.Stat(file); err != nil {
		return "no such file"
	}
	if anchor == "" || !strings.HasSuffix(file, ".md") {
		return ""
	}
	text, err := os.ReadFile(file)
	if err != nil {
		return err.Error()
	}
	if !headingAnchors(string(text))[anchor] {
		return fmt.Sprintf("no heading of %s has the anchor #%s", filepath.Base(file), anchor)
	}
	return ""
}

// headingAnchors returns the anchors GitHub gives the headings of a
// Markdown text: the heading in lower case, without punctuation but - and
// _, spaces made -, and -1, -2, ... after a repeated one.
func headingAnchors(markdown string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	for i, chunk := range strings.Split(markdown, "```") {
		if i%2 == 1 {
			continue
		}
		for _, line := range strings.Split(chunk, "\n") {
			heading, ok := strings.CutPrefix(strings.TrimLeft(line, "#"), " ")
			if !ok || !strings.HasPrefix(line, "#") {
				continue
			}
			slug := strings.Map(func(r rune) rune {
				switch {
				case r == ' ':
					return '-'
				case r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r > 127:
					return r
				}
				return -1
			}, strings.ToLower(strings.TrimSpace(heading)))
			if n := seen[slug]; n > 0 {
				anchors[fmt.Sprintf("%s-%d", slug, n)] = true
			} else {
				anchors[slug] = true
			}
			seen[slug]++
		}
	}
	return anchors
}

// TestReadmeShape holds the README to what it promises and what CI reads
// from it: at most 300 lines, a way in rather than the whole manual
// (docs/ holds the rest), and the two set-up commands that .ci/run finds
// after the comment lines "# The main job" and "# The tests", spelled as
// it runs them, in a fenced sh block.
func TestReadmeShape(t *testing.T) {
	text, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(text)
	if n := strings.Count(readme, "\n"); n > 300 {
		t.Errorf("README.md has %d lines, want at most 300: move the detail to docs/", n)
	}
	want := map[string]string{
		"# The main job": "go generate ./example/... && go run ./example/weather",
		"# The tests":    "(cd internal/interop && npm ci) && go test ./...",
	}
	for comment, command := range want {
		found := false
		for i, block := range strings.Split(readme, "```") {
			body, ok := strings.CutPrefix(block, "sh\n")
			if i%2 == 0 || !ok {
				continue
			}
			lines := strings.Split(body, "\n")
			for j := range len(lines) - 1 {
				if strings.HasPrefix(lines[j], comment) {
					found = true
					if lines[j+1] != command {
						t.Errorf("README.md: after %q, .ci/run runs %q, want %q", lines[j], lines[j+1], command)
					}
				}
			}
		}
		if !found {
			t.Errorf("README.md has no sh block with a line starting %q, which .ci/run looks for", comment)
		}
	}
}
