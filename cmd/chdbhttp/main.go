// Command chdbhttp serves ClickHouse's HTTP interface in front of chDB, the
// ClickHouse engine as a library (libchdb.so, a current ClickHouse
// release), so that clients written for a ClickHouse server — the service's
// own clickhouse-go connections among them — run unchanged against a
// current engine where no current server can be installed. The tests use
// it to run the service's SQL on the current engine beside 18.16
// (docs/decisions.md, "A current ClickHouse in the tests").
//
//	chdbhttp -addr 127.0.0.1:8124 -path /tmp/chdb -lib /path/to/libchdb.so
//
// It speaks what clickhouse-go's HTTP protocol sends: the query in the
// `query` parameter or the body (data after the query's FORMAT in the
// body), `database`, settings as parameters (applied to that request
// only), external tables as multipart parts with `<name>_structure`, and
// Native results. Errors answer 500 with the engine's message and
// X-ClickHouse-Exception-Code. There are no users: every request runs as
// the engine's default user, so it listens on loopback only. Queries run
// one at a time (the library has one connection per process).
//
// The library is -lib, else CHDB_LIB: `scripts/services.sh chdb` installs
// it under ~/.cache/reeltrack/ (testenv.ChDBLibrary finds it there).
package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"mime"
	"mime/multipart"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "chdbhttp:", err)
		os.Exit(1)
	}
}

func run() error {
	addr := flag.String("addr", "127.0.0.1:8124", "loopback address to listen on")
	listenFD := flag.Int("listen-fd", 0, "listen on this inherited file descriptor, a socket already bound to -addr, instead (a test's server: the port is never free between the choice and the start)")
	dir := flag.String("path", "", "directory of the engine's databases (required; created if missing)")
	lib := flag.String("lib", "", "path of libchdb.so (default $CHDB_LIB)")
	users := flag.String("users", "", "a users config (users.xml, with its users.d/ beside it) whose user `default` runs every query, with that user's rights "+
		"(default: none, every right); the tests check a user's SQL grants with it")
	flag.Parse()
	if *dir == "" {
		return errors.New("-path is required")
	}
	if *lib == "" {
		*lib = os.Getenv("CHDB_LIB")
	}
	if *lib == "" {
		return errors.New("-lib or CHDB_LIB is required: the path of libchdb.so (scripts/services.sh chdb installs it)")
	}
	host, _, err := net.SplitHostPort(*addr)
	if err != nil {
		return fmt.Errorf("-addr: %w", err)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return fmt.Errorf("-addr %s: only a loopback address (it has no users)", *addr)
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		return err
	}
	if _, err := os.Stat(*lib); err != nil {
		return fmt.Errorf("chDB library: %w (install it with `scripts/services.sh chdb`)", err)
	}
	var args []string
	if *users != "" {
		conf, err := usersConfig(*dir, *users)
		if err != nil {
			return err
		}
		args = append(args, "--config-file="+conf)
	}
	eng, err := openEngine(*lib, *dir, args...)
	if err != nil {
		return err
	}
	defer eng.shut()
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	staging := filepath.Join(*dir, "staging")
	if err := os.MkdirAll(staging, 0o755); err != nil {
		return err
	}
	f := &front{eng: eng, log: log, dir: staging, set: map[string]string{}}
	if f.greeting, err = f.hello(); err != nil {
		return fmt.Errorf("first query: %w", err)
	}
	ln, err := listen(*addr, *listenFD)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: f, ReadHeaderTimeout: 10 * time.Second}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(shut)
	}()
	log.Info("serving", "addr", ln.Addr().String(), "path", *dir, "version", f.version())
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// usersConfig writes the engine's config that reads users from path and
// returns its path; the session logs in as `default` without a password.
func usersConfig(dir, path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	if _, err := os.Stat(abs); err != nil {
		return "", fmt.Errorf("-users: %w", err)
	}
	var b strings.Builder
	b.WriteString("<clickhouse><users_config>")
	if err := xml.EscapeText(&b, []byte(abs)); err != nil {
		return "", err
	}
	b.WriteString("</users_config></clickhouse>\n")
	conf := filepath.Join(dir, "chdbhttp-config.xml")
	return conf, os.WriteFile(conf, []byte(b.String()), 0o644)
}

// front answers HTTP requests with the engine, one at a time.
type front struct {
	mu  sync.Mutex
	eng *engine
	log *slog.Logger
	dir string            // where inserted rows are staged
	db  string            // the session's current database
	set map[string]string // settings changed by SET in the session, with their values
	// greeting answers helloQuery; it does not wait behind queued queries,
	// since a client gives its connection's hello only its dial timeout
	greeting []byte
}

func (f *front) version() string {
	out, err := f.exec("SELECT version()", "TabSeparated")
	if err != nil {
		return "?"
	}
	return strings.TrimSpace(string(out))
}

var reserved = map[string]bool{
	"query": true, "database": true, "default_format": true, "query_id": true, "user": true,
	"password": true, "quota_key": true, "session_id": true, "session_timeout": true,
	"session_check": true, "compress": true, "decompress": true, "client_protocol_version": true,
	"buffer_size": true, "wait_end_of_query": true, "enable_http_compression": true,
	"http_zlib_compression_level": true, "network_compression_method": true, "network_zstd_compression_level": true,
}

// unsupported are server settings the engine ignores rather than fails on.
var unsupported = map[string]bool{
	// a Distributed table's; the engine is one server
	"insert_distributed_sync": true,
}

var settingName = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

func (f *front) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/ping" || (r.URL.Path == "/" && r.Method == http.MethodGet && r.URL.RawQuery == "") {
		_, _ = io.WriteString(w, "Ok.\n")
		return
	}
	if r.URL.Path != "/" {
		http.Error(w, "Code: 0. DB::Exception: no such path", http.StatusNotFound)
		return
	}
	req, err := parseRequest(r)
	if err != nil {
		writeError(w, http.StatusBadRequest, err)
		return
	}
	start := time.Now()
	out, err := f.serve(req)
	if err != nil {
		f.log.Info("query failed", "query", firstLine(req.sql), "error", err.Error())
		writeError(w, http.StatusInternalServerError, err)
		return
	}
	f.log.Debug("query", "query", firstLine(req.sql), "ms", time.Since(start).Milliseconds())
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("X-ClickHouse-Format", req.format)
	w.Header().Set("Content-Length", strconv.Itoa(len(out)))
	_, _ = w.Write(out)
}

type request struct {
	sql      []byte
	data     []byte // the rows of an INSERT ... FORMAT, from the body
	database string
	format   string
	settings map[string]string
	external []external
}

type external struct {
	name, structure, format string
	data                    []byte
}

// bodyLimit bounds a request (an insert's batch of rows).
const bodyLimit = 1 << 30

func parseRequest(r *http.Request) (request, error) {
	q := r.URL.Query()
	req := request{database: q.Get("database"), format: q.Get("default_format"), settings: map[string]string{}}
	if req.format == "" {
		req.format = "TabSeparated"
	}
	var query string
	var body []byte
	ct, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ct == "multipart/form-data" {
		mr := multipart.NewReader(io.LimitReader(r.Body, bodyLimit), params["boundary"])
		for {
			p, err := mr.NextPart()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return req, fmt.Errorf("read multipart body: %w", err)
			}
			data, err := io.ReadAll(p)
			if err != nil {
				return req, fmt.Errorf("read part %s: %w", p.FormName(), err)
			}
			if p.FormName() == "query" {
				query = string(data)
				continue
			}
			name := p.FormName()
			structure := q.Get(name + "_structure")
			if structure == "" {
				return req, fmt.Errorf("external table %s has no %s_structure", name, name)
			}
			format := q.Get(name + "_format")
			if format == "" {
				format = "TabSeparated"
			}
			req.external = append(req.external, external{name: name, structure: structure, format: format, data: data})
		}
		if q.Has("query") {
			query = q.Get("query") + query
		}
	} else {
		var err error
		body, err = io.ReadAll(io.LimitReader(r.Body, bodyLimit))
		if err != nil {
			return req, fmt.Errorf("read body: %w", err)
		}
		if q.Has("query") {
			query = q.Get("query")
		} else {
			query, body = string(body), nil
		}
	}
	if strings.TrimSpace(query) == "" {
		return req, errors.New("empty query")
	}
	for k, v := range q {
		if reserved[k] || strings.HasSuffix(k, "_structure") || strings.HasSuffix(k, "_format") || strings.HasPrefix(k, "param_") {
			continue
		}
		if !settingName.MatchString(k) {
			return req, fmt.Errorf("unknown parameter %q", k)
		}
		if !unsupported[k] {
			req.settings[k] = v[len(v)-1]
		}
	}
	req.sql = []byte(query)
	if len(body) > 0 {
		req.data = body
	}
	return req, nil
}

// serve runs req in the session with its database, its settings (an earlier
// request's are reset) and its external tables as temporary tables.
func (f *front) serve(req request) ([]byte, error) {
	if strings.TrimSpace(string(req.sql)) == helloQuery {
		return f.greeting, nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if req.database != "" && req.database != f.db {
		if _, err := f.exec("USE "+quoteIdent(req.database), ""); err != nil {
			return nil, err
		}
		f.db = req.database
	}
	if err := f.applySettings(req.settings); err != nil {
		return nil, err
	}
	for _, t := range req.external {
		if _, err := f.exec(fmt.Sprintf("CREATE TEMPORARY TABLE %s (%s) ENGINE = Memory", quoteIdent(t.name), t.structure), ""); err != nil {
			return nil, fmt.Errorf("external table %s: %w", t.name, err)
		}
		defer f.exec("DROP TEMPORARY TABLE IF EXISTS "+quoteIdent(t.name), "") //nolint:errcheck // the next request's CREATE reports a leftover
		if len(t.data) > 0 {
			ins := request{sql: []byte(fmt.Sprintf("INSERT INTO %s FORMAT %s", quoteIdent(t.name), t.format)), data: t.data}
			if _, err := f.insert(ins); err != nil {
				return nil, fmt.Errorf("external table %s: %w", t.name, err)
			}
		}
	}
	if req.data != nil {
		return f.insert(req)
	}
	return f.eng.query(req.sql, req.format)
}

var insertFormat = regexp.MustCompile(`(?is)^\s*(INSERT\s+INTO\s+.*?)\s+FORMAT\s+(\w+)\s*$`)

// insert runs an INSERT ... FORMAT F whose rows came in the body through a
// file the engine reads: the library cuts large inline binary batches short.
func (f *front) insert(req request) ([]byte, error) {
	m := insertFormat.FindSubmatch(req.sql)
	if m == nil {
		return nil, errors.New("rows in the body need a query that ends INSERT INTO ... FORMAT <format>")
	}
	file, err := os.CreateTemp(f.dir, "insert-*."+strings.ToLower(string(m[2])))
	if err != nil {
		return nil, err
	}
	defer os.Remove(file.Name())
	if _, err := file.Write(req.data); err != nil {
		file.Close()
		return nil, err
	}
	if err := file.Close(); err != nil {
		return nil, err
	}
	sql := fmt.Sprintf("%s SELECT * FROM file(%s, %s)", m[1], quoteString(file.Name()), quoteString(string(m[2])))
	return f.eng.query([]byte(sql), req.format)
}

// helloQuery is what clickhouse-go asks a server over HTTP when it connects.
const helloQuery = "SELECT displayName(), version(), revision(), timezone()"

// hello answers helloQuery with revision 0, the revision whose Native the
// engine writes (no block info, no serialization kinds): the client decodes
// every later answer with the revision it reads here.
func (f *front) hello() ([]byte, error) {
	out, err := f.exec("SELECT displayName(), version(), timezone()", "TabSeparated")
	if err != nil {
		return nil, err
	}
	v := strings.Split(strings.TrimRight(string(out), "\n"), "\t")
	if len(v) != 3 {
		return nil, fmt.Errorf("unexpected answer %q", out)
	}
	var b bytes.Buffer
	uvarint := func(x uint64) { b.Write(binary.AppendUvarint(nil, x)) }
	str := func(s string) { uvarint(uint64(len(s))); b.WriteString(s) }
	// block info: field 1 is_overflows = false, field 2 bucket_num = -1, end
	uvarint(1)
	b.WriteByte(0)
	uvarint(2)
	b.Write(binary.LittleEndian.AppendUint32(nil, 0xFFFFFFFF))
	uvarint(0)
	uvarint(4)
	uvarint(1)
	for i, c := range []struct{ name, value string }{{"displayName()", v[0]}, {"version()", v[1]}, {"revision()", ""}, {"timezone()", v[2]}} {
		if i == 2 {
			str(c.name)
			str("UInt32")
			b.WriteByte(0) // no custom serialization
			b.Write(binary.LittleEndian.AppendUint32(nil, 0))
			continue
		}
		str(c.name)
		str("String")
		b.WriteByte(0)
		str(c.value)
	}
	return b.Bytes(), nil
}

// applySettings SETs the request's settings and resets to default those an
// earlier request set. A setting already at the request's value is left
// as it is: clients send the same few settings with every query, and each
// SET is a query of the engine's own.
func (f *front) applySettings(settings map[string]string) error {
	for _, k := range slices.Sorted(maps.Keys(f.set)) {
		if _, ok := settings[k]; ok {
			continue
		}
		if _, err := f.exec("SET "+k+" = DEFAULT", ""); err != nil {
			return err
		}
		delete(f.set, k)
	}
	for _, k := range slices.Sorted(maps.Keys(settings)) {
		v := settingValue(settings[k])
		if was, ok := f.set[k]; ok && was == v {
			continue
		}
		if _, err := f.exec("SET "+k+" = "+v, ""); err != nil {
			delete(f.set, k) // unknown now: set again next time
			return err
		}
		f.set[k] = v
	}
	return nil
}

func (f *front) exec(sql, format string) ([]byte, error) {
	return f.eng.query([]byte(sql), format)
}

var number = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)

func settingValue(v string) string {
	if number.MatchString(v) {
		return v
	}
	return quoteString(v)
}

func quoteString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

func quoteIdent(s string) string {
	return "`" + strings.NewReplacer("\\", "\\\\", "`", "\\`").Replace(s) + "`"
}

var exceptionCode = regexp.MustCompile(`Code: (\d+)\.`)

func writeError(w http.ResponseWriter, status int, err error) {
	msg := err.Error()
	code := "0"
	if m := exceptionCode.FindStringSubmatch(msg); m != nil {
		code = m[1]
	} else if status == http.StatusBadRequest {
		code = "27" // CANNOT_PARSE_INPUT_ASSERTION_FAILED: a malformed request
		msg = "Code: 27. DB::Exception: " + msg
	}
	w.Header().Set("X-ClickHouse-Exception-Code", code)
	w.Header().Set("Content-Type", "text/plain; charset=UTF-8")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, strings.TrimSpace(msg)+"\n")
}

func firstLine(b []byte) string {
	s := string(b[:min(len(b), 200)])
	if i := strings.IndexByte(strings.TrimSpace(s), '\n'); i >= 0 {
		s = strings.TrimSpace(s)[:i]
	}
	return s
}

// listen listens on addr, or on the inherited socket fd when fd > 0.
func listen(addr string, fd int) (net.Listener, error) {
	if fd <= 0 {
		return net.Listen("tcp", addr)
	}
	f := os.NewFile(uintptr(fd), "listener")
	defer f.Close()
	return net.FileListener(f)
}
