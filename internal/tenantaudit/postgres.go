package tenantaudit

import (
	"fmt"

	pg "github.com/pganalyze/pg_query_go/v6"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// checkPostgres parses sql with PostgreSQL's own parser and holds each of
// its query blocks to the rule: a SELECT whose FROM, an UPDATE, DELETE or
// MERGE whose target or joined tables name a workspace table must have
// workspace_id in its conditions (WHERE, a join's ON or USING, MERGE's ON;
// in a subquery of them too); an INSERT or COPY into one must write
// workspace_id. A name a WITH of the statement defines is the CTE, not the
// table.
func checkPostgres(sql string, tables map[string]bool) []Problem {
	tree, err := pg.Parse(sql)
	if err != nil {
		return []Problem{{Kind: "unparsed", Detail: fmt.Sprintf("PostgreSQL's parser refuses it: %v", err)}}
	}
	ctes := map[string]bool{}
	walk(tree.ProtoReflect(), func(m protoreflect.Message) {
		if c, ok := m.Interface().(*pg.CommonTableExpr); ok {
			ctes[c.Ctename] = true
		}
	})
	isWorkspace := func(r *pg.RangeVar) bool {
		return r != nil && tables[r.Relname] && (r.Schemaname != "" || !ctes[r.Relname])
	}
	// tenant CTEs: those whose own conditions name workspace_id; rows
	// reached through one carry its tenant
	tenant := map[string]bool{}
	for changed := true; changed; {
		changed = false
		walk(tree.ProtoReflect(), func(m protoreflect.Message) {
			c, ok := m.Interface().(*pg.CommonTableExpr)
			if !ok || tenant[c.Ctename] {
				return
			}
			if conds := blockConditions(c.Ctequery); conds != nil && mentionsWorkspaceID(tenant, conds...) {
				tenant[c.Ctename], changed = true, true
			}
		})
	}
	var problems []Problem
	noCondition := func(kind string, read []string, conds ...protoreflect.Message) {
		if len(read) == 0 || mentionsWorkspaceID(tenant, conds...) {
			return
		}
		problems = append(problems, Problem{Kind: kind, Tables: read, Detail: "no workspace_id in its WHERE, ON or USING"})
	}
	walk(tree.ProtoReflect(), func(m protoreflect.Message) {
		switch s := m.Interface().(type) {
		case *pg.SelectStmt:
			var read []string
			var conds []protoreflect.Message
			for _, f := range s.FromClause {
				fromItems(f, isWorkspace, &read, &conds)
			}
			noCondition("SELECT", read, append(conds, msg(s.WhereClause))...)
		case *pg.UpdateStmt:
			var read []string
			var conds []protoreflect.Message
			if isWorkspace(s.Relation) {
				read = append(read, s.Relation.Relname)
			}
			for _, f := range s.FromClause {
				fromItems(f, isWorkspace, &read, &conds)
			}
			noCondition("UPDATE", read, append(conds, msg(s.WhereClause))...)
		case *pg.DeleteStmt:
			var read []string
			var conds []protoreflect.Message
			if isWorkspace(s.Relation) {
				read = append(read, s.Relation.Relname)
			}
			for _, f := range s.UsingClause {
				fromItems(f, isWorkspace, &read, &conds)
			}
			noCondition("DELETE", read, append(conds, msg(s.WhereClause))...)
		case *pg.MergeStmt:
			var read []string
			var conds []protoreflect.Message
			if isWorkspace(s.Relation) {
				read = append(read, s.Relation.Relname)
			}
			fromItems(s.SourceRelation, isWorkspace, &read, &conds)
			noCondition("MERGE", read, append(conds, msg(s.JoinCondition))...)
		case *pg.InsertStmt:
			if isWorkspace(s.Relation) && !writesWorkspaceID(s.Cols) {
				problems = append(problems, Problem{Kind: "INSERT", Tables: []string{s.Relation.Relname}, Detail: "does not write workspace_id"})
			}
		case *pg.CopyStmt:
			if s.IsFrom && isWorkspace(s.Relation) && !writesWorkspaceID(s.Attlist) {
				problems = append(problems, Problem{Kind: "COPY", Tables: []string{s.Relation.Relname}, Detail: "does not write workspace_id"})
			}
		}
	})
	return problems
}

// blockConditions are the WHERE and join conditions, and the FROM items,
// of a CTE's SELECT, UPDATE or DELETE (nil for another statement).
func blockConditions(n *pg.Node) []protoreflect.Message {
	var from []*pg.Node
	var where *pg.Node
	switch {
	case n.GetSelectStmt() != nil:
		from, where = n.GetSelectStmt().FromClause, n.GetSelectStmt().WhereClause
	case n.GetUpdateStmt() != nil:
		from, where = n.GetUpdateStmt().FromClause, n.GetUpdateStmt().WhereClause
	case n.GetDeleteStmt() != nil:
		from, where = n.GetDeleteStmt().UsingClause, n.GetDeleteStmt().WhereClause
	default:
		return nil
	}
	conds := []protoreflect.Message{msg(where)}
	for _, f := range from {
		conds = append(conds, msg(f))
	}
	return conds
}

// fromItems adds the workspace tables a FROM item names at its own level
// (not inside a subquery, which is a query block of its own) to read, and
// its joins' conditions to conds.
func fromItems(n *pg.Node, isWorkspace func(*pg.RangeVar) bool, read *[]string, conds *[]protoreflect.Message) {
	switch {
	case n == nil:
	case n.GetRangeVar() != nil:
		if r := n.GetRangeVar(); isWorkspace(r) {
			*read = append(*read, r.Relname)
		} else {
			// a tenant CTE joined carries its tenant
			*conds = append(*conds, msg(n))
		}
	case n.GetJoinExpr() != nil:
		j := n.GetJoinExpr()
		fromItems(j.Larg, isWorkspace, read, conds)
		fromItems(j.Rarg, isWorkspace, read, conds)
		*conds = append(*conds, msg(j.Quals))
		for _, u := range j.UsingClause {
			*conds = append(*conds, msg(u))
		}
	}
}

// mentionsWorkspaceID: a column workspace_id (of any table) appears in one
// of the conditions, a USING names it, or they read a tenant CTE.
func mentionsWorkspaceID(tenant map[string]bool, conds ...protoreflect.Message) bool {
	found := false
	for _, c := range conds {
		if c == nil {
			continue
		}
		walk(c, func(m protoreflect.Message) {
			switch x := m.Interface().(type) {
			case *pg.ColumnRef:
				if len(x.Fields) > 0 && x.Fields[len(x.Fields)-1].GetString_().GetSval() == "workspace_id" {
					found = true
				}
			case *pg.RangeVar:
				if x.Schemaname == "" && tenant[x.Relname] {
					found = true
				}
			case *pg.String:
				// a USING list is a list of names
				if x.Sval == "workspace_id" {
					found = true
				}
			}
		})
	}
	return found
}

// writesWorkspaceID: the column list names workspace_id, or there is none
// (every column is written).
func writesWorkspaceID(cols []*pg.Node) bool {
	if len(cols) == 0 {
		return true
	}
	for _, c := range cols {
		if c.GetResTarget().GetName() == "workspace_id" || c.GetString_().GetSval() == "workspace_id" {
			return true
		}
	}
	return false
}

func msg(n *pg.Node) protoreflect.Message {
	if n == nil {
		return nil
	}
	return n.ProtoReflect()
}

// walk calls f on m and every message below it.
func walk(m protoreflect.Message, f func(protoreflect.Message)) {
	f(m)
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		switch {
		case fd.Message() == nil || fd.IsMap():
		case fd.IsList():
			l := v.List()
			for i := range l.Len() {
				walk(l.Get(i).Message(), f)
			}
		default:
			walk(v.Message(), f)
		}
		return true
	})
}
