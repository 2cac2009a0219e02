package integration

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/mcplint/mcplint/schema"
)

type actionFile struct {
	Inputs map[string]struct {
		Default string `yaml:"default"`
	} `yaml:"inputs"`
	Runs struct {
		Using string `yaml:"using"`
		Steps []struct {
			Name  string            `yaml:"name"`
			ID    string            `yaml:"id"`
			Shell string            `yaml:"shell"`
			Run   string            `yaml:"run"`
			Uses  string            `yaml:"uses"`
			If    string            `yaml:"if"`
			Env   map[string]string `yaml:"env"`
			With  map[string]string `yaml:"with"`
		} `yaml:"steps"`
	} `yaml:"runs"`
}

var expr = regexp.MustCompile(`\$\{\{\s*([^}]+?)\s*\}\}`)

// TestActionShellSteps runs the composite action's shell steps the way the
// runner does (expressions substituted, GITHUB_OUTPUT and GITHUB_PATH
// files) over a fixture with findings, and validates the SARIF it writes.
func TestActionShellSteps(t *testing.T) {
	if testing.Short() {
		t.Skip("builds mcplint")
	}
	root, _ := filepath.Abs("..")
	raw, err := os.ReadFile(filepath.Join(root, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var act actionFile
	if err := yaml.Unmarshal(raw, &act); err != nil {
		t.Fatal(err)
	}
	if act.Runs.Using != "composite" {
		t.Fatalf("runs.using = %q", act.Runs.Using)
	}
	work := t.TempDir()
	project := filepath.Join(work, "repo")
	if err := os.MkdirAll(project, 0o755); err != nil {
		t.Fatal(err)
	}
	src := `{"mcpServers": {"docs": {"type": "http", "url": "http://docs.example.com/mcp"}}}`
	if err := os.WriteFile(filepath.Join(project, ".mcp.json"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	inputs := map[string]string{}
	for k, v := range act.Inputs {
		inputs[k] = v.Default
	}
	inputs["sarif-file"] = filepath.Join(work, "out.sarif")
	inputs["paths"] = "."
	outputs := map[string]map[string]string{}
	eval := func(s string) string {
		return expr.ReplaceAllStringFunc(s, func(m string) string {
			e := strings.TrimSpace(expr.FindStringSubmatch(m)[1])
			switch {
			case strings.HasPrefix(e, "inputs."):
				return inputs[strings.TrimPrefix(e, "inputs.")]
			case e == "github.action_path":
				return root
			case e == "runner.temp":
				return work
			case strings.HasPrefix(e, "steps."):
				parts := strings.Split(e, ".")
				return outputs[parts[1]][parts[3]]
			}
			t.Fatalf("expression %q not handled by the test", e)
			return ""
		})
	}
	ghOutput, ghPath := filepath.Join(work, "github_output"), filepath.Join(work, "github_path")
	var sawUpload bool
	for _, st := range act.Runs.Steps {
		if st.Uses != "" {
			if strings.HasPrefix(st.Uses, "github/codeql-action/upload-sarif@") {
				sawUpload = true
				if st.With["category"] != "mcplint" || !strings.Contains(st.If, "always()") {
					t.Errorf("upload step: category %q if %q", st.With["category"], st.If)
				}
			}
			continue
		}
		if st.Shell != "bash" {
			t.Fatalf("step %q: shell %q", st.Name, st.Shell)
		}
		_ = os.WriteFile(ghOutput, nil, 0o644)
		cmd := exec.Command("bash", "-c", st.Run)
		cmd.Dir = project
		cmd.Env = append(os.Environ(), "GITHUB_OUTPUT="+ghOutput, "GITHUB_PATH="+ghPath)
		for k, v := range st.Env {
			cmd.Env = append(cmd.Env, k+"="+eval(v))
		}
		out, err := cmd.CombinedOutput()
		if st.Name == "Fail on findings" {
			if err == nil {
				t.Errorf("the last step should fail: the fixture has an error-level finding")
			}
			continue
		}
		if err != nil {
			t.Fatalf("step %q: %v\n%s", st.Name, err, out)
		}
		if st.ID != "" {
			b, _ := os.ReadFile(ghOutput)
			outputs[st.ID] = map[string]string{}
			for _, line := range strings.Split(string(b), "\n") {
				if k, v, ok := strings.Cut(line, "="); ok {
					outputs[st.ID][k] = v
				}
			}
		}
	}
	if !sawUpload {
		t.Error("no upload-sarif step")
	}
	if outputs["check"]["exit-code"] != "1" {
		t.Errorf("exit-code output = %q, want 1", outputs["check"]["exit-code"])
	}
	sarif, err := os.ReadFile(inputs["sarif-file"])
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.ValidateSARIF(sarif); err != nil {
		t.Fatalf("the action's SARIF does not validate: %v", err)
	}
	if !strings.Contains(string(sarif), `"ruleId": "transport/https-only"`) {
		t.Errorf("SARIF lacks the https-only result:\n%s", sarif)
	}
}
