package directive

import (
	"fmt"
	"strings"

	"github.com/mcptag/mcptag/internal/suggest"
)

// A directive's first word is its name when it is no option, so a
// misspelled option there silently becomes the name: "//mcp:tool fileds"
// is a tool named fileds with no fields. OptionLike tells such a word,
// by a rule that keeps fair names (docs/usage.md, The directive):
//
//   - the word is the option, ignoring case, "_", "-" and "." (ReadOnly);
//   - or one slip of the fingers away from it: two neighbouring letters
//     swapped (fileds, veiw) or a letter doubled (strictt);
//   - or, for an option of 6 letters or more, a letter dropped or added
//     between its first and its last (closd);
//   - or, for an option of 8 letters or more, up to two edits of any kind
//     (structred, idempotnet): no fair name is that close to one by chance.
//
// A letter changed, or dropped or added at either end, makes a word of
// its own (test for text, scores for scopes, close for closed, titles for
// title), and a short option has more such neighbours: those are names.

// OptionLike returns the option that name, the unquoted first word of a
// directive of kind, is taken for, and the kind whose option it is: kind
// itself, or Tool for a prompt's name that is one of the words a tool
// takes alone (readonly, destructive, ...). It returns "", "" for a fair
// name.
func OptionLike(kind, name string) (key, owner string) {
	k := directiveKindNamed(kind)
	if o := nearKey(name, k.keys()); o != "" {
		return o, kind
	}
	if kind == Prompt {
		if o := nearKey(name, toolFlags()); o != "" {
			return o, Tool
		}
	}
	return "", ""
}

// nearKey returns the key among keys that word is taken for by the rule
// of OptionLike, or "".
func nearKey(word string, keys []string) string {
	w := squeeze(word)
	for _, key := range keys {
		o := squeeze(key)
		if nearOption(w, o) {
			return key
		}
	}
	return ""
}

// nearOption applies the rule of OptionLike to a word and an option, both
// squeezed.
func nearOption(w, o string) bool {
	switch suggest.SlipOf(w, o) {
	case suggest.Swapped, suggest.Doubled:
		return true
	case suggest.Dropped, suggest.Added:
		return len(o) >= 6
	}
	return w == o || len(o) >= 8 && suggest.Distance(w, o) <= 2
}

// squeeze is s in lower case without "_", "-" and ".", which a name may
// hold and an option spells without (read_only, icon-dark).
func squeeze(s string) string {
	return strings.ToLower(strings.NewReplacer("_", "", "-", "", ".", "").Replace(s))
}

// toolFlags are the options that a tool takes alone, as flags: the ones
// a word on another directive reads as.
func toolFlags() []string {
	var flags []string
	for _, o := range toolKind.options {
		if o.set(&Directive{}, o.key, "", false) == "" {
			flags = append(flags, o.key)
		}
	}
	return flags
}

// toolOptionOn is the message for the option key of a tool written on a
// directive of kind, which takes other options; near is the word written
// when it is a misspelling of key, or "".
func (k *directiveKind) toolOptionOn(key, near string) string {
	takes := "takes " + optionList(k.keys())
	if k.uri {
		takes = "takes a URI first, then " + optionList(k.keys())
	}
	if near != "" {
		return fmt.Sprintf("unknown option %q (did you mean %s? that is a tool option: //mcp:%s %s)", near, key, k.name, takes)
	}
	return fmt.Sprintf("%s is a tool option: //mcp:%s %s", key, k.name, takes)
}

// optionList lists keys as a directive writes them: title=, icon= and
// icon-dark=.
func optionList(keys []string) string {
	eq := make([]string, len(keys))
	for i, key := range keys {
		eq[i] = key + "="
	}
	if len(eq) < 2 {
		return strings.Join(eq, "")
	}
	return strings.Join(eq[:len(eq)-1], ", ") + " and " + eq[len(eq)-1]
}

// toolOptionFirst reports whether word, first on a resource's directive
// where its URI goes, is a tool option or a misspelling of one
// (//mcp:resource readonly) rather than a URI, which has a scheme.
func toolOptionFirst(word string) bool {
	key, _, _ := strings.Cut(word, "=")
	return !strings.Contains(word, ":") && (toolKind.option(key) != nil || nearKey(key, toolKind.keys()) != "")
}

// OptionsOf lists the options of a directive of kind as it writes them:
// "title=, icon= and icon-dark=".
func OptionsOf(kind string) string {
	return optionList(directiveKindNamed(kind).keys())
}
