// Command releases is an MCP server of a release pipeline, built with
// mcptag, whose tools run as tasks (the extension
// io.modelcontextprotocol/tasks, protocol 2026-07-28): build works in
// steps, each the task's status message; deploy asks the user to confirm
// in a form inside its task; list_environments is a plain tool. It
// serves streamable HTTP without sessions, so that any number of
// replicas can serve one address.
//
// Replicas share their tasks through Redis (-redis): a task created on
// one is polled, answered and cancelled on any, and a replica that dies
// leaves its working tasks to fail one lease later (-lease), saying so.
// Replicas that take each other's form answers sign the forms' request
// state with one key (-state-key-file). Two replicas behind a load
// balancer, with one Redis and one key:
//
//	redis-server --port 6379 &
//	head -c 32 /dev/urandom | base64 > state.key
//	go run . -http localhost:8081 -redis localhost:6379 -state-key-file state.key &
//	go run . -http localhost:8082 -redis localhost:6379 -state-key-file state.key &
//
// and a load balancer that sends each request to either, for example
// nginx with an upstream of localhost:8081 and localhost:8082. A replica
// asked to stop (SIGINT, SIGTERM) lets its requests finish, then the
// rounds of its working tasks, for up to -drain; the tasks still working
// then fail one lease later, as a killed replica's do. Without -redis,
// tasks are kept in the process's memory: one replica only.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/mcptag/mcptag/toolrt"
	"github.com/mcptag/mcptag/toolrt/redistasks"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/redis/go-redis/v9"
)

// shutdownGrace is how long requests under way may take to finish once
// the server is asked to stop. A task's round outlives its request:
// -drain is how long the server waits for those.
const shutdownGrace = 5 * time.Second

// taskKeyPrefix is the prefix of the Redis keys of the tasks.
const taskKeyPrefix = "releases:task:"

func main() {
	addr := flag.String("http", "localhost:8080", "serve streamable HTTP without sessions on this address (host:port)")
	redisAddr := flag.String("redis", "", "keep tasks in the Redis server at this address (host:port), shared by every replica; without it, in this process's memory")
	stateKeyFile := flag.String("state-key-file", "", "a file holding the secret key (32 bytes or more) that signs forms' request state: the same file for every replica (default: a random key per process)")
	lease := flag.Duration("lease", 30*time.Second, "how long a working task outlives its replica: a task whose replica stopped is failed this long after its last renewal")
	drain := flag.Duration("drain", 30*time.Second, "once asked to stop, how long to wait for the tasks this replica runs to finish")
	flag.DurationVar(&stepDuration, "step", stepDuration, "how long each step of a build takes")
	flag.Parse()
	if err := run(*addr, *redisAddr, *stateKeyFile, *lease, *drain); err != nil {
		log.Fatal(err)
	}
}

// run serves the tools on addr until the process is interrupted, then
// waits for its tasks' rounds for up to drain.
func run(addr, redisAddr, stateKeyFile string, lease, drain time.Duration) error {
	if stateKeyFile != "" {
		if err := setStateKey(stateKeyFile); err != nil {
			return err
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	store, err := taskStore(ctx, redisAddr)
	if err != nil {
		return err
	}
	running := &toolrt.RunningTasks{}
	h := toolrt.TaskOptions{Store: store, Lease: lease, Running: running}.Handler(newHandler(newServer()))
	log.Printf("releases: serving MCP on http://%s", addr)
	err = serveHTTP(ctx, &http.Server{Addr: addr, Handler: h, ReadHeaderTimeout: 10 * time.Second})
	if err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	waitCtx, cancel := context.WithTimeout(context.Background(), drain)
	defer cancel()
	if running.Wait(waitCtx) != nil {
		log.Printf("releases: stopped with tasks still working: they fail one lease later")
	}
	return nil
}

// setStateKey has the forms' request state signed with the key in file,
// so that replicas that share it take each other's states: the answer
// to a form a task asked on one replica may reach another.
func setStateKey(file string) error {
	key, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	return toolrt.SetStateKey(bytes.TrimSpace(key))
}

// taskStore is the store of the tasks: Redis at addr, which must answer
// now, or this process's memory when addr is "".
func taskStore(ctx context.Context, addr string) (toolrt.TaskStore, error) {
	if addr == "" {
		log.Print("releases: tasks kept in memory")
		return toolrt.NewMemoryTaskStore(), nil
	}
	client := redis.NewClient(&redis.Options{Addr: addr})
	ping, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := client.Ping(ping).Err(); err != nil {
		return nil, fmt.Errorf("the Redis task store at %s: %w", addr, err)
	}
	log.Printf("releases: tasks kept in Redis at %s", addr)
	return redistasks.New(client, taskKeyPrefix), nil
}

// newServer is the MCP server of the release tools.
func newServer() *mcp.Server {
	server := mcp.NewServer(&mcp.Implementation{Name: "releases", Version: "v1.0.0"}, nil)
	toolrt.AddTools(server, Tools())
	return server
}

// newHandler serves server over streamable HTTP without sessions, which
// tasks need: any replica answers any request.
func newHandler(server *mcp.Server) http.Handler {
	return mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, &mcp.StreamableHTTPOptions{Stateless: true})
}

// serveHTTP serves until ctx is done, then lets requests under way
// finish for shutdownGrace and closes what is left.
func serveHTTP(ctx context.Context, srv *http.Server) error {
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe() }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return srv.Close()
	}
	return nil
}
