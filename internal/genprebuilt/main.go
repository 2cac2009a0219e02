//go:build generate

// Command genprebuilt writes rules/prebuilt.bin, the built-in policies
// compiled at build time (run by go generate ./rules).
//
// The build tag keeps it out of go install ./..., which is how pre-commit
// builds the hook: building the root module builds only mcplint.
package main

import (
	"flag"
	"log"
	"os"

	"github.com/mcplint/mcplint/rules"
)

func main() {
	out := flag.String("o", "prebuilt.bin", "output `FILE`")
	flag.Parse()
	b, err := rules.EncodePrebuilt()
	if err != nil {
		log.Fatalf("genprebuilt: %v", err)
	}
	if err := os.WriteFile(*out, b, 0o644); err != nil {
		log.Fatalf("genprebuilt: %v", err)
	}
}
