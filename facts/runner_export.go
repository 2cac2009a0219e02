package facts

import (
	"strconv"

	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/secret"
)

// Runner is the runner analysis the supply-chain rules see, for a caller
// outside the policy input (the inventory): the package a stdio server
// starts through npx, uvx, pipx, docker run and the like, with its
// version and whether it is pinned. Arguments are masked before they are
// read. nil when the command is not a known runner.
func Runner(s *loader.Server) *RunnerFact {
	if s == nil {
		return nil
	}
	masked := secret.MaskArgs(s.Args)
	args := make([]ArgFact, len(masked))
	for i, a := range masked {
		args[i] = ArgFact{Index: i, Value: a, Pointer: s.Pointer + "/args/" + strconv.Itoa(i)}
	}
	return runnerFact(s, args)
}

// ExactVersion reports whether v is one exact version for the ecosystem
// (npm: a full semver; pypi: a full release number), as the pinning rules
// judge it.
func ExactVersion(ecosystem, v string) bool {
	switch ecosystem {
	case "npm":
		return npmVersionProblem(v, v) == ""
	case "pypi":
		return pyExact.MatchString(v)
	}
	return v != ""
}

// ImageDigest reports whether d is an image digest (sha256:<hex>).
func ImageDigest(d string) bool { return digestRe.MatchString(d) }
