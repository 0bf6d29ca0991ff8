// Package podonly has one tool, returning a Kubernetes Pod: the benchmark
// of generating the largest result type alone.
package podonly

import (
	"context"

	corev1 "k8s.io/api/core/v1"
)

// GetPod fetches a Kubernetes Pod.
//
//mcp:tool readonly
func GetPod(ctx context.Context, namespace, name string) (corev1.Pod, error) {
	return corev1.Pod{}, nil
}
