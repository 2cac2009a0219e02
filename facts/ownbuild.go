package facts

import (
	_ "embed"
	"encoding/json"
	"path/filepath"
	"strings"
	"sync"

	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/loader/syntax"
)

// What a project builds or installs itself: a package its own
// package.json names (itself, or a dependency npx then runs from
// node_modules) and an image its compose file builds. Running those is
// not fetching a release nobody reviewed, so they are not unpinned.

// projectBuild is what one folder's manifests say.
type projectBuild struct {
	npm      map[string]bool // package.json name and dependency names
	built    map[string]bool // compose services with a build section, and the image names they tag
	manifest string          // the file that names the npm package
	compose  string          // the compose file
}

// composeFiles are the names docker compose reads by default.
var composeFiles = []string{"compose.yaml", "compose.yml", "docker-compose.yaml", "docker-compose.yml"}

// readBuild reads dir's package.json and compose file.
func readBuild(dir string) *projectBuild {
	b := &projectBuild{npm: map[string]bool{}, built: map[string]bool{}}
	if src, err := loader.ReadRegularFile(filepath.Join(dir, "package.json"), 1<<20); err == nil {
		var pj struct {
			Name                 string            `json:"name"`
			Dependencies         map[string]string `json:"dependencies"`
			DevDependencies      map[string]string `json:"devDependencies"`
			OptionalDependencies map[string]string `json:"optionalDependencies"`
		}
		if json.Unmarshal(src, &pj) == nil {
			if pj.Name != "" {
				b.npm[pj.Name] = true
			}
			for _, m := range []map[string]string{pj.Dependencies, pj.DevDependencies, pj.OptionalDependencies} {
				for k := range m {
					b.npm[k] = true
				}
			}
			if len(b.npm) > 0 {
				b.manifest = "package.json"
			}
		}
	}
	for _, name := range composeFiles {
		src, err := loader.ReadRegularFile(filepath.Join(dir, name), 1<<20)
		if err != nil {
			continue
		}
		f, err := syntax.Parse(src, syntax.YAML)
		if err != nil || f.Root == nil {
			break
		}
		if svcs := f.Root.Get("services"); svcs != nil && svcs.Kind == syntax.Object {
			for _, m := range svcs.Members {
				if m.Value == nil || m.Value.Get("build") == nil {
					continue
				}
				b.built[m.Key] = true
				if img, ok := m.Value.Get("image").Str(); ok {
					b.built[imageName(img)] = true
				}
			}
		}
		b.compose = name
		break
	}
	return b
}

// imageName is an image reference without its tag or digest.
func imageName(ref string) string {
	if i := strings.Index(ref, "@"); i >= 0 {
		ref = ref[:i]
	}
	if i := strings.LastIndex(ref, ":"); i > strings.LastIndex(ref, "/") {
		ref = ref[:i]
	}
	return ref
}

// ownBuild says which file shows that the package or image rf runs is the
// project's own ("" when none does): npx of a package the project's
// package.json names runs the installed copy, and an image with no
// registry host that the compose file beside the config builds
// (compose tags it <project>-<service>) is built from the repository.
// Only a package without a version, or an image without a tag or tagged
// latest, is the project's own: a version written out asks for that one.
func ownBuild(pf *projectFiles, d *loader.Document, rf *RunnerFact) string {
	if d == nil || rf == nil || rf.Registry || rf.Local {
		return ""
	}
	if d.Tier != loader.TierProject && d.Tier != loader.TierLocal && d.Tier != loader.TierCopy {
		return ""
	}
	var dirs []string
	if d.ProjectDir != "" {
		dirs = append(dirs, d.ProjectDir)
	}
	if d.AbsPath != "" {
		if beside := filepath.Dir(d.AbsPath); beside != d.ProjectDir {
			dirs = append(dirs, beside)
		}
	}
	for _, dir := range dirs {
		b := pf.builds.get(dir, func() *projectBuild { return readBuild(dir) })
		switch {
		case rf.Ecosystem == "npm" && rf.Problem == "no-version" && b.npm[rf.Package]:
			return b.manifest
		case rf.Ecosystem == "oci" && (rf.Problem == "no-tag" || rf.Problem == "latest") && !hasRegistryHost(rf.Package) && builtImage(b, rf.Package):
			return b.compose
		}
	}
	if rf.Ecosystem == "oci" && (rf.Problem == "no-tag" || rf.Problem == "latest") && localOnlyImage(rf.Package) {
		return "an image no registry has: docker runs it only when it was built on the machine"
	}
	return ""
}

//go:embed docker_official_images.txt
var dockerOfficialImagesText string

// dockerOfficial are the Docker Official Images, the only names Docker
// Hub serves without a namespace (docker.io/library/<name>).
var dockerOfficial = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, line := range strings.Split(dockerOfficialImagesText, "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			m[line] = true
		}
	}
	return m
})

// localOnlyImage: an image name with neither a registry host nor a
// namespace that is not an official image (local-doc-context-mcp) is
// pulled from nowhere, so it is one built on the machine, like a
// compose-built image.
func localOnlyImage(image string) bool {
	return image != "" && !strings.Contains(image, "/") && !dockerOfficial()[strings.ToLower(image)]
}

// hasRegistryHost: the first part of an image name is a registry host
// when it has a "." or ":" or is localhost (docker's own rule).
func hasRegistryHost(image string) bool {
	first, _, found := strings.Cut(image, "/")
	return found && (strings.ContainsAny(first, ".:") || first == "localhost")
}

func builtImage(b *projectBuild, image string) bool {
	if b.built[image] {
		return true
	}
	for svc := range b.built {
		if strings.HasSuffix(image, "-"+svc) || strings.HasSuffix(image, "_"+svc) {
			return true
		}
	}
	return false
}
