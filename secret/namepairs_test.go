package secret

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// inlineAssignIndexAny and namePairsBySlice are the two as they were
// written first: the first '=' or ':' found with IndexAny, and the fields
// of the value split into a slice first.
func inlineAssignIndexAny(s string) (string, int, bool) {
	i := strings.IndexAny(s, "=:")
	if i <= 0 || i > 128 {
		return "", 0, false
	}
	name := strings.TrimRight(s[:i], " \t")
	if !isAssignName(name) {
		return "", 0, false
	}
	if s[i] == ':' && (len(name) < 2 || strings.HasPrefix(s[i+1:], "//")) {
		return "", 0, false
	}
	j := i + 1
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	if j >= len(s) {
		return "", 0, false
	}
	return name, j, true
}

func namePairsBySlice(value, name string) []namePair {
	var pairs []namePair
	if name != "" {
		pairs = append(pairs, namePair{name, 0, value})
	}
	if n, off, ok := inlineAssignIndexAny(value); ok {
		pairs = append(pairs, namePair{n, off, value[off:]})
	}
	if !strings.ContainsAny(value, " \t\n\r") {
		return pairs
	}
	type field struct {
		off  int
		text string
	}
	var fields []field
	for i := 0; i < len(value); {
		for i < len(value) && isSpace(value[i]) {
			i++
		}
		j := i
		for j < len(value) && !isSpace(value[j]) {
			j++
		}
		if j > i {
			fields = append(fields, field{i, value[i:j]})
		}
		i = j
	}
	for k, f := range fields {
		if n, off, ok := inlineAssignIndexAny(f.text); ok {
			pairs = append(pairs, namePair{n, f.off + off, f.text[off:]})
			continue
		}
		if k+1 < len(fields) && isFlag(f.text) && CredentialName(f.text) {
			next := fields[k+1]
			pairs = append(pairs, namePair{f.text, next.off, next.text})
		}
	}
	return pairs
}

// TestNamePairs holds namePairs and inlineAssign to the versions above on
// command lines, assignments, headers and random text of their pieces.
func TestNamePairs(t *testing.T) {
	texts := []string{
		"", "x", "API_KEY=abc", "--token=abc def", "--api-key abc", "-k abc", "--token", "X-Api-Key: abc", "a: b",
		"https://x.dev/?a=b", "host=db user=app password=p4ss", "npx -y pkg --api-key K --token=T\tGH_TOKEN=x",
		"--api-key --token x", " \t--secret \n s3cr3t ", strings.Repeat("a", 130) + "=x", strings.Repeat("a", 128) + "=x",
		"é=x", "\xff=x y=z", "TOKEN:\x00", "--password= x", "K =v", "K= ",
	}
	pieces := []string{"--api-key", "--token", "-k", "-x", "API_KEY=", "X-Token:", "v4lue", " ", "\t", "\n", "=", ":", "//", "é", "pwd", "https://h/"}
	r := rand.New(rand.NewPCG(3, 4))
	for range 3000 {
		var b strings.Builder
		for range r.IntN(8) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		texts = append(texts, b.String())
	}
	for _, v := range texts {
		n1, o1, ok1 := inlineAssign(v)
		n2, o2, ok2 := inlineAssignIndexAny(v)
		if n1 != n2 || o1 != o2 || ok1 != ok2 {
			t.Errorf("inlineAssign(%q) = %q %d %v, want %q %d %v", v, n1, o1, ok1, n2, o2, ok2)
		}
		for _, name := range []string{"", "API_KEY"} {
			sc := scanner{value: v}
			got := sc.namePairs(nil, name)
			if want := namePairsBySlice(v, name); !slices.Equal(got, want) {
				t.Errorf("namePairs(%q, %q) = %v, want %v", v, name, got, want)
			}
		}
	}
}
