package snapdiff

// Forms: the //mcp:elicit types a snapshot lists under "forms", each with
// the requestedSchema its Elicit function sends.
//
// A form's values flow as a tool's arguments do, from the client to the
// server: the client's user fills it in, and the generated code checks
// the answer against the form before the tool sees it. The client built
// against the old snapshot is one that answers the old form (an agent, a
// test, a client that fills in what it knows); its answers must still pass.
// So a form changes as an input schema does: narrowing it (a new required
// field, a field made required, a tighter bound, fewer enum values) is
// breaking, widening it (a new optional field, more enum values) is
// compatible. The checker refuses a field the form does not have, so a
// form is compared as a closed object: removing a field is breaking.
// Adding or removing a whole form breaks no answer: a client is asked
// only the forms the server has. A form's key (key=) is the name a caller
// answers its requests by, so a key added, removed or changed is
// breaking: the caller's answer under the old name is ignored.

import (
	"errors"
	"fmt"
	"maps"
)

// Form is one entry of a snapshot's "forms" array.
type Form struct {
	Name string
	// Key is the key of the form's input requests, "" when each is keyed
	// by its message.
	Key string
	// Schema is the requestedSchema that elicitation/create sends.
	Schema map[string]any
	// Other holds any other member.
	Other map[string]any
}

// KindForm is the Change.Kind of a form's change.
const KindForm = "form"

func parseForm(o object) (Form, string, error) {
	var f Form
	var err error
	if err = o.strs([]string{"name", "key"}, &f.Name, &f.Key); err != nil {
		return f, "", err
	}
	if s, ok := o["requestedSchema"]; ok && s != nil {
		if f.Schema, ok = s.(map[string]any); !ok {
			return f, "", errors.New(`"requestedSchema" is not an object`)
		}
	}
	f.Other = o.other("name", "key", "requestedSchema")
	return f, f.Name, nil
}

// compareForms returns the changes of the forms from before to after.
func compareForms(before, after []Form) []Change {
	var changes []Change
	oldForms, newForms := byKey(before, formName), byKey(after, formName)
	for _, name := range unionKeys(oldForms, newForms) {
		o, inOld := oldForms[name]
		n, inNew := newForms[name]
		add := adder(&changes, KindForm, name)
		switch {
		case !inNew:
			add("", false, "form removed")
		case !inOld:
			add("", false, "form added")
		default:
			compareFormKey(add, o.Key, n.Key)
			compareOther(add, o.Other, n.Other)
			d := &schemaDiff{form: true, oldRoot: o.Schema, newRoot: n.Schema, report: add}
			d.compare(closedForm(o.Schema), closedForm(n.Schema), loc{path: "requestedSchema"})
		}
	}
	return changes
}

func formName(f Form) string { return f.Name }

// compareFormKey reports a change of a form's key, which is breaking.
func compareFormKey(add func(string, bool, string), o, n string) {
	switch {
	case o == n:
	case o == "":
		add("key", true, fmt.Sprintf("key %q added: its requests were keyed by their messages", n))
	case n == "":
		add("key", true, fmt.Sprintf("key %q removed: its requests are keyed by their messages", o))
	default:
		add("key", true, fmt.Sprintf("key changed from %q to %q", o, n))
	}
}

// closedForm is a form's schema as the generated checker applies it: an
// object that admits no property it does not declare.
func closedForm(s map[string]any) map[string]any {
	closed := maps.Clone(s)
	if closed == nil {
		closed = map[string]any{}
	}
	closed["additionalProperties"] = false
	return closed
}
