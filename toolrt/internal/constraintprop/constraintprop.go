// Package constraintprop holds tools whose arguments use every constraint
// a jsonschema tag or a doc list item can declare, and echo their
// arguments back. Its property test sends them values that meet the
// constraints, which must reach the tool unchanged, and values just
// outside each one, which must fail with the checker's message.
package constraintprop

//go:generate go run github.com/mcptag/mcptag/cmd/mcptag

// Numbers has every number key on integers and floats.
type Numbers struct {
	Days  int     `json:"days" jsonschema:"minimum=1,maximum=7"`
	Above int     `json:"above" jsonschema:"exclusiveMinimum=0,exclusiveMaximum=100"`
	Step  int     `json:"step" jsonschema:"multipleOf=5"`
	Ratio float64 `json:"ratio" jsonschema:"minimum=-0.5,maximum=2.5,multipleOf=0.25"`
	Open  float64 `json:"open" jsonschema:"exclusiveMinimum=-1.5,exclusiveMaximum=1.5"`
	Small int8    `json:"small" jsonschema:"minimum=-100,maximum=100"`
	Count uint16  `json:"count" jsonschema:"maximum=1000"`
	Level int     `json:"level" jsonschema:"enum=1,enum=2,enum=3"`
}

// Decimals has bounds and steps that a float64 holds only nearly: a
// tenth, a hundredth. They are the decimals written in the tag.
type Decimals struct {
	Cents  float64  `json:"cents" jsonschema:"minimum=0.1,maximum=0.3"`
	Tenths *float64 `json:"tenths" jsonschema:"multipleOf=0.1"`
	Price  *float64 `json:"price" jsonschema:"minimum=0.01,maximum=100,multipleOf=0.01"`
}

// Strings has lengths, a pattern, an enum and every format.
type Strings struct {
	Name  string `json:"name" jsonschema:"minLength=2,maxLength=8"`
	Code  string `json:"code" jsonschema:"pattern=^[A-Z]{3}-[0-9]{2}$"`
	Unit  string `json:"unit" jsonschema:"enum=celsius,enum=fahrenheit"`
	When  string `json:"when" jsonschema:"format=date-time"`
	Day   string `json:"day" jsonschema:"format=date"`
	Clock string `json:"clock" jsonschema:"format=time"`
	Mail  string `json:"mail" jsonschema:"format=email"`
	Link  string `json:"link" jsonschema:"format=uri"`
	ID    string `json:"id" jsonschema:"format=uuid"`
	V4    string `json:"v4" jsonschema:"format=ipv4"`
	V6    string `json:"v6" jsonschema:"format=ipv6"`
	Host  string `json:"host" jsonschema:"format=hostname"`
}

// Arrays has every array key, and item constraints.
type Arrays struct {
	Tags   []string  `json:"tags" jsonschema:"minItems=1,maxItems=4,uniqueItems=true,minLength=2"`
	Scores []int     `json:"scores" jsonschema:"minimum=0,maximum=10,maxItems=5"`
	Units  []string  `json:"units" jsonschema:"enum=c,enum=f"`
	Window [3]int    `json:"window" jsonschema:"multipleOf=2"`
	Values []float64 `json:"values" jsonschema:"uniqueItems=true"`
	Days   []string  `json:"days" jsonschema:"format=date,maxItems=3"`
}

// Defaults has a default on every kind: each argument may be left out.
type Defaults struct {
	Days     int      `json:"days" jsonschema:"minimum=1,maximum=7,default=3"`
	Unit     string   `json:"unit" jsonschema:"enum=c,enum=f,default=c"`
	Ratio    float64  `json:"ratio" jsonschema:"default=0.5"`
	Flag     bool     `json:"flag" jsonschema:"default=true"`
	Tags     []string `json:"tags" jsonschema:"default=a,default=b"`
	Ptr      *int     `json:"ptr" jsonschema:"minimum=0,default=7"`
	Greeting string   `json:"greeting" jsonschema:"default=hello\\, world"`
	Day      string   `json:"day" jsonschema:"format=date,default=2024-02-29"`
}

// StrictNumbers are the arguments of a strict tool: no number or
// boolean may come as a string.
type StrictNumbers struct {
	Days int     `json:"days" jsonschema:"minimum=1,maximum=7"`
	F    float64 `json:"f"`
	B    bool    `json:"b"`
}

// The struct argument style: one struct parameter, echoed back.

//mcp:tool
func EchoNumbers(in Numbers) Numbers { return in }

//mcp:tool
func EchoDecimals(in Decimals) Decimals { return in }

//mcp:tool
func EchoStrings(in Strings) Strings { return in }

//mcp:tool
func EchoArrays(in Arrays) Arrays { return in }

//mcp:tool
func EchoDefaults(in Defaults) Defaults { return in }

//mcp:tool strict
func EchoStrict(in StrictNumbers) StrictNumbers { return in }

// The plain argument style: each parameter is an argument, described and
// constrained by a doc list item. Each tool returns its parameters as the
// struct named after it, whose fields are the arguments object a client
// sends (a nil pointer left out).

// BookArgs are the arguments of book.
type BookArgs struct {
	Guests  int      `json:"guests"`
	Name    string   `json:"name"`
	Note    string   `json:"note"`
	Tags    []string `json:"tags"`
	Ratio   float64  `json:"ratio"`
	Deposit float64  `json:"deposit"`
	VIP     bool     `json:"vip"`
	Seats   *int     `json:"seats,omitempty"`
	Unit    string   `json:"unit"`
	Code    *string  `json:"code,omitempty"`
}

// Book books a table.
//
//   - guests (minimum=1,maximum=12): how many people
//   - name (minLength=2,maxLength=10): whose name the table is under
//   - note (maxLength=20,pattern=^[a-z ]*$): anything for the kitchen
//   - tags (minItems=1,maxItems=3,uniqueItems=true): labels
//   - ratio (exclusiveMinimum=0,exclusiveMaximum=1): the share to prepay
//   - deposit (multipleOf=0.5,default=10.5): the deposit
//   - vip (default=false): whether to seat by the window
//   - seats (minimum=2,default=4): how many chairs
//   - unit (enum=eur,enum=usd,default=eur): the currency
//   - code (pattern=^[A-Z]{2}[0-9]$): the booking code
//
//mcp:tool
func Book(guests int, name string, note string, tags []string, ratio float64, deposit float64, vip bool, seats *int, unit string, code *string) BookArgs {
	return BookArgs{guests, name, note, tags, ratio, deposit, vip, seats, unit, code}
}

// FormatsArgs are the arguments of formats.
type FormatsArgs struct {
	When  string `json:"when"`
	Day   string `json:"day"`
	Clock string `json:"clock"`
	Mail  string `json:"mail"`
	Link  string `json:"link"`
	ID    string `json:"id"`
	V4    string `json:"v4"`
	V6    string `json:"v6"`
	Host  string `json:"host"`
}

// Formats takes a string of every format.
//
//   - when (format=date-time): a time
//   - day (format=date): a date
//   - clock (format=time): a time of day
//   - mail (format=email): an address
//   - link (format=uri): a link
//   - id (format=uuid): an identifier
//   - v4 (format=ipv4): an IPv4 address
//   - v6 (format=ipv6): an IPv6 address
//   - host (format=hostname): a host
//
//mcp:tool
func Formats(when, day, clock, mail, link, id, v4, v6, host string) FormatsArgs {
	return FormatsArgs{when, day, clock, mail, link, id, v4, v6, host}
}

// PlainStrictArgs are the arguments of plain_strict.
type PlainStrictArgs struct {
	N int     `json:"n"`
	F float64 `json:"f"`
	B bool    `json:"b"`
}

// PlainStrict takes no strings for numbers.
//
//   - n (minimum=1): a count
//   - f: a number
//   - b: a flag
//
//mcp:tool strict
func PlainStrict(n int, f float64, b bool) PlainStrictArgs { return PlainStrictArgs{n, f, b} }
