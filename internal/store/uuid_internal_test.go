package store

import (
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
)

// TestUUIDsReadInBinary: a uuid.UUID, a nullable one and a list of them are
// read from PostgreSQL's binary form as written, NULL as nil, and a
// *uuid.UUID is read by the binary plan, not through its text.
func TestUUIDsReadInBinary(t *testing.T) {
	m := pgtype.NewMap()
	registerUUID(m)
	a, b := uuid.New(), uuid.New()

	var got uuid.UUID
	if plan := m.PlanScan(pgtype.UUIDOID, pgtype.BinaryFormatCode, &got); plan == nil {
		t.Fatal("no plan for *uuid.UUID")
	} else if _, ok := plan.(scanBinaryUUID); !ok {
		t.Fatalf("a *uuid.UUID is read by %T, not in binary", plan)
	}
	raw, err := m.Encode(pgtype.UUIDOID, pgtype.BinaryFormatCode, a, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(raw) != 16 {
		t.Fatalf("a uuid.UUID is written as %d bytes, want 16 (binary)", len(raw))
	}
	if err := m.Scan(pgtype.UUIDOID, pgtype.BinaryFormatCode, raw, &got); err != nil || got != a {
		t.Fatalf("read %s (%v), want %s", got, err, a)
	}

	var nullable *uuid.UUID
	if err := m.Scan(pgtype.UUIDOID, pgtype.BinaryFormatCode, raw, &nullable); err != nil || nullable == nil || *nullable != a {
		t.Fatalf("read %v (%v) into a *uuid.UUID, want %s", nullable, err, a)
	}
	if err := m.Scan(pgtype.UUIDOID, pgtype.BinaryFormatCode, nil, &nullable); err != nil || nullable != nil {
		t.Fatalf("read %v (%v) from NULL, want nil", nullable, err)
	}
	if err := m.Scan(pgtype.UUIDOID, pgtype.BinaryFormatCode, nil, &got); err == nil {
		t.Fatal("NULL read into a uuid.UUID without an error")
	}

	list, err := m.Encode(pgtype.UUIDArrayOID, pgtype.BinaryFormatCode, []uuid.UUID{a, b}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var ids []uuid.UUID
	if err := m.Scan(pgtype.UUIDArrayOID, pgtype.BinaryFormatCode, list, &ids); err != nil || len(ids) != 2 || ids[0] != a || ids[1] != b {
		t.Fatalf("read %v (%v), want [%s %s]", ids, err, a, b)
	}

	// the text form still reads
	if err := m.Scan(pgtype.UUIDOID, pgtype.TextFormatCode, []byte(b.String()), &got); err != nil || got != b {
		t.Fatalf("read %s (%v) from text, want %s", got, err, b)
	}
}
