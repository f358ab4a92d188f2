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

// chHTTP speaks ClickHouse's HTTP interface, which 18.16, current releases
// and cmd/chdbhttp answer alike: rows go out and in as Native bytes with no
// decoding on the way, which clickhouse-go would do value by value.
type chHTTP struct {
	base           string // http(s)://host:port
	user, password string
	client         *http.Client
}

// httpAddr is the HTTP interface of the ClickHouse at addr: addr itself when
// it is http(s)://, else its first host on port 8123.
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

// query runs sql in database db and returns the body, which the caller
// closes; an error answer is an error with the server's message.
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
