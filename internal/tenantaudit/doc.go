// Package tenantaudit checks, in the tests, that every statement the code
// sends over a workspace's tables names its workspace: a PostgreSQL or
// ClickHouse statement that reads or writes a table with a workspace_id
// column must constrain workspace_id in its conditions (WHERE, PREWHERE,
// ON, USING) or, for an INSERT, write it.
//
// An Auditor records while a package's tests run: a pgx tracer on the
// package's pool, and a wrapper of its ClickHouse connection that gives each
// statement a query id naming where it was sent from. Each statement is
// attributed to the innermost function of the module that sent it; the tests'
// own statements (files *_test.go, internal/testenv and the test-support
// packages) are not the code's and are left out. After the tests, Check
// reads the workspace tables from the schema (PostgreSQL's
// information_schema, ClickHouse's system.columns), takes the ClickHouse
// statements from the server's system.query_log where the server keeps one
// (one server, not the current engine, whose chDB has no query log), else
// as the wrapper saw them, and checks each statement: PostgreSQL's with
// PostgreSQL's own parser (pg_query), ClickHouse's with a tokenizer. A
// statement of a cross-workspace job or of a lookup that finds the
// workspace (exceptions.go, each with its reason) is not held to the rule;
// any other statement without its workspace fails the run.
// TENANTAUDIT_DUMP=file writes every statement checked, as JSON lines.
//
// Limits: only the statements the suites make the code send are checked
// (a path no test takes is not). Each query block is checked for
// workspace_id in its conditions, not for what it is compared with, nor for
// which of its tables it constrains (a block whose one table is constrained
// passes for the tables joined to it); a subquery in a condition that names
// workspace_id, and a CTE that does, scope the rows they select. Statements
// the tests' servers run as processes of their own, connections a test
// opens itself, and SQL inside PostgreSQL's triggers and functions are not
// seen. A test's name is known when its goroutine sent the statement; an
// HTTP handler's or a background task's is reported by the chain of
// functions that sent it.
//
// testenv.MainAudited installs an Auditor; docs/architecture.md, "Rules
// that hold everywhere", says what the check proves and where it stops.
package tenantaudit
