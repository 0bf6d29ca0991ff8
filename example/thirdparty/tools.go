package main

//go:generate go run github.com/mcptag/mcptag/cmd/mcptag

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/google/go-github/v93/github"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
)

// A Store serves canned API responses, as the GitHub REST API and the
// Kubernetes API server return them, keyed by "owner/repo" or
// "namespace/name".
type Store struct {
	repositories map[string]*github.Repository
	issues       map[string][]*github.Issue
	pulls        map[string]*github.PullRequest
	pods         map[string]corev1.Pod
	deployments  map[string]appsv1.Deployment
}

// Open reads a store from dir: repositories.json, issues.json, pulls.json,
// pods.json and deployments.json, each one JSON object of responses by key.
func Open(dir string) (*Store, error) {
	s := &Store{}
	for name, v := range map[string]any{
		"repositories.json": &s.repositories,
		"issues.json":       &s.issues,
		"pulls.json":        &s.pulls,
		"pods.json":         &s.pods,
		"deployments.json":  &s.deployments,
	} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(data, v); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
	}
	return s, nil
}

func lookup[V any](m map[string]V, kind, key string) (V, error) {
	v, ok := m[key]
	if !ok {
		return v, fmt.Errorf("%s %s not found", kind, key)
	}
	return v, nil
}

// GetRepository fetches a GitHub repository.
//   - owner: the account that owns it
//   - repo: its name
//
// Its schema keeps two levels of objects and the descriptions of the
// first: a whole Repository costs a model 6,600 tokens.
//
//mcp:tool readonly depth=2 descriptions=1
func (s *Store) GetRepository(ctx context.Context, owner, repo string) (*github.Repository, error) {
	return lookup(s.repositories, "repository", owner+"/"+repo)
}

// ListIssues lists the open issues of a GitHub repository.
//   - owner: the account that owns it
//   - repo: its name
//
//mcp:tool readonly fields view="number,title,state,user.login,labels.name,assignees.login,comments,created_at,updated_at,html_url"
func (s *Store) ListIssues(ctx context.Context, owner, repo string) ([]*github.Issue, error) {
	return lookup(s.issues, "repository", owner+"/"+repo)
}

// GetPullRequest fetches one pull request of a GitHub repository.
//   - owner: the account that owns the repository
//   - repo: the repository's name
//   - number: the pull request's number
//
//mcp:tool readonly view="number,title,state,draft,merged,mergeable,user.login,body,head.ref,head.sha,base.ref,labels.name,requested_reviewers.login,commits,additions,deletions,changed_files,created_at,updated_at,html_url"
func (s *Store) GetPullRequest(ctx context.Context, owner, repo string, number int) (*github.PullRequest, error) {
	return lookup(s.pulls, "pull request", fmt.Sprintf("%s/%s#%d", owner, repo, number))
}

// GetPod fetches a Kubernetes Pod: its name, labels and node, its
// containers' images, ports and resources, and its status.
//   - namespace: the Pod's namespace
//   - name: the Pod's name
//
//mcp:tool readonly descriptions=first view="metadata.name,metadata.namespace,metadata.labels,metadata.creationTimestamp,spec.nodeName,spec.containers.name,spec.containers.image,spec.containers.ports.containerPort,spec.containers.resources.limits,spec.containers.resources.requests,status.phase,status.podIP,status.startTime,status.conditions.type,status.conditions.status,status.containerStatuses.name,status.containerStatuses.ready,status.containerStatuses.restartCount"
func (s *Store) GetPod(ctx context.Context, namespace, name string) (corev1.Pod, error) {
	return lookup(s.pods, "pod", namespace+"/"+name)
}

// GetDeployment fetches a Kubernetes Deployment: its replicas, its pods'
// containers and images, and its rollout's status.
//   - namespace: the Deployment's namespace
//   - name: the Deployment's name
//
//mcp:tool readonly descriptions=first view="metadata.name,metadata.namespace,metadata.labels,spec.replicas,spec.selector.matchLabels,spec.template.spec.containers.name,spec.template.spec.containers.image,status.replicas,status.readyReplicas,status.updatedReplicas,status.availableReplicas,status.conditions.type,status.conditions.status,status.conditions.message"
func (s *Store) GetDeployment(ctx context.Context, namespace, name string) (appsv1.Deployment, error) {
	return lookup(s.deployments, "deployment", namespace+"/"+name)
}
