package inventory

import (
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// ProjectName is the base name of the folder p names (of the folder
// holding p when it is a file): what a bill of materials is named after.
func ProjectName(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return ""
	}
	if fi, err := os.Stat(abs); err == nil && !fi.IsDir() {
		abs = filepath.Dir(abs)
	}
	return filepath.Base(abs)
}

// Time is now, or SOURCE_DATE_EPOCH (read with env) for reproducible
// documents.
func Time(env func(string) (string, bool)) time.Time {
	if s, _ := env("SOURCE_DATE_EPOCH"); s != "" {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return time.Unix(n, 0)
		}
	}
	return time.Now()
}
