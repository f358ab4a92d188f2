package store

import (
	"bytes"

	"github.com/google/uuid"
)

// CompareUUIDs orders a and b as ClickHouse orders its UUID type, and so
// the rows of a table keyed by entity: by the second half of the bytes,
// then the first (the type is two 64-bit halves, the second compared
// first). Reads of many entities in batches take them in this order, so
// that a batch's rows lie together in a few granules instead of one
// granule per entity spread over the whole table.
func CompareUUIDs(a, b uuid.UUID) int {
	if c := bytes.Compare(a[8:], b[8:]); c != 0 {
		return c
	}
	return bytes.Compare(a[:8], b[:8])
}
