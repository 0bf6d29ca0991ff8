package views // want package:"mcptag docs: 11 declared here, 0 from dependencies"

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

// ListDeploys returns a page of deployments as text only: the tags keep
// their advice, since GetDeploy sends them under an output schema.
//
//mcp:tool structured=false view="name,tags"
func ListDeploys() Deploy { return Deploy{} }

// Page is a page of items, which only a text-only view sends: with no
// output schema, its fields get no advice about a schema.
type Page struct {
	// The items.
	Items []Item `json:"items"`
	// Where the next page starts.
	Next *string `json:"next"`
}

// Item is an item.
type Item struct {
	Name  string `json:"name"`
	Attrs any    `json:"attrs"`
}

// ListItems returns a page of items as text only.
//
//mcp:tool structured=false view="items.name,items.attrs,next"
func ListItems() Page { return Page{} }
