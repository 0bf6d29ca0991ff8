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
//
//mcp:tool readonly
func (s *Store) GetRepository(ctx context.Context, owner, repo string) (*github.Repository, error) {
	return lookup(s.repositories, "repository", owner+"/"+repo)
}

// ListIssues lists the open issues of a GitHub repository.
//
//mcp:tool readonly
func (s *Store) ListIssues(ctx context.Context, owner, repo string) ([]*github.Issue, error) {
	return lookup(s.issues, "repository", owner+"/"+repo)
}

// GetPullRequest fetches one pull request of a GitHub repository.
//
//mcp:tool readonly
func (s *Store) GetPullRequest(ctx context.Context, owner, repo string, number int) (*github.PullRequest, error) {
	return lookup(s.pulls, "pull request", fmt.Sprintf("%s/%s#%d", owner, repo, number))
}

// GetPod fetches a Kubernetes Pod, with its spec and status.
//
//mcp:tool readonly
func (s *Store) GetPod(ctx context.Context, namespace, name string) (corev1.Pod, error) {
	return lookup(s.pods, "pod", namespace+"/"+name)
}

// GetDeployment fetches a Kubernetes Deployment, with its spec and status.
//
//mcp:tool readonly
func (s *Store) GetDeployment(ctx context.Context, namespace, name string) (appsv1.Deployment, error) {
	return lookup(s.deployments, "deployment", namespace+"/"+name)
}
