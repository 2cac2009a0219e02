//go:build !unix

package loader

const nonBlock = 0
