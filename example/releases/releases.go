package main

//go:generate go run github.com/mcptag/mcptag/cmd/mcptag

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/mcptag/mcptag/toolrt"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// stepDuration is how long each step of a build takes (the -step flag).
var stepDuration = 2 * time.Second

// buildSteps are the steps of a build, in order.
var buildSteps = []string{"fetch", "compile", "test", "package", "sign"}

// Env is an environment a service is deployed to.
type Env string

// The environments.
const (
	Staging    Env = "staging"    // Staging, for testing a release.
	Production Env = "production" // Production, which users see.
)

// Artifact is what a build produces.
type Artifact struct {
	// The target built.
	Target string `json:"target"`
	// The file the build produced.
	File string `json:"file"`
	// The steps the build went through, in order.
	Steps []string `json:"steps,omitempty"`
}

// Build builds target, step by step (fetch, compile, test, package,
// sign), reporting each step as it starts; as a task, the step is the
// task's status message. Cancelling the call or the task stops the build.
//
//   - target: the target to build, such as a service's name.
//
//mcp:tool task=optional
func Build(ctx context.Context, target string) (Artifact, error) {
	for i, step := range buildSteps {
		msg := fmt.Sprintf("build %s: step %d of %d: %s", target, i+1, len(buildSteps), step)
		if err := toolrt.Progress(ctx, float64(i), float64(len(buildSteps)), msg); err != nil {
			return Artifact{}, err
		}
		select {
		case <-ctx.Done():
			log.Printf("build %s cancelled at %s: %v", target, step, context.Cause(ctx))
			return Artifact{}, ctx.Err()
		case <-time.After(stepDuration):
		}
	}
	log.Printf("build %s done", target)
	return Artifact{Target: target, File: target + ".tar.gz", Steps: buildSteps}, nil
}

// Confirmation is what the user answers before a deploy.
//
//mcp:elicit
type Confirmation struct {
	// Deploy the service.
	Confirm bool `json:"confirm"`
	// Why, for the deploy log, if you like.
	Reason string `json:"reason,omitempty"`
}

// Deployment is a service deployed to an environment, or not.
type Deployment struct {
	// The service.
	Service string `json:"service"`
	// The environment.
	Env Env `json:"env"`
	// Whether the service was deployed: false when the user did not
	// confirm.
	Deployed bool `json:"deployed"`
	// Where the service answers once deployed.
	URL string `json:"url,omitempty"`
	// The reason the user gave.
	Reason string `json:"reason,omitempty"`
}

// Deploy deploys service to env, once the user confirms it in a form
// that the task asks: it runs only as a task, so that the client polls
// for the form, and any replica may take the answer.
//
//   - service: the service to deploy, as built.
//
//mcp:tool task=required
func Deploy(ctx context.Context, req *mcp.CallToolRequest, service string, env Env) (Deployment, error) {
	d := Deployment{Service: service, Env: env}
	answer, ok, err := ElicitConfirmation(ctx, req, fmt.Sprintf("Deploy %s to %s?", service, env))
	if err != nil {
		return d, err
	}
	if !ok || !answer.Confirm {
		log.Printf("deploy %s to %s: not confirmed", service, env)
		return d, nil
	}
	d.Deployed, d.Reason = true, answer.Reason
	d.URL = fmt.Sprintf("https://%s.%s.example.com", service, env)
	log.Printf("deploy %s to %s: deployed", service, env)
	return d, nil
}

// Environments are the environments a service is deployed to.
type Environments struct {
	// Their names.
	Names []Env `json:"names,omitempty"`
}

// ListEnvironments lists the environments deploy takes. It never runs as
// a task.
//
//mcp:tool
func ListEnvironments() Environments {
	return Environments{Names: []Env{Staging, Production}}
}
