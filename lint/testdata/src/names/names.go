package names // want package:"mcptag docs: 1 declared here, 0 from dependencies"

// A does a. The tool is named "readonyl" and left writable.
//
// want +2 `name: tool name "readonyl" looks like a misspelled option "readonly"`
//
//mcp:tool readonyl
func A() {}

// B does b.
//
// want +2 `name: tool name "ReadOnly" looks like a misspelled option "readonly"`
//
//mcp:tool ReadOnly
func B() {}

// Quoted does q: a quoted name is meant as one.
//
//mcp:tool "idempotnet"
func Quoted() {}

// Plan plans. A prompt's name can look like its option too.
//
// want +2 `name: prompt name "Title" looks like a misspelled option "title"; a name is only taken from the first word, so write the option as title, or quote the name to keep it: //mcp:prompt "Title"`
//
//mcp:prompt Title
func Plan() string { return "" }

// C does c; "close" is a fair name.
//
//mcp:tool close
func C() {}

// D does d.
//
// want +2 `name: invalid tool name "d/e": must match`
//
//mcp:tool d/e
func D() {}

// E does e.
//
//mcp:tool same
func E() {}

// F does f.
//
//mcp:tool same
func F() {} // want `name: duplicate tool name "same" \(first used at .*names.go:\d+:6\)`

// Größe measures.
//
//mcp:tool
func Größe() {} // want `name: default tool name "größe" \(from Größe\) is not valid`

// Unused keeps the fact honest.
type Unused struct{}
