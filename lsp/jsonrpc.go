package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// JSON-RPC 2.0 and LSP error codes.
const (
	codeParseError           = -32700
	codeInvalidRequest       = -32600
	codeMethodNotFound       = -32601
	codeInvalidParams        = -32602
	codeInternalError        = -32603
	codeServerNotInitialized = -32002
	codeRequestFailed        = -32803
)

// MaxMessageSize is the largest message body read; a larger one is skipped
// without being held in memory.
const MaxMessageSize = 64 << 20

// maxHeaderBytes bounds one header line, so a stream without newlines
// cannot grow a buffer without end.
const maxHeaderBytes = 4096

// message is any JSON-RPC message: a request (method and id), a
// notification (method, no id) or a response (id, result or error).
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

// validID says whether a message's id is absent, a string, a number or
// null, the forms JSON-RPC 2.0 allows.
func validID(id json.RawMessage) bool {
	t := bytes.TrimSpace(id)
	if len(t) == 0 {
		return true
	}
	switch t[0] {
	case '"', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return true
	}
	return string(t) == "null"
}

func (m *message) isRequest() bool      { return m.Method != "" && len(m.ID) > 0 }
func (m *message) isNotification() bool { return m.Method != "" && len(m.ID) == 0 }

// rpcError is a JSON-RPC error object.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string { return fmt.Sprintf("%s (%d)", e.Message, e.Code) }

// response is what the server sends back for a request. Result is always
// present on success ("result": null included), never with an error.
type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

// notification is a message the server sends that needs no answer; a
// request to the client has an ID too.
type outgoing struct {
	JSONRPC string `json:"jsonrpc"`
	ID      any    `json:"id,omitempty"`
	Method  string `json:"method"`
	Params  any    `json:"params,omitempty"`
}

// errFraming is a malformed header block: the message is dropped and the
// stream read on.
var errFraming = errors.New("malformed message header")

// readMessage reads one Content-Length framed message body. It returns
// io.EOF at a clean end of the stream, io.ErrUnexpectedEOF when the stream
// ends inside a message, and an error wrapping errFraming when the headers
// are malformed or the body is too large (the body is then skipped when
// its length is known, so the next message can still be read).
func readMessage(r *bufio.Reader) ([]byte, error) {
	length := -1
	sawHeader := false
	var bad error
	for {
		line, err := readHeaderLine(r)
		if err != nil {
			if errors.Is(err, io.EOF) && !sawHeader {
				return nil, io.EOF
			}
			if errors.Is(err, io.EOF) {
				return nil, io.ErrUnexpectedEOF
			}
			return nil, err
		}
		if line == "" {
			if !sawHeader {
				continue // stray blank line between messages
			}
			break
		}
		sawHeader = true
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			bad = fmt.Errorf("%w: header line without a colon", errFraming)
			continue
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 {
				bad = fmt.Errorf("%w: bad Content-Length", errFraming)
				continue
			}
			length = n
		}
		// Content-Type and unknown headers are accepted and ignored.
	}
	if length < 0 {
		if bad == nil {
			bad = fmt.Errorf("%w: no Content-Length", errFraming)
		}
		return nil, bad
	}
	if length > MaxMessageSize {
		if _, err := io.CopyN(io.Discard, r, int64(length)); err != nil {
			return nil, io.ErrUnexpectedEOF
		}
		return nil, fmt.Errorf("%w: message of %d bytes is over the %d byte limit; skipped", errFraming, length, MaxMessageSize)
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(r, body); err != nil {
		return nil, io.ErrUnexpectedEOF
	}
	if bad != nil {
		return nil, bad
	}
	return body, nil
}

// readHeaderLine reads one line ending in \r\n (a bare \n is accepted)
// without its ending. A line longer than maxHeaderBytes is an error.
func readHeaderLine(r *bufio.Reader) (string, error) {
	var buf []byte
	for {
		chunk, err := r.ReadSlice('\n')
		buf = append(buf, chunk...)
		if len(buf) > maxHeaderBytes {
			// Drop the rest of the line so reading can resume after it.
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = r.ReadSlice('\n')
			}
			if err != nil && !errors.Is(err, bufio.ErrBufferFull) {
				return "", err
			}
			return "", fmt.Errorf("%w: header line too long", errFraming)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil {
			if len(buf) > 0 && err == io.EOF {
				return "", io.ErrUnexpectedEOF
			}
			return "", err
		}
		return string(bytes.TrimRight(buf, "\r\n")), nil
	}
}

// writer frames and writes messages; it is safe for concurrent use.
type writer struct {
	mu sync.Mutex
	w  io.Writer
}

// write marshals v and writes it with its Content-Length header.
func (w *writer) write(v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return w.writeRaw(body)
}

func (w *writer) writeRaw(body []byte) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	var b bytes.Buffer
	b.Grow(len(body) + 32)
	fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n", len(body))
	b.Write(body)
	_, err := w.w.Write(b.Bytes())
	return err
}
