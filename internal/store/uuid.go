package store

import (
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
	pgxuuid "github.com/vgarvardt/pgx-google-uuid/v5"
)

// registerUUID has google/uuid's UUID read and written in PostgreSQL's
// binary form. pgx looks for a sql.Scanner before its wrappers, so a
// *uuid.UUID would be read through its text (formatted by PostgreSQL,
// then parsed) whatever is registered beside it: the codec itself plans
// the binary read of a *uuid.UUID (and so of a **uuid.UUID and of a
// []uuid.UUID's elements). pgx-google-uuid gives the writing and the
// decoding into an any.
func registerUUID(m *pgtype.Map) {
	pgxuuid.Register(m)
	m.RegisterType(&pgtype.Type{Name: "uuid", OID: pgtype.UUIDOID, Codec: uuidCodec{}})
}

type uuidCodec struct{ pgxuuid.UUIDCodec }

func (c uuidCodec) PlanScan(m *pgtype.Map, oid uint32, format int16, target any) pgtype.ScanPlan {
	if _, ok := target.(*uuid.UUID); ok && format == pgtype.BinaryFormatCode {
		return scanBinaryUUID{}
	}
	return c.UUIDCodec.PlanScan(m, oid, format, target)
}

type scanBinaryUUID struct{}

func (scanBinaryUUID) Scan(src []byte, dst any) error {
	if src == nil {
		return fmt.Errorf("cannot scan NULL into *uuid.UUID")
	}
	if len(src) != 16 {
		return fmt.Errorf("invalid length for uuid: %d", len(src))
	}
	copy(dst.(*uuid.UUID)[:], src)
	return nil
}
