package knowledge

import (
	"regexp"
	"strings"
)

// Hints are a tool's MCP annotations as a snapshot records them.
type Hints struct {
	Annotated   bool
	ReadOnly    bool
	Destructive bool
	OpenWorld   bool
}

// namePatterns classify a tool that no record knows, by the words of its
// name (snake, kebab or camel case). They are deliberately narrow: a tool
// they miss stays unclassified, and a server with unclassified tools is
// "unknown", never safe.
var namePatterns = []struct {
	class Class
	re    *regexp.Regexp
}{
	{UntrustedContent, regexp.MustCompile(`^(fetch|scrape|crawl|browse|navigate|web_search|search_web|read_url|get_url|read_email|search_emails?|get_issue|list_issues|get_comments?|read_messages?|get_messages?|channel_history)(_|$)`)},
	{PrivateData, regexp.MustCompile(`^(read_file|read_files|read_multiple_files|get_file_contents?|list_directory|query|run_query|execute_sql|read_query|search_code|get_secret|list_secrets|read_graph)(_|$)`)},
	{Outbound, regexp.MustCompile(`^(send|post|create_issue|create_comment|add_comment|add_issue_comment|create_pull_request|publish|upload|http_request|make_request|webhook|send_message|send_email)(_|$)`)},
	{Destructive, regexp.MustCompile(`^(delete|remove|drop|write_file|edit_file|move_file|overwrite|truncate|update|merge|push|kill|destroy|reset)(_|$)`)},
	{CodeExecution, regexp.MustCompile(`^(exec|execute|execute_command|run_command|run_code|run_script|shell|bash|terminal|evaluate|eval|run_python|start_process)(_|$)`)},
}

// Classify gives the classes of a tool from its annotations and its name.
// A destructive hint marks it destructive; an open-world hint on a tool
// that is not read-only marks it outbound, and on any tool as reading
// content from outside. The name patterns add what the hints do not say.
func Classify(name string, h Hints) []Class {
	set := map[Class]bool{}
	if h.Annotated {
		if h.Destructive && !h.ReadOnly {
			set[Destructive] = true
		}
		if h.OpenWorld {
			set[UntrustedContent] = true
			if !h.ReadOnly {
				set[Outbound] = true
			}
		}
	}
	words := snake(name)
	for _, p := range namePatterns {
		if p.re.MatchString(words) {
			if h.Annotated && h.ReadOnly && (p.class == Destructive || p.class == Outbound || p.class == CodeExecution) {
				continue // the server says the tool only reads
			}
			set[p.class] = true
		}
	}
	var out []Class
	for _, c := range Classes {
		if set[c] {
			out = append(out, c)
		}
	}
	return out
}

// snake writes a tool name in lower snake case: "createIssue" and
// "create-issue" become "create_issue".
func snake(name string) string {
	var b strings.Builder
	for i, r := range name {
		switch {
		case r == '-' || r == '.' || r == ' ':
			b.WriteByte('_')
		case r >= 'A' && r <= 'Z':
			if i > 0 {
				b.WriteByte('_')
			}
			b.WriteRune(r + 'a' - 'A')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
