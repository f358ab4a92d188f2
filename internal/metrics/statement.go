package metrics

import "strings"

// statementKinds are the operation label's values besides "other".
var statementKinds = map[string]bool{
	"select": true, "insert": true, "update": true, "delete": true, "with": true,
	"alter": true, "create": true, "drop": true, "optimize": true, "system": true,
	"show": true, "truncate": true, "begin": true, "commit": true, "rollback": true,
}

// StatementKind is the lower-case first keyword of a SQL statement (after
// blanks and comments, an opening parenthesis skipped), when it is one of
// a fixed set, else "other": the operation label of a statement's duration.
func StatementKind(sql string) string {
	s := sql
	for {
		s = strings.TrimLeft(s, " \t\r\n(")
		switch {
		case strings.HasPrefix(s, "--"):
			i := strings.IndexByte(s, '\n')
			if i < 0 {
				return "other"
			}
			s = s[i+1:]
			continue
		case strings.HasPrefix(s, "/*"):
			i := strings.Index(s, "*/")
			if i < 0 {
				return "other"
			}
			s = s[i+2:]
			continue
		}
		break
	}
	end := 0
	for end < len(s) && end < 16 && (s[end]|0x20 >= 'a' && s[end]|0x20 <= 'z') {
		end++
	}
	word := strings.ToLower(s[:end])
	if statementKinds[word] {
		return word
	}
	return "other"
}
