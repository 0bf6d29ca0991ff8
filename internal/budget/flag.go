package budget

import (
	"errors"
	"strconv"
)

// A TokensFlag is a flag.Value holding a number of tokens, 0 or more: a
// negative budget is a usage error, not silently the default.
type TokensFlag struct{ N *int }

// String returns the number, as flag prints a default.
func (t TokensFlag) String() string {
	if t.N == nil {
		return "0"
	}
	return strconv.Itoa(*t.N)
}

// Set reads a number of tokens, 0 or more.
func (t TokensFlag) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return errors.New("want a number of tokens, 0 or more")
	}
	*t.N = n
	return nil
}
