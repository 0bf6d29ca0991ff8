package views // want package:"mcptag docs: 4 declared here, 0 from dependencies"

// Pod is a pod.
type Pod struct {
	// Its metadata.
	Meta Meta `json:"metadata"`
}

// Meta names a pod.
type Meta struct {
	// Its name.
	Name string `json:"name"`
}

// GetPod returns a pod, part of it.
//
// want +2 `directive: view path "metadata.nmae": "metadata" has no property "nmae" \(did you mean "name"\?\)`
//
//mcp:tool view="metadata.nmae"
func GetPod() Pod { return Pod{} }

// GetPodTwice returns a pod's metadata, which a path keeps whole.
//
// want +2 `redundant: view path "metadata.name" is inside "metadata", which the view keeps whole: drop one of them`
//
//mcp:tool view="metadata,metadata.name"
func GetPodTwice() Pod { return Pod{} }
