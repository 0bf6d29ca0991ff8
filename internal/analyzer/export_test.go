package analyzer

// ValueOffsets exports valueOffsets to the tests.
var ValueOffsets = valueOffsets
