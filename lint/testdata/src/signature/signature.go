package signature

// Sum adds numbers.
//
//mcp:tool
func Sum(xs ...int) int { // want `signature: sum: a variadic function cannot be a tool`
	return 0
}
