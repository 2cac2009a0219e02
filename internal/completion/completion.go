// Package completion writes shell completion scripts (bash, zsh, fish)
// from a description of the commands and their flags, so the scripts
// follow the flag sets instead of a list kept by hand.
package completion

import (
	"fmt"
	"sort"
	"strings"
)

// Command is one subcommand and its flags.
type Command struct {
	Name, Summary string
	Flags         []Flag
}

// Flag is one flag, without its dashes.
type Flag struct {
	Name, Usage string
}

// Shells are the shells Script knows.
var Shells = []string{"bash", "zsh", "fish"}

// Script is the completion script of prog for shell.
func Script(shell, prog string, cmds []Command) (string, error) {
	cmds = append([]Command(nil), cmds...)
	sort.Slice(cmds, func(i, j int) bool { return cmds[i].Name < cmds[j].Name })
	switch shell {
	case "bash":
		return bash(prog, cmds), nil
	case "zsh":
		return zsh(prog, cmds), nil
	case "fish":
		return fish(prog, cmds), nil
	}
	return "", fmt.Errorf("unknown shell %q: want %s", shell, strings.Join(Shells, ", "))
}

func names(cmds []Command) string {
	var out []string
	for _, c := range cmds {
		out = append(out, c.Name)
	}
	return strings.Join(out, " ")
}

// dashed is a flag as typed: -q for a one-letter name, --name otherwise.
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

func flagWords(c Command) string {
	var out []string
	for _, f := range c.Flags {
		out = append(out, dashed(f.Name))
	}
	return strings.Join(out, " ")
}

// fn is a shell function name for prog.
func fn(prog string) string {
	return "_" + strings.NewReplacer("-", "_", ".", "_").Replace(prog)
}

func bash(prog string, cmds []Command) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# bash completion for %s; load with: source <(%s completion bash)\n", prog, prog)
	fmt.Fprintf(&b, "%s() {\n", fn(prog))
	b.WriteString("  local cur=${COMP_WORDS[COMP_CWORD]}\n")
	fmt.Fprintf(&b, "  if [ \"$COMP_CWORD\" -eq 1 ] && [[ $cur != -* ]]; then\n    COMPREPLY=($(compgen -W '%s' -- \"$cur\"))\n    return\n  fi\n", names(cmds))
	b.WriteString("  [[ $cur == -* ]] || return\n")
	b.WriteString("  local cmd=${COMP_WORDS[1]}\n  case $cmd in\n")
	for _, c := range cmds {
		fmt.Fprintf(&b, "    %s) COMPREPLY=($(compgen -W '%s' -- \"$cur\")) ;;\n", c.Name, flagWords(c))
	}
	for _, c := range cmds {
		if c.Name == "check" {
			// Flags before any command are check's (the default command).
			fmt.Fprintf(&b, "    *) COMPREPLY=($(compgen -W '%s' -- \"$cur\")) ;;\n", flagWords(c))
		}
	}
	b.WriteString("  esac\n}\n")
	fmt.Fprintf(&b, "complete -o default -F %s %s\n", fn(prog), prog)
	return b.String()
}

// zshItem is one of _describe's name:description items, quoted: a colon
// in the name is escaped, the first unescaped one ends it.
func zshItem(name, desc string) string {
	esc := strings.NewReplacer(`\`, `\\`, ":", `\:`, "\n", " ")
	s := esc.Replace(name) + ":" + strings.ReplaceAll(desc, "\n", " ")
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func zsh(prog string, cmds []Command) string {
	var b strings.Builder
	fmt.Fprintf(&b, "#compdef %s\n# zsh completion for %s; load with: source <(%s completion zsh)\n", prog, prog, prog)
	fmt.Fprintf(&b, "%s() {\n", fn(prog))
	b.WriteString("  local -a items\n")
	b.WriteString("  if (( CURRENT == 2 )) && [[ $PREFIX != -* ]]; then\n    items=(\n")
	for _, c := range cmds {
		fmt.Fprintf(&b, "      %s\n", zshItem(c.Name, c.Summary))
	}
	b.WriteString("    )\n    _describe command items\n    return\n  fi\n")
	b.WriteString("  if [[ $PREFIX != -* ]]; then\n    _files\n    return\n  fi\n")
	b.WriteString("  case $words[2] in\n")
	for _, c := range cmds {
		fmt.Fprintf(&b, "    %s)\n      items=(\n", c.Name)
		for _, f := range c.Flags {
			fmt.Fprintf(&b, "        %s\n", zshItem(dashed(f.Name), firstLine(f.Usage)))
		}
		b.WriteString("      ) ;;\n")
	}
	b.WriteString("  esac\n  _describe flag items\n}\n")
	fmt.Fprintf(&b, "compdef %s %s\n", fn(prog), prog)
	return b.String()
}

func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`, "\n", " ").Replace(s) + "'"
}

func fish(prog string, cmds []Command) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# fish completion for %s; load with: %s completion fish | source\n", prog, prog)
	for _, c := range cmds {
		fmt.Fprintf(&b, "complete -c %s -n __fish_use_subcommand -f -a %s -d %s\n", prog, c.Name, fishQuote(c.Summary))
	}
	for _, c := range cmds {
		for _, f := range c.Flags {
			opt := "-l"
			if len(f.Name) == 1 {
				opt = "-s"
			}
			fmt.Fprintf(&b, "complete -c %s -n '__fish_seen_subcommand_from %s' %s %s -d %s\n", prog, c.Name, opt, f.Name, fishQuote(firstLine(f.Usage)))
		}
	}
	return b.String()
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
