package toolrt_test

import (
	"testing"

	"github.com/mcptag/mcptag/toolrt"
	"github.com/mcptag/mcptag/toolrt/toolrttest"
)

func TestMemoryTaskStore(t *testing.T) {
	toolrttest.TestTaskStore(t, func(*testing.T) toolrt.TaskStore { return toolrt.NewMemoryTaskStore() })
}
