package views // want package:"mcptag docs: 7 declared here, 0 from dependencies"

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

// Deploy is a deployment, of which a view serves part: a field it never
// serves gets no advice, since it is never sent.
type Deploy struct {
	// Its name.
	Name   string            `json:"name"`
	Labels map[string]string `json:"labels"`
	Tags   []string          `json:"tags"` // want `nullable: output field tags can be null`
}

// GetDeploy returns a deployment's name and tags.
//
//mcp:tool view="name,tags"
func GetDeploy() Deploy { return Deploy{} }
