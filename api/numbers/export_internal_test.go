package numbers

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"testing"
	"time"
)

// TestExportStreamTellsAFailureFromTheEnd holds the export body to the
// difference between io.EOF, which ends an export, and a driver error that
// wraps io.EOF, as ClickHouse's driver reports a connection closed during
// its handshake: the second is a failure the route answers with an error
// status, never an empty or truncated file that looks complete.
func TestExportStreamTellsAFailureFromTheEnd(t *testing.T) {
	closed := fmt.Errorf("read video metrics: handshake: failed to read packet: %w", io.EOF)
	pages := 0
	st := &exportStream{deadline: time.Now().Add(time.Minute), next: func(context.Context, io.Writer) error {
		pages++
		return closed
	}}
	err := st.readUntilBytes(context.Background())
	if err == nil || exportEnded(err) {
		t.Fatalf("first page failed with %v, and the stream reads it as the end (%v)", closed, err)
	}

	written := 0
	st = &exportStream{deadline: time.Now().Add(time.Minute), next: func(_ context.Context, w io.Writer) error {
		if written == 2 {
			return io.EOF
		}
		written++
		_, err := fmt.Fprintf(w, "row %d\r\n", written)
		return err
	}}
	if err := st.readUntilBytes(context.Background()); err != nil {
		t.Fatalf("first page: %v", err)
	}
	body, err := io.ReadAll(st)
	if err != nil || !bytes.Equal(body, []byte("row 1\r\nrow 2\r\n")) || !exportEnded(st.err) {
		t.Fatalf("export body %q, %v (end %v); want both rows and the end", body, err, st.err)
	}
}
