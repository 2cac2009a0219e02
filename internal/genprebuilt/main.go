// Command genprebuilt writes rules/prebuilt.bin, the built-in policies
// compiled at build time (run by go generate ./rules).
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
