package lenient // want package:"mcptag docs: 5 declared here, 0 from dependencies" "stale: mcp_tools_gen.go is missing"

// DeleteRequest names a ConfigMap to delete.
type DeleteRequest struct {
	// The ConfigMap's name.
	Name string `json:"name"`
	// How long to wait first.
	GracePeriodSeconds int `json:"gracePeriodSeconds,omitempty"`
}

// Delete deletes a ConfigMap.
//
//mcp:tool destructive
func Delete(req DeleteRequest) string { return req.Name } // want `lenient-destructive: delete is destructive and takes a number sent as a string for argument "gracePeriodSeconds" \("0" for 0\); mark it strict`

// DeleteStrictly deletes a ConfigMap, refusing numbers sent as strings.
//
//mcp:tool destructive strict
func DeleteStrictly(req DeleteRequest) string { return req.Name }

// A Step is one step of a rollout.
type Step struct {
	// The step's weight, in percent.
	Weight float64 `json:"weight"`
}

// Rollout rolls a deployment out in steps.
//   - steps: the steps, in order
//
//mcp:tool destructive
func Rollout(steps []Step) int { return len(steps) } // want `lenient-destructive: rollout is destructive and takes a number sent as a string for argument "steps\[\]\.weight"`

// Scale scales a deployment, which destroys nothing.
//   - replicas: how many to run
//
//mcp:tool idempotent
func Scale(replicas int) int { return replicas }

// Forget forgets a name.
//   - name: the name
//
//mcp:tool destructive
func Forget(name string) string { return name }
