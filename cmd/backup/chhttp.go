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
	settings       map[string]string // sent with every query
}

// with is c sending the setting too.
func (c chHTTP) with(name, value string) chHTTP {
	s := map[string]string{name: value}
	for k, v := range c.settings {
		if k != name {
			s[k] = v
		}
	}
	c.settings = s
	return c
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
	for k, v := range c.settings {
		q.Set(k, v)
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

// rows runs sql, a SELECT without FORMAT, and returns its rows' fields.
func (c chHTTP) rows(ctx context.Context, sql string) ([][]string, error) {
	body, err := c.query(ctx, "", sql+" FORMAT TabSeparated", nil)
	if err != nil {
		return nil, err
	}
	defer body.Close()
	b, err := io.ReadAll(body)
	if err != nil {
		return nil, fmt.Errorf("clickhouse over http: %w", err)
	}
	var out [][]string
	for _, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		if line == "" {
			continue
		}
		fields := strings.Split(line, "\t")
		for i, f := range fields {
			fields[i] = tsvUnescape.Replace(f)
		}
		out = append(out, fields)
	}
	return out, nil
}

// exec runs sql and reads its answer through.
func (c chHTTP) exec(ctx context.Context, sql string) error {
	body, err := c.query(ctx, "", sql, nil)
	if err != nil {
		return err
	}
	_, _ = io.Copy(io.Discard, body)
	return body.Close()
}

var tsvUnescape = strings.NewReplacer(`\\`, `\`, `\t`, "\t", `\n`, "\n", `\'`, "'", `\0`, "\x00")

// literal is s as a ClickHouse string literal.
func literal(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}
