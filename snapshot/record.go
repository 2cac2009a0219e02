package snapshot

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mcplint/mcplint/fix"
	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/secret"
)

// Recorder writes the snapshots and pins of project folders and prints
// what changed.
type Recorder struct {
	// Out gets one line per server, its notes and its drift.
	Out io.Writer
	// WorkDir is the working folder paths are shown relative to (when
	// under it); "" shows them as they are.
	WorkDir string
	// Update re-pins what drifted.
	Update bool
}

func (r *Recorder) rel(p string) string {
	if r.WorkDir != "" {
		if rel, err := filepath.Rel(r.WorkDir, p); err == nil && !strings.HasPrefix(rel, "..") {
			return rel
		}
	}
	return p
}

// Project writes the snapshots and pins of one project folder. It returns
// how many drifts it found and the files it considered.
func (r *Recorder) Project(dir string, servers []*Server) (int, []string, error) {
	stdout := r.Out
	pinsPath := filepath.Join(dir, filepath.FromSlash(loader.PinsFile))
	// A repository's .mcplint (or a record in it) linked outside the
	// project would have probe read another file as pins or write the
	// records into a folder of the user's: refused before anything is read.
	toolsDir := filepath.Join(dir, filepath.FromSlash(loader.ToolSnapshotDir))
	check := []string{filepath.Dir(pinsPath), toolsDir, pinsPath}
	for _, s := range servers {
		check = append(check, filepath.Join(toolsDir, FileName(s.Name)))
	}
	for _, p := range check {
		if out := linkedOutside(dir, p); out != "" {
			return 0, nil, fmt.Errorf("%s is a link leading outside the project, to %s; remove it, then probe again", r.rel(p), secret.Display(out))
		}
	}
	pins := &loader.Pins{Version: 1, Servers: map[string]*loader.ServerPin{}}
	if b, err := loader.ReadRegularFile(pinsPath, loader.DefaultMaxFileSize); err == nil {
		p, err := loader.ParsePins(b)
		if err != nil {
			// The decoder's message quotes the file's bytes.
			return 0, nil, fmt.Errorf("%s is not a pins file (mcplint check %s says where); fix or remove it, then probe again", r.rel(pinsPath), r.rel(pinsPath))
		}
		pins = p
	} else if !errors.Is(err, fs.ErrNotExist) {
		return 0, nil, err
	}
	drift := 0
	var files []string
	for _, s := range servers {
		path := filepath.Join(toolsDir, FileName(s.Name))
		files = append(files, path)
		oldSnap, _ := loader.ReadRegularFile(path, loader.DefaultMaxFileSize)
		data := Encode(s)
		wrote, err := fix.WriteIfChanged(path, data)
		if err != nil {
			return drift, files, fmt.Errorf("%s: %w", r.rel(path), err)
		}
		state := "unchanged"
		if wrote {
			state = "written"
		}
		res := s.Result
		fmt.Fprintf(stdout, "%s (%s): %s, %s, %s → %s (%s)\n", secret.Display(s.Name), s.Transport,
			plural(len(res.Tools), "tool"), plural(len(res.Prompts), "prompt"), plural(len(res.Resources), "resource"), secret.Display(r.rel(path)), state)
		for _, n := range res.Notes {
			fmt.Fprintf(stdout, "  note: %s\n", secret.Display(Scrub(n, s.Scrub)))
		}
		d, err := r.pinServer(pins, s, data, oldSnap)
		if err != nil {
			return drift, files, fmt.Errorf("%s: %w", r.rel(path), err)
		}
		drift += d
	}
	wrote, err := fix.WriteIfChanged(pinsPath, pins.Encode())
	if err != nil {
		return drift, files, fmt.Errorf("%s: %w", r.rel(pinsPath), err)
	}
	if wrote {
		fmt.Fprintf(stdout, "pins: %s written\n", secret.Display(r.rel(pinsPath)))
	}
	files = append(files, pinsPath)
	return drift, files, nil
}

// linkedOutside is where p leads when it exists and its real path lies
// outside the real path of dir, else "".
func linkedOutside(dir, p string) string {
	if _, err := os.Lstat(p); err != nil {
		return ""
	}
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return ""
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "" // a dangling link: the write replaces the link itself
	}
	if real == root || strings.HasPrefix(real, root+string(filepath.Separator)) {
		return ""
	}
	return real
}

// pinServer compares a server's tools with its pins. A server seen for the
// first time is pinned whole; after that a changed, new or removed tool
// (or changed instructions) is drift, pinned only with Update.
func (r *Recorder) pinServer(pins *loader.Pins, s *Server, data, oldSnap []byte) (int, error) {
	stdout, update := r.Out, r.Update
	name := loader.SnapshotServer(s.Name)
	_, order, err := snapshotTools(data)
	if err != nil {
		return 0, err
	}
	sp := pins.Servers[name]
	first := sp == nil
	if first {
		sp = &loader.ServerPin{Tools: map[string]*loader.ToolPin{}}
		pins.Servers[name] = sp
	}
	oldTools, _, _ := snapshotTools(oldSnap)
	drift := 0
	say := func(format string, a ...any) {
		drift++
		fmt.Fprintf(stdout, "  drift: "+format+"\n", a...)
	}
	instr := loader.TextDigest(Scrub(s.Result.Instructions, s.Scrub))
	if first {
		sp.Instructions = instr
	} else if sp.Instructions != instr {
		say("the server's instructions differ from their pin")
		if update {
			sp.Instructions = instr
		}
	}
	seen := map[string]bool{}
	for _, t := range order {
		seen[t.name] = true
		cur, err := loader.PinToolCopies(t.copies)
		if err != nil {
			return drift, err
		}
		old := sp.Tools[t.name]
		switch {
		case first:
			sp.Tools[t.name] = cur
		case old == nil:
			say("tool %q is new since the server was pinned", secret.Display(t.name))
			if update {
				sp.Tools[t.name] = cur
			}
		case old.SHA256 != cur.SHA256:
			parts := loader.ChangedParts(old, cur)
			say("tool %q differs from its pin: %s changed", secret.Display(t.name), strings.Join(parts, ", "))
			if ot := oldTools[t.name]; ot != nil {
				showChange(stdout, ot.raw, t.raw, s.Scrub)
			}
			if update {
				sp.Tools[t.name] = cur
			}
		}
	}
	var gone []string
	for n := range sp.Tools {
		if !seen[n] {
			gone = append(gone, n)
		}
	}
	sort.Strings(gone)
	for _, n := range gone {
		say("pinned tool %q is no longer offered", secret.Display(n))
		if update {
			delete(sp.Tools, n)
		}
	}
	switch {
	case first:
		fmt.Fprintf(stdout, "  pinned %s (first probe of this server)\n", plural(len(sp.Tools), "tool"))
	case drift > 0 && update:
		fmt.Fprintln(stdout, "  re-pinned (--update)")
		return 0, nil
	case drift > 0:
		fmt.Fprintln(stdout, "  review the change, then run mcplint probe --update to pin it")
	}
	return drift, nil
}

type rawTool struct {
	name string
	raw  []byte
	// copies are every tool of that name in list order (raw is the
	// first): a server may list one name twice, and the pin covers all.
	copies [][]byte
}

// snapshotTools reads the tools of a snapshot as raw JSON objects, by
// name and in list order (a name once, at its first place), the form the
// pins are computed from.
func snapshotTools(data []byte) (map[string]*rawTool, []*rawTool, error) {
	if len(data) == 0 {
		return nil, nil, nil
	}
	var s struct {
		Tools []json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, nil, err
	}
	out := map[string]*rawTool{}
	var order []*rawTool
	for _, raw := range s.Tools {
		var n struct {
			Name string `json:"name"`
		}
		if json.Unmarshal(raw, &n) != nil {
			continue
		}
		if t, dup := out[n.Name]; dup {
			t.copies = append(t.copies, raw)
			continue
		}
		t := &rawTool{name: n.Name, raw: raw, copies: [][]byte{raw}}
		out[n.Name] = t
		order = append(order, t)
	}
	return out, order, nil
}

// showChange prints the old and new description (masked, escaped, cut)
// and names the other members that changed.
func showChange(w io.Writer, oldRaw, newRaw []byte, values []string) {
	var o, n map[string]json.RawMessage
	if json.Unmarshal(oldRaw, &o) != nil || json.Unmarshal(newRaw, &n) != nil {
		return
	}
	for _, k := range []string{"title", "description"} {
		if bytes.Equal(o[k], n[k]) {
			continue
		}
		var os, ns string
		_ = json.Unmarshal(o[k], &os)
		_ = json.Unmarshal(n[k], &ns)
		fmt.Fprintf(w, "    - %s: %s\n", k, cut(secret.Display(secret.MaskValue("", Scrub(os, values)))))
		fmt.Fprintf(w, "    + %s: %s\n", k, cut(secret.Display(secret.MaskValue("", Scrub(ns, values)))))
	}
}

func cut(s string) string {
	if r := []rune(s); len(r) > 300 {
		return string(r[:300]) + "…"
	}
	return s
}

func plural(n int, w string) string {
	if n == 1 {
		return "1 " + w
	}
	return fmt.Sprintf("%d %ss", n, w)
}
