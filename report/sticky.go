package report

import "io"

// stickyWriter keeps the first error of its writer and writes nothing
// after it, so a report written line by line with fmt.Fprintf returns the
// failure (a closed pipe, a full disk) once, at the end.
type stickyWriter struct {
	w   io.Writer
	err error
}

func (s *stickyWriter) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(p)
	s.err = err
	return n, err
}
