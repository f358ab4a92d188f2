package main

import (
	"errors"
	"fmt"
	"runtime"
	"unsafe"

	"github.com/ebitengine/purego"
)

// engine is libchdb.so's ClickHouse engine, loaded at run time (purego: the
// binary builds without the library or cgo). The library allows one
// connection per process; the caller serializes queries.
type engine struct {
	conn unsafe.Pointer // chdb_connection: the value chdb_connect points at

	close   func(conn unsafe.Pointer)
	queryN  func(conn unsafe.Pointer, query *byte, queryLen uintptr, format *byte, formatLen uintptr) unsafe.Pointer
	destroy func(res unsafe.Pointer)
	buffer  func(res unsafe.Pointer) unsafe.Pointer
	length  func(res unsafe.Pointer) uintptr
	errorOf func(res unsafe.Pointer) *byte
	connPtr unsafe.Pointer // chdb_connection*, for chdb_close_conn
}

// openEngine loads lib and opens a connection that keeps its databases in
// dir; args are more options of the engine (clickhouse-local's).
func openEngine(lib, dir string, args ...string) (*engine, error) {
	h, err := purego.Dlopen(lib, purego.RTLD_NOW|purego.RTLD_GLOBAL)
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", lib, err)
	}
	e := &engine{}
	var connect func(argc int32, argv **byte) unsafe.Pointer
	for name, fn := range map[string]any{
		"chdb_connect":              &connect,
		"chdb_close_conn":           &e.close,
		"chdb_query_n":              &e.queryN,
		"chdb_destroy_query_result": &e.destroy,
		"chdb_result_buffer":        &e.buffer,
		"chdb_result_length":        &e.length,
		"chdb_result_error":         &e.errorOf,
	} {
		if _, err := purego.Dlsym(h, name); err != nil {
			return nil, fmt.Errorf("%s has no %s: not a chDB library of the expected API", lib, name)
		}
		purego.RegisterLibFunc(fn, h, name)
	}
	args = append([]string{"clickhouse", "--path=" + dir}, args...)
	argv := make([]*byte, len(args))
	for i, a := range args {
		argv[i] = cString(a)
	}
	p := connect(int32(len(argv)), &argv[0])
	runtime.KeepAlive(argv)
	if p == nil {
		return nil, errors.New("chdb_connect failed")
	}
	e.connPtr = p
	e.conn = *(*unsafe.Pointer)(p)
	return e, nil
}

// query runs sql, which may carry binary data after FORMAT, and returns its
// output in format.
func (e *engine) query(sql []byte, format string) ([]byte, error) {
	if len(sql) == 0 {
		return nil, errors.New("empty query")
	}
	f := []byte(format)
	if len(f) == 0 {
		f = []byte("TabSeparated")
	}
	res := e.queryN(e.conn, &sql[0], uintptr(len(sql)), &f[0], uintptr(len(f)))
	runtime.KeepAlive(sql)
	runtime.KeepAlive(f)
	if res == nil {
		return nil, nil
	}
	defer e.destroy(res)
	if msg := goString(e.errorOf(res)); msg != "" {
		return nil, errors.New(msg)
	}
	n := e.length(res)
	if n == 0 {
		return nil, nil
	}
	return append([]byte(nil), unsafe.Slice((*byte)(e.buffer(res)), n)...), nil
}

// shut closes the connection (the library flushes its tables).
func (e *engine) shut() {
	if e.connPtr != nil {
		e.close(e.connPtr)
		e.connPtr = nil
	}
}

func cString(s string) *byte {
	b := append([]byte(s), 0)
	return &b[0]
}

func goString(p *byte) string {
	if p == nil {
		return ""
	}
	n := 0
	for *(*byte)(unsafe.Add(unsafe.Pointer(p), n)) != 0 {
		n++
	}
	return string(unsafe.Slice(p, n))
}
