package syntax

// Parse parses src in the given format. It never panics: on a syntax error
// it returns the File (with a nil or partial Root) and an *Error whose
// Offset points at the byte that broke the document. A leading UTF-8 byte
// order mark is skipped like whitespace so offsets stay true to the file.
func Parse(src []byte, format Format) (*File, error) {
	f := NewFile(src, format)
	var root *Node
	var err *Error
	switch format {
	case JSON:
		root, err = parseJSON(src, false)
	case JSONC:
		root, err = parseJSON(src, true)
	case TOML:
		root, err = parseTOML(src)
	case YAML:
		root, err = parseYAML(src)
	default:
		err = &Error{Msg: "unknown format"}
	}
	indexMembers(root)
	f.Root = root
	if err != nil {
		return f, err
	}
	return f, nil
}
