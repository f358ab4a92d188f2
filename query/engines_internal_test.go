package query

import (
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/ext"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/query/chread"
)

// GoldenStatement is one statement of the golden cases (testdata/sql) as
// the handlers send it: its text, its parameters and the external tables
// it reads. It lets the external test package run them on two engines.
type GoldenStatement struct {
	Name   string
	SQL    string
	Args   []any
	Tables []*ext.Table
}

// FirstDiff shows the first line where two texts differ.
var FirstDiff = firstDiff

// GoldenInputs are the workspace, the ids and the time the golden cases
// are built for.
func GoldenInputs() (uuid.UUID, []uuid.UUID, time.Time) {
	return goldenWorkspace, goldenIDs, goldenNow
}

// GoldenStatements renders every golden case, with the start values read
// beside an entities query as a statement of its own; a spike scan reads
// rules, the rules table its handler would send.
func GoldenStatements(rules func() *ext.Table) ([]GoldenStatement, error) {
	var out []GoldenStatement
	for _, c := range renderedCases() {
		sql, args := c.q.SQL()
		st := GoldenStatement{Name: c.name, SQL: sql, Args: args}
		switch q := c.q.(type) {
		case chread.SeriesQuery:
			t, err := q.ScopeTable()
			if err != nil {
				return nil, err
			}
			if t != nil {
				st.Tables = append(st.Tables, t)
			}
		case chread.EntitiesQuery:
			if q.Only != nil {
				t, err := chread.IDTable("scope", q.Only)
				if err != nil {
					return nil, err
				}
				st.Tables = append(st.Tables, t)
			}
			if len(q.Cutoffs) > 0 {
				out = append(out, st)
				sql, args := q.StartsSQL()
				st = GoldenStatement{Name: c.name + "/starts", SQL: sql, Args: args, Tables: st.Tables}
			}
		case dailySeriesQuery:
			t, err := chread.IDTable("scope", q.Only)
			if err != nil {
				return nil, err
			}
			st.Tables = append(st.Tables, t)
		case chread.DailyViewsQuery:
			if q.Only != nil {
				t, err := chread.IDTable("scope", q.Only)
				if err != nil {
					return nil, err
				}
				st.Tables = append(st.Tables, t)
			}
		case spikeScanQuery:
			st.Tables = append(st.Tables, rules())
		}
		out = append(out, st)
	}
	return out, nil
}
