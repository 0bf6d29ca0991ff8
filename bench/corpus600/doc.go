package corpus600

// Only this file of the package is committed: it keeps the import path of
// corpus600_test.go resolvable, for go mod tidy, before ../corpus600.sh
// has written the 600-tool corpus beside it.
