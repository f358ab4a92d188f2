package tenantaudit

import "strings"

// checkClickHouse holds a ClickHouse statement to the rule with a tokenizer
// (no parser of ClickHouse's SQL is packaged for Go here): each SELECT is a
// query block, from its keyword to the end of its parentheses or the next
// UNION; one whose FROM or JOIN names a workspace table must have
// workspace_id in its PREWHERE, WHERE or a join's ON or USING (in a
// subquery of them too). An INSERT into a workspace table must write
// workspace_id; an ALTER that deletes, updates or drops partitions of one
// must name workspace_id, and a TRUNCATE of one breaks the rule.
func checkClickHouse(sql string, tables map[string]bool) []Problem {
	toks := tokenize(sql)
	if len(toks) == 0 {
		return nil
	}
	ws := func(i int) (string, int, bool) { return tableAt(toks, i, tables) }
	var problems []Problem
	switch toks[0].word {
	case "INSERT":
		i := 1
		for i < len(toks) && (toks[i].word == "INTO" || toks[i].word == "TABLE") {
			i++
		}
		// the column list's "(" is not a table function's
		if name, next, _ := ws(i); tables[name] && !insertsWorkspaceID(toks, next) {
			problems = append(problems, Problem{Kind: "INSERT", Tables: []string{name}, Detail: "does not write workspace_id"})
		}
	case "ALTER":
		if name, _, ok := ws(2); ok && toks[1].word == "TABLE" && (mentionsWord(toks, "DELETE") || mentionsWord(toks, "UPDATE") || mentionsWord(toks, "PARTITION")) && !mentionsWord(toks, "WORKSPACE_ID") {
			problems = append(problems, Problem{Kind: "ALTER", Tables: []string{name}, Detail: "deletes, updates or drops partitions with no workspace_id"})
		}
	case "TRUNCATE":
		i := 1
		if i < len(toks) && toks[i].word == "TABLE" {
			i++
		}
		if name, _, ok := ws(i); ok {
			problems = append(problems, Problem{Kind: "TRUNCATE", Tables: []string{name}, Detail: "empties every workspace's rows"})
		}
	}
	for i, t := range toks {
		if t.word != "SELECT" {
			continue
		}
		read, conds := selectBlock(toks, i, tables)
		if len(read) > 0 && !mentionsWord(conds, "WORKSPACE_ID") {
			problems = append(problems, Problem{Kind: "SELECT", Tables: read, Detail: "no workspace_id in its PREWHERE, WHERE, ON or USING"})
		}
	}
	return problems
}

type token struct {
	text  string
	word  string // an identifier or keyword, upper case (the last part of a.b); "" for others
	depth int    // parentheses around it
}

// tokenize splits sql into words, literals (as "?") and punctuation,
// dropping comments.
func tokenize(sql string) []token {
	var toks []token
	depth := 0
	for i := 0; i < len(sql); {
		c := sql[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case strings.HasPrefix(sql[i:], "--"):
			for i < len(sql) && sql[i] != '\n' {
				i++
			}
		case strings.HasPrefix(sql[i:], "/*"):
			end := strings.Index(sql[i+2:], "*/")
			if end < 0 {
				return toks
			}
			i += end + 4
		case c == '\'':
			j := i + 1
			for j < len(sql) && sql[j] != '\'' {
				if sql[j] == '\\' {
					j++
				}
				j++
			}
			toks = append(toks, token{text: "?", depth: depth})
			i = j + 1
		case c == '`' || c == '"':
			end := strings.IndexByte(sql[i+1:], c)
			if end < 0 {
				end = len(sql) - i - 1
			}
			name := sql[i+1 : i+1+end]
			toks = append(toks, token{text: name, word: strings.ToUpper(name), depth: depth})
			i += end + 2
		case isWordByte(c) || c == '@':
			j := i + 1
			for j < len(sql) && isWordByte(sql[j]) {
				j++
			}
			w := sql[i:j]
			tok := token{text: w, depth: depth}
			if c < '0' || c > '9' {
				tok.word = strings.ToUpper(w)
			}
			toks = append(toks, tok)
			i = j
		case c == '(':
			toks = append(toks, token{text: "(", depth: depth})
			depth++
			i++
		case c == ')':
			depth--
			toks = append(toks, token{text: ")", depth: depth})
			i++
		default:
			toks = append(toks, token{text: string(c), depth: depth})
			i++
		}
	}
	return toks
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '$' || c >= 0x80
}

// tableAt reads a table name (db.table) at i: its name, the index after
// it, and whether it is a workspace table. A name followed by "(" is a
// table function.
func tableAt(toks []token, i int, tables map[string]bool) (string, int, bool) {
	if i >= len(toks) || toks[i].word == "" {
		return "", i, false
	}
	name, next := toks[i].text, i+1
	if next+1 < len(toks) && toks[next].text == "." && toks[next+1].word != "" {
		name, next = toks[next+1].text, next+2
	}
	if next < len(toks) && toks[next].text == "(" && toks[next].depth == toks[i].depth {
		return name, next, false
	}
	return name, next, tables[name]
}

// insertsWorkspaceID: the column list after the table names workspace_id,
// or there is none (every column is written).
func insertsWorkspaceID(toks []token, i int) bool {
	if i >= len(toks) || toks[i].text != "(" {
		return true
	}
	for j := i + 1; j < len(toks) && toks[j].depth > toks[i].depth; j++ {
		if toks[j].word == "WORKSPACE_ID" {
			return true
		}
	}
	return false
}

// clauses end a SELECT's FROM, PREWHERE or WHERE at its own depth.
var clauses = map[string]bool{
	"FROM": true, "PREWHERE": true, "WHERE": true, "GROUP": true, "HAVING": true, "ORDER": true,
	"LIMIT": true, "SETTINGS": true, "FORMAT": true, "UNION": true, "WINDOW": true, "QUALIFY": true,
	"INTERSECT": true, "EXCEPT": true,
}

// joinWords start a join.
var joinWords = map[string]bool{
	"GLOBAL": true, "ANY": true, "ALL": true, "ASOF": true, "SEMI": true, "ANTI": true, "LEFT": true,
	"RIGHT": true, "FULL": true, "INNER": true, "CROSS": true, "OUTER": true, "JOIN": true, "ARRAY": true,
	"PASTE": true,
}

// selectBlock reads the SELECT at i: the workspace tables its FROM and
// JOINs name at its own level, and the tokens of its conditions (ON, USING,
// PREWHERE, WHERE, with any subqueries in them).
func selectBlock(toks []token, i int, tables map[string]bool) (read []string, conds []token) {
	d := toks[i].depth
	end := i + 1
	for end < len(toks) && toks[end].depth >= d && !(toks[end].depth == d && (toks[end].word == "SELECT" || toks[end].word == "UNION")) {
		end++
	}
	section := ""
	for j := i + 1; j < end; j++ {
		t := toks[j]
		if t.depth != d {
			if section == "ON" || section == "USING" || section == "PREWHERE" || section == "WHERE" {
				conds = append(conds, t)
			}
			continue
		}
		switch {
		case clauses[t.word]:
			section = t.word
			if t.word == "FROM" {
				read = appendTable(read, toks, j+1, tables)
			}
			continue
		case section == "PREWHERE" || section == "WHERE":
			conds = append(conds, t)
			continue
		case section != "FROM" && section != "ON" && section != "USING":
			continue
		case t.word == "JOIN" && (j == 0 || toks[j-1].word != "ARRAY"):
			section = "FROM"
			read = appendTable(read, toks, j+1, tables)
			continue
		case joinWords[t.word]:
			section = "FROM"
			continue
		case t.text == "," && section == "FROM":
			read = appendTable(read, toks, j+1, tables)
			continue
		case (t.word == "ON" || t.word == "USING") && section == "FROM":
			section = t.word
			continue
		}
		if section != "FROM" {
			conds = append(conds, t)
		}
	}
	return read, conds
}

func appendTable(read []string, toks []token, i int, tables map[string]bool) []string {
	if i < len(toks) && toks[i].word == "TABLE" {
		i++
	}
	if name, _, ok := tableAt(toks, i, tables); ok {
		return append(read, name)
	}
	return read
}

func mentionsWord(toks []token, word string) bool {
	for _, t := range toks {
		if t.word == word {
			return true
		}
	}
	return false
}
