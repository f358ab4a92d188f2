package schema

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// The migrator refuses, before it writes anything, to migrate a database
// whose record of applied migrations it cannot trust:
//
//   - Newer than the binary: a version is recorded that this binary has no
//     file for (a downgrade). Running older code over a newer schema, or
//     recording the older files beside it, would leave neither release
//     able to read it.
//   - A record missing or shorter than the tables show: a table exists
//     that only a migration not recorded as applied creates (its first
//     creator, so tables that later migrations drop and make again are no
//     evidence). Applying those migrations again on a live database is how
//     data is destroyed; the record is restored from a backup instead.
//
// ClickHouse has no transactions: a run that stopped inside a migration
// left some of its tables and no record of it, and runs that migration
// again (every statement is rerunnable). Its tables are no evidence as
// long as no later version is recorded; those of any later migration are.

// createdObject finds the tables and views a migration creates, with the
// database they name (empty: the connection's).
var createdObject = regexp.MustCompile(`(?is)\bCREATE\s+(?:MATERIALIZED\s+)?(?:TABLE|VIEW)\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:([A-Za-z_]\w*)\.)?([A-Za-z_]\w*)`)

// created lists the objects sql creates, in their order: as database.name,
// an unqualified one in database (when empty: as name).
func created(sql, database string) []string {
	var out []string
	for _, m := range createdObject.FindAllStringSubmatch(commentLine.ReplaceAllString(sql, ""), -1) {
		db, o := m[1], m[2]
		if db == "" {
			db = database
		}
		if db != "" {
			o = db + "." + o
		}
		if !slices.Contains(out, o) {
			out = append(out, o)
		}
	}
	return out
}

// firstCreated maps each object to the version of the first migration that
// creates it; sqls are the migrations' texts as they run (rendered).
func firstCreated(ms []Migration, sqls []string, database string) map[string]int {
	out := map[string]int{}
	for i, m := range ms {
		for _, o := range created(sqls[i], database) {
			if _, ok := out[o]; !ok {
				out[o] = m.Version
			}
		}
	}
	return out
}

// checkRecord refuses a record of applied migrations it cannot trust (see
// above): store names the database in the message, exists tells which of
// the objects exist. partialFirst lets the first version not recorded have
// its objects already, when no later one is recorded (ClickHouse).
func checkRecord(store string, ms []Migration, sqls []string, database string, applied map[int]string, partialFirst bool, exists func([]string) (map[string]bool, error)) error {
	known := map[int]bool{}
	for _, m := range ms {
		known[m.Version] = true
	}
	var newer []int
	for v := range applied {
		if !known[v] {
			newer = append(newer, v)
		}
	}
	if len(newer) > 0 {
		slices.Sort(newer)
		latest := 0
		if len(ms) > 0 {
			latest = ms[len(ms)-1].Version
		}
		return fmt.Errorf("%s: refusing to migrate: the database records migrations this release does not have (%s; this release ends at %04d): "+
			"it was migrated by a newer release. Run that release, or restore a backup made with this one (make restore); nothing was changed",
			store, versionList(newer), latest)
	}
	first := firstCreated(ms, sqls, database)
	var objects []string
	for o := range first {
		objects = append(objects, o)
	}
	slices.Sort(objects)
	found, err := exists(objects)
	if err != nil {
		return err
	}
	maxApplied := 0
	for v := range applied {
		maxApplied = max(maxApplied, v)
	}
	firstPending := 0
	for _, m := range ms {
		if _, ok := applied[m.Version]; !ok {
			firstPending = m.Version
			break
		}
	}
	// the objects of each version not recorded that exist
	evidence := map[int][]string{}
	for _, o := range objects {
		v := first[o]
		if _, ok := applied[v]; ok || !found[o] {
			continue
		}
		if partialFirst && v == firstPending && maxApplied < v {
			continue
		}
		evidence[v] = append(evidence[v], o)
	}
	if len(evidence) == 0 {
		return nil
	}
	// the first few, in the default database's names
	var what []string
	more := 0
	for _, m := range ms {
		objs := evidence[m.Version]
		switch {
		case len(objs) == 0:
			continue
		case len(what) == 3:
			more++
			continue
		}
		names := make([]string, 0, 3)
		for _, o := range objs[:min(3, len(objs))] {
			names = append(names, strings.TrimPrefix(o, database+"."))
		}
		if len(objs) > 3 {
			names = append(names, fmt.Sprintf("%d more", len(objs)-3))
		}
		what = append(what, fmt.Sprintf("%s makes %s", m.Name, strings.Join(names, ", ")))
	}
	if more > 0 {
		what = append(what, fmt.Sprintf("and %d more migrations", more))
	}
	record := "its record of applied migrations (schema_migrations) is missing"
	if len(applied) > 0 {
		record = fmt.Sprintf("its record of applied migrations (schema_migrations) lists %d of them", len(applied))
	}
	return fmt.Errorf("%s: refusing to migrate: the database holds tables of migrations not recorded as applied (%s), but %s. "+
		"Applying them again could destroy data: restore schema_migrations from a backup (make restore), or point the server at an empty database; nothing was changed",
		store, strings.Join(what, "; "), record)
}

func versionList(vs []int) string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = fmt.Sprintf("%04d", v)
	}
	return strings.Join(out, ", ")
}
