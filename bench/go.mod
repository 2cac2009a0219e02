// The benchmark programs are their own module so that building the root
// module (go install ./..., the pre-commit hook) builds only mcplint.
module github.com/mcplint/mcplint/bench

go 1.26.0
