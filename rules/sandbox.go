package rules

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/metrics"
	"strings"
	"time"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"
)

// Policies run in a sandbox: a --policy module comes from whoever wrote
// it, and mcplint's promise is that a check never uses the network, reads
// nothing but the configs, and prints the same findings for the same
// files. So the compiler knows only the built-in functions that compute
// on their arguments; a call to any other is a compile error at its line.

// deniedBuiltin says why a built-in function is not available to
// policies ("" when it is).
func deniedBuiltin(name string) string {
	switch {
	case name == "http.send", name == "net.lookup_ip_addr":
		return "network"
	case name == "json.verify_schema", name == "json.match_schema":
		// A schema's $ref may name a remote or local document.
		return "network and file"
	case strings.HasPrefix(name, "time."):
		return "time"
	case strings.HasPrefix(name, "rand."), name == "uuid.rfc4122",
		name == "io.jwt.encode_sign", name == "io.jwt.encode_sign_raw":
		return "randomness"
	case name == "providers.aws.sign_req":
		return "time"
	case name == "opa.runtime", name == "trace", name == "print", name == "internal.print":
		return "runtime"
	}
	return ""
}

// SandboxCapabilities are OPA's capabilities for this version without
// the built-in functions deniedBuiltin names, and with no host allowed
// to the network functions in case one is ever added back.
func SandboxCapabilities() *ast.Capabilities {
	caps := ast.CapabilitiesForThisVersion()
	keep := make([]*ast.Builtin, 0, len(caps.Builtins))
	for _, b := range caps.Builtins {
		if deniedBuiltin(b.Name) == "" {
			keep = append(keep, b)
		}
	}
	caps.Builtins = keep
	caps.AllowNet = []string{}
	return caps
}

// sandboxErrors rewrites "undefined function" errors for denied
// built-ins into what they are, keeping each error's position.
func sandboxErrors(errs ast.Errors) ast.Errors {
	for _, e := range errs {
		name, ok := strings.CutPrefix(e.Message, "undefined function ")
		if !ok {
			continue
		}
		if why := deniedBuiltin(name); why != "" {
			e.Message = fmt.Sprintf("%s is not available to policies: they run without network, file, time, randomness or runtime access (%s)", name, why)
		}
	}
	return errs
}

// Defaults of the policy limits.
const (
	DefaultPolicyTimeout = 5 * time.Second
	DefaultPolicyMemory  = 1 << 30
)

// PolicyLimits bound the evaluation of a check that runs --policy
// modules: a deadline and a memory guard (how much the heap may grow
// while the policies run).
type PolicyLimits struct {
	Timeout time.Duration
	Memory  uint64
	// Files are the user's policy files, named when a limit is hit.
	Files []string
}

// PolicyLimitError is an evaluation stopped by a limit.
type PolicyLimitError struct {
	Limit string // "timeout" or "memory"
	PolicyLimits
}

func (e *PolicyLimitError) Error() string {
	which := "the --policy modules " + strings.Join(e.Files, ", ")
	if len(e.Files) == 1 {
		which = "the --policy module " + e.Files[0]
	}
	if e.Limit == "memory" {
		return fmt.Sprintf("policy evaluation stopped: it used more than %d MiB of memory (--policy-memory); %s did not finish", e.Memory>>20, which)
	}
	return fmt.Sprintf("policy evaluation stopped after %s (--policy-timeout); %s did not finish", e.Timeout, which)
}

// SetPolicyLimits guards every later evaluation with limits when the
// engine runs policies of dirs (the --policy folders or files). Call it
// before the engine is used.
func (e *Engine) SetPolicyLimits(dirs []string, timeout time.Duration, memory uint64) {
	files := policyFiles(dirs)
	if len(files) == 0 {
		return
	}
	if timeout <= 0 {
		timeout = DefaultPolicyTimeout
	}
	if memory == 0 {
		memory = DefaultPolicyMemory
	}
	e.limits = &PolicyLimits{Timeout: timeout, Memory: memory, Files: files}
}

// policyFiles lists the Rego files of --policy arguments as Modules reads
// them.
func policyFiles(dirs []string) []string {
	var out []string
	for _, dir := range dirs {
		fi, err := os.Stat(dir)
		if err != nil {
			continue
		}
		if !fi.IsDir() {
			out = append(out, dir)
			continue
		}
		_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".rego") && !strings.HasSuffix(p, "_test.rego") {
				out = append(out, p)
			}
			return nil
		})
	}
	return out
}

// evalQuery runs the prepared query, within the policy limits when there
// are any. The query runs on its own goroutine, so a built-in function
// that does not look at the context still cannot hold the check past the
// deadline; the context is cancelled, which stops the evaluation at its
// next step.
func (e *Engine) evalQuery(ctx context.Context, query rego.PreparedEvalQuery, in ast.Value) (rego.ResultSet, error) {
	l := e.limits
	if l == nil {
		return query.Eval(ctx, rego.EvalParsedInput(in))
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type result struct {
		rs  rego.ResultSet
		err error
	}
	done := make(chan result, 1)
	base := heapBytes()
	go func() {
		rs, err := query.Eval(ctx, rego.EvalParsedInput(in))
		done <- result{rs, err}
	}()
	deadline := time.NewTimer(l.Timeout)
	defer deadline.Stop()
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case r := <-done:
			return r.rs, r.err
		case <-deadline.C:
			return nil, &PolicyLimitError{Limit: "timeout", PolicyLimits: *l}
		case <-tick.C:
			if h := heapBytes(); h > base && h-base > l.Memory {
				return nil, &PolicyLimitError{Limit: "memory", PolicyLimits: *l}
			}
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

var heapSample = []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}

// heapBytes is the memory the heap's objects take now (live or not yet
// swept), read without stopping the world.
func heapBytes() uint64 {
	s := make([]metrics.Sample, 1)
	copy(s, heapSample)
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// IsPolicyLimit reports whether err is an evaluation stopped by a limit.
func IsPolicyLimit(err error) bool {
	var le *PolicyLimitError
	return errors.As(err, &le)
}
