package lsp

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

func frame(body string) string {
	return "Content-Length: " + itoa(len(body)) + "\r\n\r\n" + body
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for n > 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}

func TestReadMessage(t *testing.T) {
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"x":"é𝄞"}}`
	cases := []struct {
		name string
		in   string
		want []string // bodies; "ERR" for a framing error
	}{
		{"one", frame(body), []string{body}},
		{"two back to back", frame(body) + frame("{}"), []string{body, "{}"}},
		{"content-type and case", "content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}", []string{"{}"}},
		{"bare newlines", "Content-Length: 2\n\n{}", []string{"{}"}},
		{"blank lines between", "\r\n\r\n" + frame("{}"), []string{"{}"}},
		{"no length then good", "X-Foo: 1\r\n\r\n" + frame("{}"), []string{"ERR", "{}"}},
		{"bad length then good", "Content-Length: abc\r\n\r\n" + frame("{}"), []string{"ERR", "{}"}},
		{"negative length", "Content-Length: -4\r\n\r\n" + frame("{}"), []string{"ERR", "{}"}},
		{"header without colon", "Content-Length: 2\r\ngarbage\r\n\r\n{}" + frame("[]"), []string{"ERR", "[]"}},
		{"long header line", strings.Repeat("x", 10000) + "\r\n\r\n" + frame("{}"), []string{"ERR", "{}"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := bufio.NewReader(strings.NewReader(c.in))
			for i, want := range c.want {
				got, err := readMessage(r)
				if want == "ERR" {
					if !errors.Is(err, errFraming) {
						t.Fatalf("message %d: err = %v, want a framing error", i, err)
					}
					continue
				}
				if err != nil {
					t.Fatalf("message %d: %v", i, err)
				}
				if string(got) != want {
					t.Fatalf("message %d = %q, want %q", i, got, want)
				}
			}
			if _, err := readMessage(r); !errors.Is(err, io.EOF) {
				t.Fatalf("after the last message: err = %v, want EOF", err)
			}
		})
	}
}

func TestReadMessageTruncated(t *testing.T) {
	for _, in := range []string{"Content-Length: 10\r\n\r\n{}", "Content-Length: 10\r\n", "Content-Len"} {
		_, err := readMessage(bufio.NewReader(strings.NewReader(in)))
		if !errors.Is(err, io.ErrUnexpectedEOF) {
			t.Errorf("%q: err = %v, want unexpected EOF", in, err)
		}
	}
}

func TestReadMessageTooLarge(t *testing.T) {
	in := "Content-Length: " + itoa(MaxMessageSize+1) + "\r\n\r\n"
	r := io.MultiReader(strings.NewReader(in), io.LimitReader(zeros{}, MaxMessageSize+1), strings.NewReader(frame("{}")))
	br := bufio.NewReader(r)
	if _, err := readMessage(br); !errors.Is(err, errFraming) {
		t.Fatalf("err = %v, want a framing error", err)
	}
	got, err := readMessage(br)
	if err != nil || string(got) != "{}" {
		t.Fatalf("next message = %q, %v", got, err)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	return len(p), nil
}

func TestWriterFraming(t *testing.T) {
	var buf bytes.Buffer
	w := &writer{w: &buf}
	if err := w.write(map[string]string{"k": "é"}); err != nil {
		t.Fatal(err)
	}
	want := "Content-Length: 10\r\n\r\n{\"k\":\"é\"}"
	if buf.String() != want {
		t.Fatalf("got %q, want %q", buf.String(), want)
	}
	got, err := readMessage(bufio.NewReader(&buf))
	if err != nil || string(got) != `{"k":"é"}` {
		t.Fatalf("round trip = %q, %v", got, err)
	}
}

func bufioReader(r io.Reader) *bufio.Reader { return bufio.NewReader(r) }
