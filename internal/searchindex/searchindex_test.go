package searchindex

import (
	"slices"
	"testing"
)

func TestWords(t *testing.T) {
	for in, want := range map[string][]string{
		"refund_payment":      {"refund", "payment"},
		"getUserID":           {"get", "user", "id"},
		"HTTPServer v2-beta":  {"http", "server", "v2", "beta"},
		"Lists the invoices.": {"lists", "the", "invoices"},
		"":                    nil,
	} {
		if got := Words(in); !slices.Equal(got, want) {
			t.Errorf("Words(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestStem: the forms of one word share a stem, and words of other roots
// do not.
func TestStem(t *testing.T) {
	for _, forms := range [][]string{
		{"refund", "refunds", "refunded", "refunding"},
		{"stop", "stops", "stopped", "stopping"},
		{"deploy", "deploys", "deployed", "deploying"},
		{"delete", "deletes", "deleted", "deleting"},
		{"query", "queries", "queried"},
	} {
		for _, f := range forms[1:] {
			if Stem(f) != Stem(forms[0]) {
				t.Errorf("Stem(%q) = %q, Stem(%q) = %q: want one stem", f, Stem(f), forms[0], Stem(forms[0]))
			}
		}
	}
}

// TestParseQuery: a query's own words weigh 1, stop words are left out,
// and a phrase of the related-word table adds its group's single words
// at RelatedWeight, never the words of a phrase.
func TestParseQuery(t *testing.T) {
	q := ParseQuery("give the customer their money back")
	if q[Stem("customer")] != 1 || q[Stem("money")] != 1 {
		t.Errorf("own words: %v", q)
	}
	if _, ok := q["the"]; ok {
		t.Errorf("stop word kept: %v", q)
	}
	if q[Stem("refund")] != RelatedWeight || q[Stem("reimburse")] != RelatedWeight {
		t.Errorf("money back relates to refund and reimburse at %v: %v", RelatedWeight, q)
	}
	if _, ok := ParseQuery("create a ticket")["up"]; ok {
		t.Errorf(`"up" of the phrase "set up" searched for`)
	}
}

// TestSearch: BM25 ranks the tool whose name holds the query's word
// first, answers nothing for a word no tool has, and leaves out what
// keep refuses.
func TestSearch(t *testing.T) {
	docs := []Terms{
		TermsOf(Fields{Name: "list_invoices", Description: "Lists a customer's invoices."}),
		TermsOf(Fields{Name: "refund_payment", Description: "Refunds a charge to the customer."}),
		TermsOf(Fields{Name: "get_customer", Description: "Returns a customer."}),
	}
	ix := NewIndex(docs)
	if got := ix.Search(ParseQuery("refund"), nil); !slices.Equal(got, []int{1}) {
		t.Errorf("refund: %v, want [1]", got)
	}
	if got := ix.Search(ParseQuery("customer"), nil); len(got) != 3 || got[0] != 2 {
		t.Errorf("customer: %v, want get_customer first of three", got)
	}
	if got := ix.Search(ParseQuery("zebra"), nil); len(got) != 0 {
		t.Errorf("zebra: %v, want none", got)
	}
	if got := ix.Search(ParseQuery("customer"), func(i int) bool { return i != 2 }); slices.Contains(got, 2) {
		t.Errorf("keep refused 2: %v", got)
	}
}
