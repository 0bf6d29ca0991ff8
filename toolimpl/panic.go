package toolimpl

import (
	"context"
	"fmt"
	"log/slog"
	"runtime"
	"strings"
)

// logPanic logs a recovered panic, v, of the tool, prompt or resource
// name (kind says which) to the server's log: where it happened (at), and
// the stack from there, one frame after another on one line. A log
// handler writes a string attribute on one line, so a stack as
// runtime/debug.Stack prints it, a frame on two lines, would come out as
// one line of literal \n and \t.
//
// It must be called from the deferred function that recovered: the
// frames it leaves out are its own, that function's, and the runtime's
// panic machinery.
func logPanic(ctx context.Context, kind, name string, v any) {
	frames := panicFrames()
	at := ""
	if len(frames) > 0 {
		at = frames[0]
	}
	slog.ErrorContext(ctx, "mcptag: "+kind+" panicked", kind, name, "panic", fmt.Sprint(v), "at", at, "stack", strings.Join(frames, "; "))
}

// panicFrames lists the frames of the panicking goroutine from the one
// that panicked outwards, each as "function file:line".
func panicFrames() []string {
	pc := make([]uintptr, 64)
	n := runtime.Callers(3, pc) // past runtime.Callers, panicFrames and logPanic
	frames := runtime.CallersFrames(pc[:n])
	var out []string
	panicking := false
	for {
		f, more := frames.Next()
		switch {
		case f.Function == "runtime.gopanic" || f.Function == "runtime.panicmem" || f.Function == "runtime.sigpanic":
			panicking = true // what follows is the panicking code
			out = out[:0]
		case panicking && strings.HasPrefix(f.Function, "runtime."):
			// runtime.goexit, below every goroutine, or a panic inside the runtime
		case panicking:
			out = append(out, fmt.Sprintf("%s %s:%d", f.Function, f.File, f.Line))
		}
		if !more {
			return out
		}
	}
}
