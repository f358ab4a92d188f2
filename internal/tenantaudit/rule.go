package tenantaudit

import "strings"

// Problem is how a statement breaks the rule.
type Problem struct {
	Kind   string   // the statement or query block: SELECT, INSERT, UPDATE, DELETE, MERGE, COPY, ALTER, TRUNCATE
	Tables []string // the workspace tables it names
	Detail string
}

// Key is the kind and the tables ("UPDATE scrape_jobs"), as an exception
// limited to one problem names it.
func (p Problem) Key() string { return strings.Join(append([]string{p.Kind}, p.Tables...), " ") }

func (p Problem) String() string { return p.Key() + ": " + p.Detail }

// CheckStatement returns how sql breaks the rule over the workspace tables
// of its store (none when it keeps it).
func CheckStatement(store Store, sql string, tables map[string]bool) []Problem {
	if store == Postgres {
		return checkPostgres(sql, tables)
	}
	return checkClickHouse(sql, tables)
}
