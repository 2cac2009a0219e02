package probe

import (
	"context"
	"strings"
	"testing"
	"time"
)

// A server that answers every page with the same cursor is read twice,
// not until the page limit: the second sight of a cursor ends the paging
// with a note saying why.
func TestRepeatedCursorStopsPaging(t *testing.T) {
	t.Parallel()
	calls := 0
	page := func(_ context.Context, cursor string) ([]*string, string, error) {
		calls++
		item := "tool-" + cursor
		return []*string{&item}, "again", nil
	}
	o := Options{MaxPages: 100, MaxItems: 1000, RequestTimeout: time.Second}
	got, err := list(context.Background(), o, "tools/list", page)
	if err != nil {
		t.Fatal(err)
	}
	if calls != 2 || len(got.items) != 2 {
		t.Errorf("%d pages read, %d items; want 2 and 2", calls, len(got.items))
	}
	if len(got.notes) != 1 || !strings.Contains(got.notes[0], "tools/list: the server returned the same cursor twice") {
		t.Errorf("notes = %q", got.notes)
	}
}
