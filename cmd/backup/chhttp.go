package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/reeltrack/reeltrack/schema"
)

// chHTTP speaks ClickHouse's HTTP interface, which 18.16 and current
// releases (and cmd/chdbhttp in front of chDB) answer alike: a query's
// rows come back in the Native format as the server writes them, and
// rows in the Native format go in as an INSERT's body, with no decoding on
// the way. The service's own connection (clickhouse-go) decodes every
// value into Go and back, which a backup has no use for.
type chHTTP struct {
	base           string // http(s)://host:port
	user, password string
	client         *http.Client
}

// httpAddr is the HTTP interface of the ClickHouse at addr
// (CLICKHOUSE_ADDR): addr itself when it is one (http:// or https://),
// else its first host on port 8123, the HTTP port of a server whose
// native protocol is on 9000.
func httpAddr(addr string) string {
	first, _, _ := strings.Cut(addr, ",")
	if strings.HasPrefix(first, "http://") || strings.HasPrefix(first, "https://") {
		return strings.TrimRight(first, "/")
	}
	host := first
	if i := strings.LastIndex(first, ":"); i >= 0 {
		host = first[:i]
	}
	return "http://" + host + ":8123"
}

// query runs sql in database db and returns the answer's body, which the
// caller closes. An error answer is an error with the server's message.
func (c chHTTP) query(ctx context.Context, db, sql string, body io.Reader) (io.ReadCloser, error) {
	q := url.Values{}
	if db != "" {
		q.Set("database", db)
	}
	method := http.MethodPost
	if body == nil {
		body = strings.NewReader(sql)
	} else {
		q.Set("query", sql)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+"/?"+q.Encode(), body)
	if err != nil {
		return nil, err
	}
	req.SetBasicAuth(c.user, c.password)
	res, err := c.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("clickhouse over http: %w", err)
	}
	if res.StatusCode != http.StatusOK {
		msg, _ := io.ReadAll(io.LimitReader(res.Body, 4096))
		res.Body.Close()
		return nil, fmt.Errorf("clickhouse over http: %s: %s", res.Status, strings.TrimSpace(string(msg)))
	}
	return res.Body, nil
}

// insert sends rows (Native blocks) to INSERT INTO db.table (columns).
func (c chHTTP) insert(ctx context.Context, db, table string, columns []string, rows []byte) error {
	quoted := make([]string, len(columns))
	for i, col := range columns {
		quoted[i] = schema.Quote(col)
	}
	sql := "INSERT INTO " + schema.Quote(db) + "." + schema.Quote(table) + " (" + strings.Join(quoted, ", ") + ") FORMAT Native"
	body, err := c.query(ctx, db, sql, bytes.NewReader(rows))
	if err != nil {
		return fmt.Errorf("insert into %s: %w", table, err)
	}
	_, _ = io.Copy(io.Discard, body)
	return body.Close()
}

// quote quotes a ClickHouse identifier.
