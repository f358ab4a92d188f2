package tenantaudit

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
)

func TestTheTestsOwnStatementsAreNotRecorded(t *testing.T) {
	a := New()
	a.Start()
	a.TraceQueryStart(context.Background(), nil, pgx.TraceQueryStartData{SQL: `SELECT id FROM videos WHERE id = $1`})
	if len(a.stmts) != 0 {
		t.Fatalf("recorded a test's statement: %v", a.stmts)
	}
	// were this file the code's, it would be recorded
	a.testCode = func(string, string) bool { return false }
	a.TraceQueryStart(context.Background(), nil, pgx.TraceQueryStartData{SQL: `SELECT id FROM videos WHERE id = $1`})
	if len(a.stmts) != 1 {
		t.Fatalf("recorded %d statements, want 1", len(a.stmts))
	}
}
