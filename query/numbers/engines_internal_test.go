package numbers

import (
	"github.com/reeltrack/reeltrack/query/chread"
	"github.com/reeltrack/reeltrack/query/querytest"
)

// GoldenStatements renders every golden case, with the start values read
// beside an entities query as a statement of its own.
func GoldenStatements() ([]querytest.Statement, error) {
	var out []querytest.Statement
	for _, c := range renderedCases() {
		sql, args := c.q.SQL()
		st := querytest.Statement{Name: c.name, SQL: sql, Args: args}
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
				st = querytest.Statement{Name: c.name + "/starts", SQL: sql, Args: args, Tables: st.Tables}
			}
		case chread.DailySeriesQuery:
			t, err := chread.IDTable("scope", q.Only)
			if err != nil {
				return nil, err
			}
			st.Tables = append(st.Tables, t)
		case chread.DailyFirstsQuery:
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
		}
		out = append(out, st)
	}
	return out, nil
}
