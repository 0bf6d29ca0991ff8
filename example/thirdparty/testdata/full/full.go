// Package full declares the example's tools with their whole schemas, as
// the example would have them without depth= and descriptions=: the
// schemas TestSchemas reads what the libraries' types say in.
package full

import (
	"context"

	"github.com/google/go-github/v93/github"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
)

// GetRepository fetches a GitHub repository.
//
//mcp:tool
func GetRepository(ctx context.Context) (*github.Repository, error) { return nil, nil }

// ListIssues lists the open issues of a GitHub repository.
//
//mcp:tool
func ListIssues(ctx context.Context) ([]*github.Issue, error) { return nil, nil }

// GetPullRequest fetches one pull request of a GitHub repository.
//
//mcp:tool
func GetPullRequest(ctx context.Context) (*github.PullRequest, error) { return nil, nil }

// GetPod fetches a Kubernetes Pod.
//
//mcp:tool
func GetPod(ctx context.Context) (corev1.Pod, error) { return corev1.Pod{}, nil }

// GetDeployment fetches a Kubernetes Deployment.
//
//mcp:tool
func GetDeployment(ctx context.Context) (appsv1.Deployment, error) { return appsv1.Deployment{}, nil }
