package toolimpl

import "bytes"

// htmlUnescaped returns data, JSON as encoding/json writes it, with the
// escapes of <, > and & that its HTML escaping writes (\u003c, \u003e,
// \u0026) turned back into the characters. The JSON stays valid and means
// the same; a model reading it as text reads "p99 > 2s", not
// "p99 \u003e 2s". Only text content is unescaped: structuredContent is
// for JSON parsers, which read either.
func htmlUnescaped(data []byte) []byte {
	if !bytes.Contains(data, []byte(`\u00`)) {
		return data
	}
	out := make([]byte, 0, len(data))
	for i := 0; i < len(data); i++ {
		if data[i] != '\\' || i+1 == len(data) {
			out = append(out, data[i])
			continue
		}
		// An escape: a backslash and the character it escapes, or \u and
		// four hex digits. Taking each whole keeps an escaped backslash
		// before "u003e" (the text \u003e itself) as it is.
		if c, ok := htmlEscaped(data[i:]); ok {
			out = append(out, c)
			i += len(`\u003e`) - 1
			continue
		}
		out = append(out, data[i], data[i+1])
		i++
	}
	return out
}

// htmlEscaped reports whether esc starts with encoding/json's escape of
// an HTML character, and which.
func htmlEscaped(esc []byte) (byte, bool) {
	for _, c := range []byte("<>&") {
		if bytes.HasPrefix(esc, []byte{'\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF]}) {
			return c, true
		}
	}
	return 0, false
}
