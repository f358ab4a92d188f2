package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

// manifestName is the manifest's file in a backup's directory. It is
// written last: a directory without it is a backup that did not finish.
const manifestName = "manifest.json"

// formatVersion is the layout of a backup directory this binary writes
// and reads.
const formatVersion = 1

type manifest struct {
	Format int `json:"format"`
	// CutOff is the time of PostgreSQL's snapshot; ClickHouse's export began
	// after it, so ClickHouse holds at least what PostgreSQL refers to.
	CutOff             time.Time `json:"cutOff"`
	ClickHouseFrom     time.Time `json:"clickhouseExportStarted"`
	ClickHouseTo       time.Time `json:"clickhouseExportEnded"`
	Postgres           pgPart    `json:"postgres"`
	ClickHouse         chPart    `json:"clickhouse"`
	RawHistoryComplete bool      `json:"rawHistoryComplete"`
}

type pgPart struct {
	ServerVersion string           `json:"serverVersion"`
	Migrations    []int            `json:"migrations"`
	Rows          map[string]int64 `json:"rows"` // per table, in the snapshot
	File          file             `json:"file"`
}

type chPart struct {
	EngineVersion string  `json:"engineVersion"`
	Database      string  `json:"database"`
	Migrations    []int   `json:"migrations"`
	Tables        []table `json:"tables"`
	// Cluster is the cluster a backup was read from, shard by shard; nil
	// for one server.
	Cluster *clusterPart `json:"cluster,omitempty"`
}

// clusterPart is the cluster a backup was read from: its shards, each read
// on one replica.
type clusterPart struct {
	Name        string      `json:"name"`
	ShardingKey string      `json:"shardingKey"`
	Shards      []shardPart `json:"shards"`
}

type shardPart struct {
	Num      int      `json:"shard"`
	Weight   int      `json:"weight"`
	Replicas []string `json:"replicas"` // host:port, native protocol
	ReadFrom string   `json:"readFrom"` // the HTTP interface of the replica read
}

// table is one exported table: its columns (inserted by name, so a later
// schema's new columns take their defaults) and one file per partition.
// On a cluster each shard's local table is one table of its own.
type table struct {
	Name       string      `json:"name"`
	Shard      int         `json:"shard,omitempty"`      // the shard read; 0 on one server
	Workspaces *workspaces `json:"workspaces,omitempty"` // on a cluster
	Columns    []column    `json:"columns"`
	Partitions []partition `json:"partitions"`
}

// workspaces are the workspaces a shard's table holds rows of, which a
// merge never changes: their number, the xor of their sharding keys, and
// how many of them the sharding key places on another shard (rows written
// before the shards changed).
type workspaces struct {
	Count    uint64 `json:"count"`
	Checksum uint64 `json:"checksum"`
	OffShard uint64 `json:"offShard"`
}

// rows is the number of rows the table's files hold.
func (t table) rows() uint64 {
	var n uint64
	for _, p := range t.Partitions {
		n += p.Rows
	}
	return n
}

// label names the table in messages, with its shard on a cluster.
func (t table) label() string {
	if t.Shard == 0 {
		return t.Name
	}
	return fmt.Sprintf("%s of shard %d", t.Name, t.Shard)
}

type partition struct {
	ID   string `json:"id"` // as system.parts names it; "all" when unpartitioned
	Rows uint64 `json:"rows"`
	File file   `json:"file"`
}

type file struct {
	Name   string `json:"name"`
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"`
}

func (c column) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Name string `json:"name"`
		Type string `json:"type"`
	}{c.name, c.typ})
}

func (c *column) UnmarshalJSON(b []byte) error {
	var v struct {
		Name string `json:"name"`
		Type string `json:"type"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	c.name, c.typ = v.Name, v.Type
	return nil
}

func writeManifest(dir string, m manifest) error {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	tmp := filepath.Join(dir, manifestName+".tmp")
	if err := os.WriteFile(tmp, append(b, '\n'), 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, manifestName))
}

func readManifest(dir string) (manifest, error) {
	var m manifest
	b, err := os.ReadFile(filepath.Join(dir, manifestName))
	if err != nil {
		return m, fmt.Errorf("%s has no %s (a backup that did not finish, or not a backup): %w", dir, manifestName, err)
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return m, fmt.Errorf("read %s: %w", manifestName, err)
	}
	if m.Format != formatVersion {
		return m, fmt.Errorf("%s: backup format %d, this binary reads format %d", manifestName, m.Format, formatVersion)
	}
	return m, nil
}

func (m manifest) files() []file {
	out := []file{m.Postgres.File}
	for _, t := range m.ClickHouse.Tables {
		for _, p := range t.Partitions {
			out = append(out, p.File)
		}
	}
	return out
}

func (f file) verify(dir string) error {
	r, err := os.Open(filepath.Join(dir, f.Name))
	if err != nil {
		return err
	}
	defer r.Close()
	h := sha256.New()
	n, err := io.Copy(h, r)
	if err != nil {
		return fmt.Errorf("read %s: %w", f.Name, err)
	}
	if n != f.Bytes {
		return fmt.Errorf("%s is %d bytes, the manifest says %d: the file is damaged or truncated", f.Name, n, f.Bytes)
	}
	if sum := hex.EncodeToString(h.Sum(nil)); sum != f.SHA256 {
		return fmt.Errorf("%s has checksum %s, the manifest says %s: the file is damaged", f.Name, sum, f.SHA256)
	}
	return nil
}

type hashingWriter struct {
	w io.Writer
	h interface {
		io.Writer
		Sum([]byte) []byte
	}
	n int64
}

func newHashingWriter(w io.Writer) *hashingWriter { return &hashingWriter{w: w, h: sha256.New()} }

func (h *hashingWriter) Write(p []byte) (int, error) {
	n, err := h.w.Write(p)
	h.h.Write(p[:n])
	h.n += int64(n)
	return n, err
}

func (h *hashingWriter) file(name string) file {
	return file{Name: name, Bytes: h.n, SHA256: hex.EncodeToString(h.h.Sum(nil))}
}
