package facts

import (
	"reflect"
	"sort"
	"strings"

	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/secret"
)

// HideSecretNames switches the hiding of secret-like names and keys from
// the policy input on; a test turns it off to show its probe finds them.
var HideSecretNames = true

// Hidden maps the ids the policy input holds in place of secret-like
// names and keys back to the names (secret.NameID).
type Hidden struct {
	byID map[string]string
}

// Restore replaces every id in s by the name it stands for: a pointer a
// policy returns, before its span is looked up.
func (h *Hidden) Restore(s string) string {
	return h.replaceIDs(s, pointerEscape)
}

// Display replaces every id in s by the masked display of the name it
// stands for (secret.Text): a message a policy built from the input shows
// "ghp_…****" where the policy saw the id, never the id nor the name.
func (h *Hidden) Display(s string) string {
	return h.replaceIDs(s, secret.Text)
}

// replaceIDs replaces every id in s by what name gives for the name it
// stands for.
func (h *Hidden) replaceIDs(s string, name func(string) string) string {
	if h == nil || len(h.byID) == 0 || !strings.Contains(s, "‹id-") {
		return s
	}
	for id, n := range h.byID {
		if strings.Contains(s, id) {
			s = strings.ReplaceAll(s, id, name(n))
		}
	}
	return s
}

// hideNames replaces, in every string of the input, each server name and
// env or header key that is itself secret-like (secret.SecretLike) by its
// stable id: names, keys, pointers and texts built from them. A policy
// then never sees the secret (nor can print or build a variable name from
// it), and the same name gets the same id in every run.
func hideNames(in *Input, ws *loader.Workspace) *Hidden {
	if !HideSecretNames {
		return nil
	}
	// Keys repeat across servers (GITHUB_TOKEN, Authorization): each
	// distinct one is judged once.
	judged := map[string]bool{}
	names := map[string]bool{}
	add := func(s string) {
		if len(s) < 8 {
			return
		}
		if _, ok := judged[s]; ok {
			return
		}
		like := secret.SecretLike(s)
		judged[s] = like
		if like {
			names[s] = true
		}
	}
	for _, s := range ws.Servers {
		add(s.Name)
		for _, p := range s.Env {
			add(p.Key)
		}
		for _, p := range s.Headers {
			add(p.Key)
		}
	}
	if len(names) == 0 {
		return nil
	}
	h := &Hidden{byID: map[string]string{}}
	// Longest first, so a name inside a longer one is not cut in two.
	list := make([]string, 0, len(names))
	for n := range names {
		list = append(list, n)
	}
	sort.Slice(list, func(i, j int) bool {
		return len(list[i]) > len(list[j]) || len(list[i]) == len(list[j]) && list[i] < list[j]
	})
	var pairs []string
	for _, n := range list {
		id := secret.NameID(n)
		h.byID[id] = n
		pairs = append(pairs, n, id)
		if e := pointerEscape(n); e != n {
			pairs = append(pairs, e, id)
		}
	}
	r := strings.NewReplacer(pairs...)
	replaceStrings(reflect.ValueOf(in).Elem(), func(s string) string {
		if len(s) < 8 {
			return s
		}
		return r.Replace(s)
	})
	return h
}

// pointerEscape escapes a JSON pointer token (RFC 6901).
func pointerEscape(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// replaceStrings applies f to every string reachable from v.
func replaceStrings(v reflect.Value, f func(string) string) {
	switch v.Kind() {
	case reflect.String:
		if v.CanSet() {
			if s := f(v.String()); s != v.String() {
				v.SetString(s)
			}
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			replaceStrings(v.Elem(), f)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				replaceStrings(v.Field(i), f)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			replaceStrings(v.Index(i), f)
		}
	case reflect.Map:
		if v.IsNil() {
			return
		}
		t := v.Type()
		out := reflect.MakeMapWithSize(t, v.Len())
		it := v.MapRange()
		for it.Next() {
			k := reflect.New(t.Key()).Elem()
			k.Set(it.Key())
			replaceStrings(k, f)
			e := reflect.New(t.Elem()).Elem()
			e.Set(it.Value())
			replaceStrings(e, f)
			out.SetMapIndex(k, e)
		}
		v.Set(out)
	}
}
