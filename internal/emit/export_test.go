package emit

// GoSource prints a package's code from tools, as Go does after Tools:
// for benchmarks of the printer alone.
var GoSource = goSource
