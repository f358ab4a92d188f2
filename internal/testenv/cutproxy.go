package testenv

import (
	"bytes"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
)

// CutProxy forwards TCP connections to a server and plays the ways it fails
// until restored: cut (connections closed, as a server gone), frozen
// (nothing forwarded or answered, as SIGSTOP) and refusing (listener closed,
// as a server not running). It counts a watched byte string clients send.
type CutProxy struct {
	ln       net.Listener
	addr     string
	upstream string
	scheme   string // of upstream (http:// for ClickHouse's HTTP interface), kept in Addr

	mu       sync.Mutex
	conns    map[net.Conn]struct{}
	dropped  map[net.Conn]struct{} // client connections whose bytes were not forwarded
	cut      bool
	frozen   bool
	refusing bool
	needle   []byte // counted; cut when the cutAt-th occurrence goes upstream
	cutAtN   int
	seen     int
}

// NewCutProxy forwards a loopback port to upstream until the test ends.
func NewCutProxy(t testing.TB, upstream string) *CutProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	scheme := ""
	if i := strings.Index(upstream, "://"); i >= 0 {
		scheme, upstream = upstream[:i+3], upstream[i+3:]
	}
	p := &CutProxy{ln: ln, addr: ln.Addr().String(), upstream: upstream, scheme: scheme,
		conns: map[net.Conn]struct{}{}, dropped: map[net.Conn]struct{}{}}
	go p.serve(ln)
	t.Cleanup(func() {
		p.mu.Lock()
		p.ln.Close()
		p.mu.Unlock()
		p.closeAll()
	})
	return p
}

// Addr is the proxy's address, with the upstream's scheme if it had one.
func (p *CutProxy) Addr() string { return p.scheme + p.addr }

// CutAt arms the proxy to cut when the n-th occurrence of needle is about
// to be forwarded to the server; that chunk is not forwarded.
func (p *CutProxy) CutAt(needle []byte, n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.needle, p.cutAtN, p.seen = needle, n, 0
}

// Watch counts the occurrences of needle that clients send, without cutting.
func (p *CutProxy) Watch(needle []byte) { p.CutAt(needle, 0) }

// Seen is how many times the watched needle was sent since Watch or CutAt.
func (p *CutProxy) Seen() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.seen
}

// Cut closes every connection now and new ones at once, until Restore.
func (p *CutProxy) Cut() {
	p.mu.Lock()
	p.cut = true
	p.mu.Unlock()
	p.closeAll()
}

// IsCut reports whether the proxy has cut.
func (p *CutProxy) IsCut() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.cut
}

// Freeze stops forwarding and answering; connections stay open.
func (p *CutProxy) Freeze() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.frozen = true
}

// Refuse closes the listener and every connection.
func (p *CutProxy) Refuse() {
	p.mu.Lock()
	p.refusing = true
	p.ln.Close()
	p.mu.Unlock()
	p.closeAll()
}

// Restore lets connections through again and disarms the cut; connections
// whose bytes were dropped while frozen are closed.
func (p *CutProxy) Restore() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cut, p.needle, p.cutAtN, p.frozen = false, nil, 0, false
	for c := range p.dropped {
		c.Close()
		delete(p.conns, c)
	}
	clear(p.dropped)
	if p.refusing {
		ln, err := net.Listen("tcp", p.addr)
		if err != nil {
			panic("cut proxy: listen again on " + p.addr + ": " + err.Error())
		}
		p.ln, p.refusing = ln, false
		go p.serve(ln)
	}
}

func (p *CutProxy) closeAll() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for c := range p.conns {
		c.Close()
	}
	clear(p.conns)
	clear(p.dropped)
}

func (p *CutProxy) serve(ln net.Listener) {
	for {
		client, err := ln.Accept()
		if err != nil {
			return
		}
		go p.handle(client)
	}
}

func (p *CutProxy) handle(client net.Conn) {
	p.mu.Lock()
	cut, refusing := p.cut, p.refusing
	p.mu.Unlock()
	if cut || refusing {
		client.Close()
		return
	}
	server, err := net.Dial("tcp", p.upstream)
	if err != nil {
		client.Close()
		return
	}
	p.mu.Lock()
	if p.cut || p.refusing {
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
			// The tail is shorter than the needle, so none is counted twice.
			window := append(tail, buf[:n]...)
			cut, frozen := p.trip(window)
			if cut {
				return
			}
			if frozen {
				p.mu.Lock()
				if _, open := p.conns[client]; open {
					p.dropped[client] = struct{}{}
				}
				p.mu.Unlock()
			} else if _, err := server.Write(buf[:n]); err != nil {
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

func (p *CutProxy) trip(window []byte) (cut, frozen bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cut {
		return true, false
	}
	if len(p.needle) == 0 {
		return false, p.frozen
	}
	p.seen += bytes.Count(window, p.needle)
	if p.cutAtN <= 0 || p.seen < p.cutAtN {
		return false, p.frozen
	}
	p.cut = true
	for c := range p.conns {
		c.Close()
	}
	clear(p.conns)
	return true, false
}
