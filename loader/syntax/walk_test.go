package syntax

import (
	"fmt"
	"strings"
	"testing"
)

func TestWalkVisitsInDocumentOrder(t *testing.T) {
	f, err := Parse([]byte(`{"a": [1, {"b": "x"}, [2]], "c": {"d": null}}`), JSON)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	Walk(f.Root, func(v Visit) bool {
		got = append(got, fmt.Sprintf("%d:%s/%s/%d:%s", v.Depth, v.Key, v.Field, v.Index, v.Node.Kind))
		return true
	}, func(v Visit) { got = append(got, "leave "+v.Node.Kind.String()) })
	want := []string{
		"0://-1:object",
		"1:a/a/-1:array",
		"2:/a/0:number",
		"2:/a/1:object",
		"3:b/b/-1:string",
		"leave object",
		"2:/a/2:array",
		"3:/a/0:number",
		"leave array",
		"leave array",
		"1:c/c/-1:object",
		"2:d/d/-1:null",
		"leave object",
		"leave object",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestWalkSkipsChildrenWhenEnterDeclines(t *testing.T) {
	f, err := Parse([]byte(`{"skip": {"x": 1}, "keep": {"y": 2}}`), JSON)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	left := 0
	Walk(f.Root, func(v Visit) bool {
		keys = append(keys, v.Key)
		return v.Key != "skip"
	}, func(Visit) { left++ })
	if strings.Join(keys, ",") != ",skip,keep,y" || left != 3 {
		t.Errorf("keys %q, %d leaves", keys, left)
	}
	Walk(nil, func(Visit) bool { t.Error("visited a nil tree"); return true }, nil)
}
