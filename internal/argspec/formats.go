package argspec

// The string formats, each once: its constant, the name generated code
// writes it by, its JSON Schema name, and its check.

import (
	"net/netip"
	"net/url"
	"regexp"
	"strings"
	"time"
)

// Format is what a JSON string must hold, beyond being a string.
type Format uint8

const (
	NoFormat     Format = iota
	DateTime            // an RFC 3339 time, as time.Time reads it
	Base64              // standard base64, as []byte reads it
	DecimalInt          // a signed decimal integer (",string" fields, integer map keys)
	DecimalUint         // an unsigned decimal integer
	DecimalFloat        // a decimal number (",string" float fields)
)

// Formats a string can be declared to have, by their JSON Schema names.
const (
	Date     Format = iota + 16 // an RFC 3339 full-date: 2006-01-02
	Time                        // an RFC 3339 full-time: 15:04:05Z
	Email                       // an e-mail address
	URI                         // an absolute URI
	UUID                        // a UUID: 8-4-4-4-12 hexadecimal digits
	IPv4                        // an IPv4 address, dotted
	IPv6                        // an IPv6 address
	Hostname                    // an Internet host name
)

// A formatInfo is what there is to know of one Format.
type formatInfo struct {
	format Format
	// ident is the name of its constant, here and in toolimpl: what
	// generated code writes (toolimpl.Email).
	ident string
	// name is its JSON Schema name, for a format a developer declares;
	// "" for the others, which follow from a Go type.
	name string
	// check is its check, for a named format but date-time, which Arg's
	// checker tests with the formats of Go types.
	check *stringFormat
}

// formatTable holds every Format but NoFormat, in the order of their
// constants: the one list of formats, which toolimpl re-exports, mcptag's
// analyzer accepts by name, its generator writes and the checker checks.
// Each named format is checked by the RFC the docs name and first capped
// at the longest string that RFC allows, so that a check never costs
// more than reading the string did.
var formatTable = []formatInfo{
	{DateTime, "DateTime", "date-time", nil},
	{Base64, "Base64", "", nil},
	{DecimalInt, "DecimalInt", "", nil},
	{DecimalUint, "DecimalUint", "", nil},
	{DecimalFloat, "DecimalFloat", "", nil},
	{Date, "Date", "date", &stringFormat{`a date string (like "2006-01-02")`, len("2006-01-02"), func(s string) bool {
		if len(s) != len("2006-01-02") {
			return false
		}
		_, err := time.Parse(time.DateOnly, s)
		return err == nil
	}}},
	{Time, "Time", "time", &stringFormat{`a time string (like "15:04:05Z")`, maxTimeBytes, func(s string) bool {
		// Parsing accepts fractional seconds the layout does not show.
		return validRFC3339(s, "15:04:05Z07:00")
	}}},
	{Email, "Email", "email", &stringFormat{"an e-mail address", maxEmailBytes, validEmail}},
	{URI, "URI", "uri", &stringFormat{"an absolute URI", 0, validURI}},
	{UUID, "UUID", "uuid", &stringFormat{`a UUID (like "123e4567-e89b-12d3-a456-426614174000")`, len(uuidExample), func(s string) bool {
		return len(s) == len(uuidExample) && uuidPattern.MatchString(s)
	}}},
	{IPv4, "IPv4", "ipv4", &stringFormat{"an IPv4 address", len("255.255.255.255"), func(s string) bool {
		if len(s) > len("255.255.255.255") {
			return false
		}
		a, err := netip.ParseAddr(s)
		return err == nil && a.Is4()
	}}},
	{IPv6, "IPv6", "ipv6", &stringFormat{"an IPv6 address", maxIPv6Bytes, validIPv6}},
	{Hostname, "Hostname", "hostname", &stringFormat{"a host name", maxHostnameBytes, validHostname}},
}

// formats indexes formatTable by Format, for the checker.
var formats = func() (byFormat [Hostname + 1]*formatInfo) {
	for i := range formatTable {
		byFormat[formatTable[i].format] = &formatTable[i]
	}
	return byFormat
}()

// formatCheck returns the check of the named format f, if it has one of
// its own.
func formatCheck(f Format) (*stringFormat, bool) {
	if int(f) < len(formats) && formats[f] != nil && formats[f].check != nil {
		return formats[f].check, true
	}
	return nil, false
}

// FormatNamed returns the Format of a JSON Schema format name, or
// NoFormat.
func FormatNamed(name string) Format {
	for _, fi := range formatTable {
		if fi.name != "" && fi.name == name {
			return fi.format
		}
	}
	return NoFormat
}

// FormatNames returns the JSON Schema names of the formats a developer
// may declare, in the order of their constants.
func FormatNames() []string {
	var names []string
	for _, fi := range formatTable {
		if fi.name != "" {
			names = append(names, fi.name)
		}
	}
	return names
}

// FormatIdent returns the name of f's constant, as generated code writes
// it after "toolimpl."; "" for NoFormat, which generated code leaves out.
func FormatIdent(f Format) string {
	if int(f) < len(formats) && formats[f] != nil {
		return formats[f].ident
	}
	return ""
}

// A stringFormat is a format a string can be declared to have: what a
// message asks for, and the test.
type stringFormat struct {
	want   string
	maxLen int // the longest string the format's RFC allows, in bytes; 0: the URI limit
	valid  func(string) bool
}

// limit is the longest string the format allows, in bytes. A URI's is
// the call's Limits.URIBytes, which the checker tests beside valid.
func (f stringFormat) limit(lim Limits) int {
	if f.maxLen == 0 {
		return lim.URIBytes
	}
	return f.maxLen
}

const (
	uuidExample      = "123e4567-e89b-12d3-a456-426614174000"
	maxEmailBytes    = 254 // RFC 5321's path of 256, less its angle brackets
	maxIPv6Bytes     = len("ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255")
	maxHostnameBytes = 253 // RFC 1035's 255 on the wire
)

// maxTimeBytes bounds a date-time or a time string. RFC 3339 puts no
// limit on the digits of a fraction of a second, of which time.Time keeps
// nine: 64 bytes leave room for 30.
const maxTimeBytes = 64

// validRFC3339 reports whether s is an RFC 3339 date-time or time, as
// layout says: what time.Parse accepts, but for a numeric offset beyond
// RFC 3339's hours 00-23 and minutes 00-59, which it lets pass.
func validRFC3339(s, layout string) bool {
	if len(s) > maxTimeBytes {
		return false
	}
	if _, err := time.Parse(layout, s); err != nil {
		return false
	}
	if strings.HasSuffix(s, "Z") {
		return true
	}
	offset := s[len(s)-len("+07:00"):] // what the layout's Z07:00 accepted
	return offset[1:3] <= "23" && offset[4:6] <= "59"
}

// validEmail reports whether s is an e-mail address as RFC 5321 writes
// one in a mail path (its Mailbox): at most 254 bytes of ASCII; a local
// part of at most 64, dot-separated atoms or a quoted string; and a
// domain that is a host name or an address literal ([192.0.2.1],
// [IPv6:2001:db8::1]).
func validEmail(s string) bool {
	if len(s) > maxEmailBytes {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	if at < 1 || at > 64 || !validLocalPart(s[:at]) {
		return false
	}
	domain := s[at+1:]
	if literal, ok := strings.CutPrefix(domain, "["); ok {
		literal, ok = strings.CutSuffix(literal, "]")
		if v6, isV6 := strings.CutPrefix(literal, "IPv6:"); isV6 {
			return ok && validIPv6(v6)
		}
		a, err := netip.ParseAddr(literal)
		return ok && err == nil && a.Is4()
	}
	return !strings.HasSuffix(domain, ".") && validHostname(domain)
}

// validLocalPart reports whether s is the local part of an RFC 5321
// Mailbox: a Dot-string or a Quoted-string.
func validLocalPart(s string) bool {
	if quoted, ok := strings.CutPrefix(s, `"`); ok {
		for i := 0; i < len(quoted); i++ {
			switch ch := quoted[i]; {
			case ch == '"':
				return i == len(quoted)-1
			case ch == '\\':
				i++
				if i == len(quoted) || quoted[i] < ' ' || quoted[i] > '~' {
					return false
				}
			case ch < ' ' || ch > '~':
				return false
			}
		}
		return false // no closing quote
	}
	for _, atom := range strings.Split(s, ".") {
		if atom == "" {
			return false
		}
		for i := 0; i < len(atom); i++ {
			if ch := atom[i]; !(isAlnum(ch) || strings.IndexByte("!#$%&'*+-/=?^_`{|}~", ch) >= 0) {
				return false
			}
		}
	}
	return true
}

func isAlnum(ch byte) bool {
	return '0' <= ch && ch <= '9' || 'a' <= ch && ch <= 'z' || 'A' <= ch && ch <= 'Z'
}

// validIPv6 reports whether s is an IPv6 address, without a zone: at most
// 45 bytes, the length of the longest, with an IPv4 address at its end.
func validIPv6(s string) bool {
	if len(s) > maxIPv6Bytes {
		return false
	}
	a, err := netip.ParseAddr(s)
	return err == nil && a.Is6() && a.Zone() == ""
}

// validURI reports whether s is an absolute URI by RFC 3986 (its length,
// bounded by the call's Limits.URIBytes, the checker tests): ASCII letters, digits and the characters the RFC allows
// (non-ASCII text and characters such as <, >, space and " are
// percent-encoded in a URI), and an IP literal host, between brackets,
// that is an IPv6 address.
func validURI(s string) bool {
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; {
		case ch == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return false
			}
			i += 2
		case ch >= 0x80 || !uriChars[ch]:
			return false
		}
	}
	// The host of an authority, "//" up to the next "/", "?" or "#": an
	// IP literal is checked here, since url.Parse's error on a long one
	// costs a few times what reading it did.
	if _, rest, ok := strings.Cut(s, "://"); ok {
		authority := rest
		if end := strings.IndexAny(rest, "/?#"); end >= 0 {
			authority = rest[:end]
		}
		if open := strings.IndexByte(authority, '['); open >= 0 {
			end := strings.IndexByte(authority, ']')
			if end < open || !validIPv6(authority[open+1:end]) {
				return false
			}
		}
	}
	u, err := url.Parse(s)
	return err == nil && u.IsAbs()
}

// uriChars are the characters RFC 3986 allows in a URI unencoded: the
// unreserved and the reserved ones.
var uriChars = func() (set [0x80]bool) {
	for _, ch := range "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=" {
		set[ch] = true
	}
	return set
}()

func isHex(ch byte) bool {
	return '0' <= ch && ch <= '9' || 'a' <= ch && ch <= 'f' || 'A' <= ch && ch <= 'F'
}

var uuidPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// validHostname reports whether s is a host name by RFC 1123: dot-separated
// labels of letters, digits and inner hyphens, each at most 63 bytes, 253
// in all.
func validHostname(s string) bool {
	if s == "" || len(s) > maxHostnameBytes {
		return false
	}
	for _, label := range strings.Split(strings.TrimSuffix(s, "."), ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, ch := range []byte(label) {
			if !(ch == '-' || isAlnum(ch)) {
				return false
			}
		}
	}
	return true
}
