package metrics

import "strings"

var statementKinds = func() map[string]string {
	m := map[string]string{}
	for _, k := range []string{"select", "insert", "update", "delete", "with", "alter", "create", "drop",
		"optimize", "system", "show", "truncate", "begin", "commit", "rollback"} {
		m[k] = k
	}
	return m
}()

// StatementKind is the lower-case first keyword of a SQL statement (after
// blanks, comments and an opening parenthesis) when in a fixed set, else
// "other".
func StatementKind(sql string) string {
	s := sql
	for {
		s = strings.TrimLeft(s, " \t\r\n(")
		end := ""
		switch {
		case strings.HasPrefix(s, "--"):
			end = "\n"
		case strings.HasPrefix(s, "/*"):
			end = "*/"
		}
		if end == "" {
			break
		}
		i := strings.Index(s, end)
		if i < 0 {
			return "other"
		}
		s = s[i+len(end):]
	}
	var word [16]byte
	n := 0
	for n < len(s) && s[n]|0x20 >= 'a' && s[n]|0x20 <= 'z' {
		if n == len(word) {
			return "other"
		}
		word[n] = s[n] | 0x20
		n++
	}
	if k, ok := statementKinds[string(word[:n])]; ok {
		return k
	}
	return "other"
}
