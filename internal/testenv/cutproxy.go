package testenv

import (
	"bytes"
	"io"
	"net"
	"sync"
	"testing"
)

// CutProxy forwards TCP connections to a server (ClickHouse, PostgreSQL)
// until it is cut: then it closes every connection and closes new ones at
// once, as a server that went away, until it is restored.
type CutProxy struct {
	ln       net.Listener
	upstream string

	mu     sync.Mutex
	conns  map[net.Conn]struct{}
	cut    bool
	needle []byte // cut when the cutAt-th occurrence goes upstream
	cutAtN int
	seen   int
}

// NewCutProxy listens on a loopback port and forwards to upstream until the
// test ends.
func NewCutProxy(t testing.TB, upstream string) *CutProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &CutProxy{ln: ln, upstream: upstream, conns: map[net.Conn]struct{}{}}
	go p.serve()
	t.Cleanup(func() {
		ln.Close()
		p.closeAll()
	})
	return p
}

// Addr is the proxy's address, host:port.
func (p *CutProxy) Addr() string { return p.ln.Addr().String() }

// CutAt arms the proxy to cut when the n-th occurrence of needle is about
// to be forwarded to the server; that chunk is not forwarded.
func (p *CutProxy) CutAt(needle []byte, n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.needle, p.cutAtN, p.seen = needle, n, 0
}

// IsCut reports whether the proxy has cut.
func (p *CutProxy) IsCut() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.cut
}

// Restore lets new connections through again and disarms the cut.
func (p *CutProxy) Restore() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cut, p.needle = false, nil
}

func (p *CutProxy) closeAll() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for c := range p.conns {
		c.Close()
	}
	clear(p.conns)
}

func (p *CutProxy) serve() {
	for {
		client, err := p.ln.Accept()
		if err != nil {
			return
		}
		go p.handle(client)
	}
}

func (p *CutProxy) handle(client net.Conn) {
	p.mu.Lock()
	cut := p.cut
	p.mu.Unlock()
	if cut {
		client.Close()
		return
	}
	server, err := net.Dial("tcp", p.upstream)
	if err != nil {
		client.Close()
		return
	}
	p.mu.Lock()
	if p.cut {
		p.mu.Unlock()
		client.Close()
		server.Close()
		return
	}
	p.conns[client], p.conns[server] = struct{}{}, struct{}{}
	p.mu.Unlock()
	go func() {
		io.Copy(client, server) //nolint:errcheck // ends when either side closes
		client.Close()
		server.Close()
	}()
	var tail []byte
	buf := make([]byte, 32<<10)
	for {
		n, err := client.Read(buf)
		if n > 0 {
			// Count occurrences in the previous chunk's tail and this one:
			// the tail is shorter than the needle, so none is counted twice.
			window := append(tail, buf[:n]...)
			if p.trip(window) {
				return
			}
			if _, err := server.Write(buf[:n]); err != nil {
				break
			}
			if k := len(p.needleOf()) - 1; k > 0 && len(window) > k {
				tail = append(tail[:0], window[len(window)-k:]...)
			} else {
				tail = tail[:0]
			}
		}
		if err != nil {
			break
		}
	}
	client.Close()
	server.Close()
}

func (p *CutProxy) needleOf() []byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.needle
}

// trip counts the needle in window and cuts the proxy when the armed count
// is reached. It reports whether the proxy is cut.
func (p *CutProxy) trip(window []byte) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cut {
		return true
	}
	if len(p.needle) == 0 {
		return false
	}
	p.seen += bytes.Count(window, p.needle)
	if p.seen < p.cutAtN {
		return false
	}
	p.cut = true
	for c := range p.conns {
		c.Close()
	}
	clear(p.conns)
	return true
}
