package searchindex

import "strings"

// related are groups of words and phrases that an API's tools and the
// people who ask for them use for one thing: the verbs and nouns common
// to APIs of payments, issues, deployments, users, files and messages. A
// query's word or phrase found in a group also searches for the group's
// other words, at RelatedWeight (a phrase of several words is
// recognized in a query, but never searched for: "set up" relates to
// create, while up alone relates to nothing): someone who asks to "give the money
// back" looks for a tool that refunds. The table is general English about
// APIs, not a list of any server's tools; keep it so, and keep each group
// to words that one could swap in a tool's description.
var related = [][]string{
	// Verbs of reading.
	{"list", "show", "enumerate", "browse", "all"},
	{"get", "fetch", "read", "retrieve", "look up", "show", "view", "see", "detail", "inspect"},
	{"search", "find", "look for", "query", "lookup", "locate", "filter"},
	{"count", "how many", "number of", "total", "tally"},
	{"check", "verify", "validate", "test", "confirm"},
	{"status", "state", "health", "progress", "doing"},
	// Verbs of writing.
	{"create", "add", "new", "make", "open", "register", "start", "file", "raise", "set up"},
	{"update", "change", "edit", "modify", "set", "rename", "alter", "patch"},
	{"delete", "remove", "erase", "destroy", "drop", "get rid of", "purge", "wipe"},
	{"close", "resolve", "finish", "done", "complete", "mark"},
	{"reopen", "open again", "restore", "undelete", "recover", "bring back"},
	{"cancel", "stop", "abort", "call off", "terminate", "halt", "kill"},
	{"archive", "shelve", "hide", "stash"},
	{"assign", "give", "hand", "allocate", "owner", "assignee", "responsible"},
	{"invite", "add", "onboard", "welcome"},
	{"disable", "deactivate", "suspend", "block", "ban", "lock", "freeze"},
	{"enable", "activate", "unblock", "unlock", "reinstate", "unfreeze"},
	{"send", "post", "deliver", "notify", "message", "email", "tell", "ping"},
	{"upload", "put", "store", "save", "attach"},
	{"download", "export", "save", "pull"},
	{"copy", "duplicate", "clone"},
	{"move", "transfer", "relocate", "migrate"},
	{"merge", "combine", "join"},
	{"comment", "reply", "note", "remark", "respond"},
	{"tag", "label", "categorize", "mark"},
	{"schedule", "plan", "book", "later", "calendar"},
	// Money.
	{"refund", "money back", "reimburse", "repay", "return", "chargeback", "credit back"},
	{"charge", "bill", "capture", "take payment", "collect"},
	{"pay", "payment", "transaction", "charge"},
	{"invoice", "bill", "receipt", "statement"},
	{"subscription", "plan", "membership", "recurring"},
	{"balance", "funds", "money", "account"},
	{"price", "cost", "amount", "fee", "spend", "spent"},
	// Code and operations.
	{"deploy", "release", "ship", "roll out", "publish", "push", "go live", "production", "launch"},
	{"rollback", "roll back", "revert", "undo", "previous version", "downgrade"},
	{"restart", "reboot", "bounce", "cycle"},
	{"scale", "resize", "replicas", "instances", "capacity"},
	{"log", "logs", "output", "trace", "events"},
	{"metric", "metrics", "usage", "cpu", "memory", "performance", "latency"},
	{"alert", "incident", "outage", "alarm", "down"},
	{"secret", "credential", "password", "token", "key"},
	{"build", "compile", "pipeline", "ci", "job", "run"},
	{"issue", "ticket", "bug", "task", "problem", "defect", "case"},
	{"repository", "repo", "codebase", "code", "source"},
	{"pull request", "pr", "merge request", "review", "change"},
	{"branch", "fork"},
	{"environment", "env", "stage", "staging", "production"},
	// People and things.
	{"user", "account", "member", "person", "people", "someone", "customer", "employee", "teammate", "colleague"},
	{"customer", "client", "buyer", "purchaser"},
	{"employee", "staff", "worker", "hire", "personnel"},
	{"vendor", "supplier", "provider", "seller"},
	{"contract", "agreement", "deal"},
	{"asset", "equipment", "device", "hardware"},
	{"warehouse", "depot", "storage", "stock"},
	{"campaign", "marketing", "promotion", "ad"},
	{"team", "group", "organization", "org", "department"},
	{"permission", "role", "access", "rights", "privilege", "admin"},
	{"password", "reset", "forgot", "login", "sign in"},
	{"file", "document", "doc", "attachment", "folder", "directory"},
	{"image", "picture", "photo", "thumbnail"},
	{"message", "chat", "conversation", "thread", "dm"},
	{"channel", "room", "chat"},
	{"order", "purchase", "basket", "cart", "checkout", "bought"},
	{"product", "item", "sku", "stock", "inventory", "catalog"},
	{"shipment", "shipping", "delivery", "package", "parcel", "track", "tracking", "where is"},
	{"address", "location", "place"},
	{"report", "summary", "overview", "stats", "statistics", "analytics", "dashboard"},
	{"size", "big", "large", "space", "disk", "bytes", "quota"},
	{"recent", "latest", "last", "newest", "history"},
	{"version", "tag", "release"},
	{"contact", "phone", "email"},
}

// RelatedWeight is the weight of a related word in a query, against 1 for
// the query's own words.
const RelatedWeight = 0.4

// relatedIndex maps each word and phrase of the table, as the stems of
// all its words joined by spaces, to the stems of the words and phrases it relates to.
var relatedIndex = buildRelated()

// buildRelated returns relatedIndex.
func buildRelated() map[string][]string {
	idx := map[string][]string{}
	for _, group := range related {
		for _, w := range group {
			key := stemAll(w)
			for _, other := range group {
				if other == w {
					continue
				}
				if s := stemPhrase(other); s != "" && !strings.Contains(s, " ") {
					idx[key] = appendNew(idx[key], s)
				}
			}
		}
	}
	return idx
}

// stemAll returns the stems of all the words of p, stop words too,
// joined by spaces: how a query's phrase is matched ("how many").
func stemAll(p string) string {
	words := Words(p)
	for i, w := range words {
		words[i] = Stem(w)
	}
	return strings.Join(words, " ")
}

// stemPhrase returns the stems of the words of p, stop words left out,
// joined by spaces.
func stemPhrase(p string) string {
	var stems []string
	for _, w := range Words(p) {
		if !Stop(w) {
			stems = append(stems, Stem(w))
		}
	}
	return strings.Join(stems, " ")
}

// appendNew appends s to ss unless ss holds it.
func appendNew(ss []string, s string) []string {
	for _, x := range ss {
		if x == s {
			return ss
		}
	}
	return append(ss, s)
}
