package suppress // want package:"mcptag docs: 7 declared here, 0 from dependencies"

// Station has no exported fields.
type Station struct{ name string }

// GetStation looks up a station; its text form is the point.
//
//mcp:tool
//mcptag:ignore unstructured a station is described in prose on purpose
func GetStation() Station { return Station{} }

// Series is a series of readings.
type Series struct {
	// Values are the readings.
	//mcptag:ignore nullable nil means no readings yet, and clients know it
	Values []float64 `json:"values"`
	// Times are the reading times.
	Times []string `json:"times"` //mcptag:ignore nullable,untyped null before the first reading
	// want +1 "nullable: output field marks can be null" `directive: //mcptag:ignore nullable needs a reason after the category`
	Marks []string `json:"marks"` //mcptag:ignore nullable
	// want +1 "nullable: output field notes can be null" `directive: //mcptag:ignore: unknown category "nulable"`
	Notes []string `json:"notes"` //mcptag:ignore nulable typo
	// want +1 `directive: //mcptag:ignore untyped suppresses nothing on this line or the next; remove it`
	Count int `json:"count"` //mcptag:ignore untyped nothing here is untyped
}

// GetSeries returns a series.
//
//mcp:tool
func GetSeries() Series { return Series{} }
