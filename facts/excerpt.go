package facts

import (
	"strings"

	"github.com/mcplint/mcplint/loader"
	"github.com/mcplint/mcplint/secret"
)

// ExcerptLines returns the lines of a document as reporters may quote
// them: masked (secret.MaskSource, which masks a file that does not parse
// more widely), with "\r\n" read as "\n". It is nil when the file was
// not read, and for a tool snapshot that does not parse: a file named with
// --tools may be anything (--tools /etc/shadow), and none of it is shown.
func ExcerptLines(d *loader.Document) []string {
	if d == nil || d.File == nil {
		return nil
	}
	if d.ParseFailed && d.Kind == loader.KindToolSnapshot {
		return nil
	}
	text := strings.ReplaceAll(string(secret.MaskSource(d.File.Src, d.Format)), "\r\n", "\n")
	return strings.Split(text, "\n")
}
