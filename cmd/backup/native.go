package main

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// nativeReader reads ClickHouse's Native format as a server writes it over
// HTTP (a client of revision 0: the same on 18.16 and current releases). It
// reads a block whole and hands its bytes back unchanged, so an export counts
// rows and a restore sends bounded inserts without decoding a value. A type
// the service's tables do not use is an error, never a guess.
type nativeReader struct {
	r   *bufio.Reader
	buf []byte // the current block's bytes
}

func newNativeReader(r io.Reader) *nativeReader {
	return &nativeReader{r: bufio.NewReaderSize(r, 1<<20)}
}

type block struct {
	rows    uint64
	columns []column
}

type column struct{ name, typ string }

// next reads the next block and returns its shape and its bytes (valid
// until the next call); io.EOF when the stream ends between blocks.
func (n *nativeReader) next() (block, []byte, error) {
	n.buf = n.buf[:0]
	if _, err := n.r.Peek(1); err != nil {
		if errors.Is(err, io.EOF) {
			return block{}, nil, io.EOF
		}
		return block{}, nil, err
	}
	cols, err := n.uvarint()
	if err != nil {
		return block{}, nil, truncated(err)
	}
	rows, err := n.uvarint()
	if err != nil {
		return block{}, nil, truncated(err)
	}
	if cols > 4096 {
		return block{}, nil, fmt.Errorf("native block: %d columns: not a Native stream", cols)
	}
	b := block{rows: rows}
	for range cols {
		name, err := n.str()
		if err != nil {
			return block{}, nil, truncated(err)
		}
		typ, err := n.str()
		if err != nil {
			return block{}, nil, truncated(err)
		}
		if err := n.values(typ, rows); err != nil {
			return block{}, nil, fmt.Errorf("native block, column %s %s: %w", name, typ, truncated(err))
		}
		b.columns = append(b.columns, column{name: name, typ: typ})
	}
	return b, n.buf, nil
}

func truncated(err error) error {
	if errors.Is(err, io.EOF) {
		return io.ErrUnexpectedEOF
	}
	return err
}

func (n *nativeReader) uvarint() (uint64, error) {
	var x uint64
	var s uint
	for i := range binary.MaxVarintLen64 {
		c, err := n.r.ReadByte()
		if err != nil {
			return 0, err
		}
		n.buf = append(n.buf, c)
		if c < 0x80 {
			if i == binary.MaxVarintLen64-1 && c > 1 {
				return 0, errors.New("native block: varint overflows")
			}
			return x | uint64(c)<<s, nil
		}
		x |= uint64(c&0x7f) << s
		s += 7
	}
	return 0, errors.New("native block: varint overflows")
}

func (n *nativeReader) take(k uint64) ([]byte, error) {
	if k > 1<<34 {
		return nil, fmt.Errorf("native block: a value of %d bytes", k)
	}
	start := len(n.buf)
	n.buf = append(n.buf, make([]byte, k)...)
	if _, err := io.ReadFull(n.r, n.buf[start:]); err != nil {
		return nil, err
	}
	return n.buf[start:], nil
}

func (n *nativeReader) str() (string, error) {
	l, err := n.uvarint()
	if err != nil {
		return "", err
	}
	if l > 1<<16 {
		return "", fmt.Errorf("native block: a name of %d bytes", l)
	}
	b, err := n.take(l)
	return string(b), err
}

func (n *nativeReader) values(typ string, rows uint64) error {
	if size, ok := fixedSize(typ); ok {
		_, err := n.take(size * rows)
		return err
	}
	switch {
	case strings.HasPrefix(typ, "Nullable(") && strings.HasSuffix(typ, ")"):
		if _, err := n.take(rows); err != nil { // the null map
			return err
		}
		return n.values(typ[len("Nullable("):len(typ)-1], rows)
	case typ == "String":
		for range rows {
			l, err := n.uvarint()
			if err != nil {
				return err
			}
			if _, err := n.take(l); err != nil {
				return err
			}
		}
		return nil
	case strings.HasPrefix(typ, "Array(") && strings.HasSuffix(typ, ")"):
		offsets, err := n.take(8 * rows)
		if err != nil {
			return err
		}
		var total uint64
		if rows > 0 {
			total = binary.LittleEndian.Uint64(offsets[len(offsets)-8:])
		}
		return n.values(typ[len("Array("):len(typ)-1], total)
	case strings.HasPrefix(typ, "AggregateFunction(") && strings.HasSuffix(typ, ")"):
		return n.states(typ, rows)
	}
	return fmt.Errorf("native block: type %s is not one the backup knows", typ)
}

// states reads the projections' aggregate states: a flag byte, then the value
// when set (argMin/argMax two); groupBitOr its value.
func (n *nativeReader) states(typ string, rows uint64) error {
	args := splitArgs(typ[len("AggregateFunction(") : len(typ)-1])
	if len(args) < 2 {
		return fmt.Errorf("native block: type %s is not one the backup knows", typ)
	}
	var sizes []uint64
	for _, a := range args[1:] {
		s, ok := fixedSize(a)
		if !ok {
			return fmt.Errorf("native block: type %s is not one the backup knows", typ)
		}
		sizes = append(sizes, s)
	}
	switch fn := args[0]; {
	case fn == "groupBitOr" && len(sizes) == 1:
		_, err := n.take(sizes[0] * rows)
		return err
	case (fn == "min" || fn == "max") && len(sizes) == 1,
		(fn == "argMin" || fn == "argMax") && len(sizes) == 2:
		for range rows {
			for _, s := range sizes {
				flag, err := n.take(1)
				if err != nil {
					return err
				}
				if flag[0] != 0 {
					if _, err := n.take(s); err != nil {
						return err
					}
				}
			}
		}
		return nil
	}
	return fmt.Errorf("native block: type %s is not one the backup knows", typ)
}

func fixedSize(typ string) (uint64, bool) {
	switch typ {
	case "UInt8", "Int8", "Bool":
		return 1, true
	case "UInt16", "Int16", "Date":
		return 2, true
	case "UInt32", "Int32", "Float32", "DateTime", "Date32", "IPv4":
		return 4, true
	case "UInt64", "Int64", "Float64":
		return 8, true
	case "UUID", "UInt128", "Int128", "IPv6":
		return 16, true
	}
	switch {
	case strings.HasPrefix(typ, "Enum8("):
		return 1, true
	case strings.HasPrefix(typ, "Enum16("):
		return 2, true
	case strings.HasPrefix(typ, "DateTime("):
		return 4, true
	case strings.HasPrefix(typ, "DateTime64("):
		return 8, true
	case strings.HasPrefix(typ, "FixedString(") && strings.HasSuffix(typ, ")"):
		k, err := strconv.ParseUint(typ[len("FixedString("):len(typ)-1], 10, 32)
		return k, err == nil
	}
	return 0, false
}

// splitArgs splits a type's arguments at the commas outside parentheses
// and quotes.
func splitArgs(s string) []string {
	var out []string
	depth, quoted, start := 0, false, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quoted && c == '\\':
			i++
		case c == '\'':
			quoted = !quoted
		case quoted:
		case c == '(':
			depth++
		case c == ')':
			depth--
		case c == ',' && depth == 0:
			out = append(out, strings.TrimSpace(s[start:i]))
			start = i + 1
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}
