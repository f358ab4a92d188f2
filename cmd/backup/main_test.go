package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack"
	"github.com/reeltrack/reeltrack/api"
	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/config"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/projections/analytics"
	"github.com/reeltrack/reeltrack/schema"
)

var env *testenv.Env

func TestMain(m *testing.M) { testenv.Main(m, &env) }

// now is the clock of both dashboards: the seeded history ends before it.
var now = time.Now().UTC().Truncate(time.Hour)

func ptr(v uint64) *uint64 { return &v }

// seeded is a workspace with accounts, videos, a collection and their
// snapshots over 40 days (two monthly partitions at least).
type seeded struct {
	ws, owner, account, video uuid.UUID
	campaign                  uuid.UUID
	videos                    []uuid.UUID
}

func seed(t *testing.T, ctx context.Context) seeded {
	t.Helper()
	var s seeded
	s.ws = env.Workspace(t, testenv.WorkspaceOptions{Name: "restored"})
	s.owner = env.Owner(t, s.ws)
	coll := env.Collection(t, s.ws, "launch")
	start := now.Add(-40 * 24 * time.Hour)
	w := ingest.NewSnapshotWriter(env.CH, 0, start)
	for a := range 2 {
		p := []platform.Platform{platform.TikTok, platform.Instagram}[a]
		acc := env.Account(t, s.ws, testenv.AccountOptions{Platform: p, Status: domain.ItemActive, CollectionID: &coll,
			CreatedAt: start, LastScrapedAt: now.Add(-time.Hour), DisplayName: fmt.Sprintf("Account %d", a)})
		if a == 0 {
			s.account = acc
		}
		for v := range 3 {
			published := start.Add(time.Duration(v*5) * 24 * time.Hour)
			id := env.Video(t, s.ws, testenv.VideoOptions{Platform: p, AccountID: acc, AccountHandle: "h", Status: domain.ItemActive,
				Caption: fmt.Sprintf("video %d of %d", v, a), CreatedAt: start, PublishedAt: published, LastScrapedAt: now.Add(-time.Hour)})
			s.videos = append(s.videos, id)
			// every 6 hours from its publication, growing; Instagram
			// hides likes on one video
			for at, i := published, uint64(1); at.Before(now); at, i = at.Add(6*time.Hour), i+1 {
				m := ingest.Metrics{Views: ptr(i * i * 100 * uint64(v+1)), Likes: ptr(i * 7), Comments: ptr(i), Shares: ptr(i / 2), Saves: ptr(i / 3)}
				if p == platform.Instagram && v == 1 {
					m.Likes = nil
				}
				if err := w.Add(ctx, ingest.Snapshot{WorkspaceID: s.ws, Platform: p, Kind: platform.Video, EntityID: id, AccountID: acc,
					ScrapedAt: at, Metrics: m, JobID: uuid.New(), PublishedAt: published}); err != nil {
					t.Fatal(err)
				}
			}
		}
		for at, i := start, uint64(1); at.Before(now); at, i = at.Add(12*time.Hour), i+1 {
			if err := w.Add(ctx, ingest.Snapshot{WorkspaceID: s.ws, Platform: p, Kind: platform.Account, EntityID: acc, AccountID: acc,
				ScrapedAt: at, Followers: ptr(1000 + i*i)}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	s.video = s.videos[0]
	// a campaign over the collection: its ledger prices the raw snapshots
	d := newDashboard(t, env.PG, env.CH, s.owner)
	if status, body := d.send(http.MethodPost, "/api/campaigns", fmt.Sprintf(`{"collectionId": %q, "currency": "usd", "startsAt": %q, "budget": 500000,
		"period": "monthly", "rules": {"tiers": [{"fromViews": 0, "cpm": 100}]}}`, coll, start.Format(time.RFC3339))); status != http.StatusCreated {
		t.Fatalf("create a campaign: %d %s", status, body)
	}
	s.campaign = coll
	return s
}

// ingestion writes scrapes of another workspace until stopped, in the
// service's order: the snapshots to ClickHouse, then the job processed in
// PostgreSQL.
type ingestion struct {
	ws     uuid.UUID
	videos []uuid.UUID
	stop   chan struct{}
	done   chan error
}

func startIngestion(t *testing.T, ctx context.Context) *ingestion {
	t.Helper()
	in := &ingestion{ws: env.Workspace(t, testenv.WorkspaceOptions{Name: "busy"}), stop: make(chan struct{}), done: make(chan error, 1)}
	for range 3 {
		in.videos = append(in.videos, env.Video(t, in.ws, testenv.VideoOptions{Status: domain.ItemActive}))
	}
	go func() {
		at := now.Add(-30 * 24 * time.Hour)
		for i := uint64(1); ; i++ {
			select {
			case <-in.stop:
				in.done <- nil
				return
			default:
			}
			job := uuid.New()
			w := ingest.NewSnapshotWriter(env.CH, 0, time.Now())
			for _, v := range in.videos {
				if err := w.Add(ctx, ingest.Snapshot{WorkspaceID: in.ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: v,
					ScrapedAt: at, Metrics: ingest.Metrics{Views: ptr(i * 10)}, JobID: job}); err != nil {
					in.done <- err
					return
				}
			}
			if err := w.Flush(ctx); err != nil {
				in.done <- err
				return
			}
			if _, err := env.PG.Exec(ctx, `INSERT INTO scrape_jobs (id, workspace_id, platform, actor, input, reason, status, scraped_at)
				VALUES ($1, $2, 'tiktok', 'actor', '{}', 'refresh', $3, $4)`, job, in.ws, string(domain.JobProcessed), at); err != nil {
				in.done <- err
				return
			}
			at = at.Add(time.Minute)
		}
	}()
	return in
}

func (in *ingestion) end(t *testing.T) {
	t.Helper()
	close(in.stop)
	if err := <-in.done; err != nil {
		t.Fatalf("ingestion: %v", err)
	}
}

// source is the package's databases as a backup's source.
func source() target {
	return target{PG: env.PG, PGURL: env.PGURL, CH: env.CH, CHDB: env.CHOptions.Database, HTTP: testHTTP(), Log: io.Discard}
}

func testHTTP() chHTTP {
	return chHTTP{base: httpAddr(env.CHOptions.Addr), user: env.CHOptions.User, password: env.CHOptions.Password, client: &http.Client{}}
}

// fresh is a new, empty PostgreSQL database and the name of a ClickHouse
// database that does not exist yet on the engine admin is connected to,
// both dropped when the test ends.
type fresh struct {
	target
	admin     driver.Conn
	chOptions store.ClickHouseOptions
}

// newFresh makes fresh databases on the package's servers.
func newFresh(t *testing.T, ctx context.Context) fresh {
	return newFreshOn(t, ctx, env.CHOptions, env.CH)
}

// newFreshOn makes fresh databases on the package's PostgreSQL and the
// ClickHouse of base, whose administrator admin is.
func newFreshOn(t *testing.T, ctx context.Context, base store.ClickHouseOptions, admin driver.Conn) fresh {
	t.Helper()
	name, pgURL, pg := env.FreshPostgres(t, ctx, "restore_")
	o := base
	o.Database = name
	t.Cleanup(func() {
		_ = admin.Exec(context.Background(), `DROP DATABASE IF EXISTS `+name+`_analytics`)
		_ = admin.Exec(context.Background(), `DROP DATABASE IF EXISTS `+name)
	})
	h := chHTTP{base: httpAddr(o.Addr), user: o.User, password: o.Password, client: &http.Client{}}
	return fresh{target: target{PG: pg, PGURL: pgURL, CHDB: name, HTTP: h, Log: io.Discard}, admin: admin, chOptions: o}
}

func (f fresh) restore(ctx context.Context, dir string, force bool) (manifest, error) {
	open := func(ctx context.Context) (driver.Conn, error) { return store.OpenClickHouse(ctx, f.chOptions) }
	return restore(ctx, f.target, f.admin, open, dir, force)
}

// openClickHouse connects to the restored ClickHouse database until the
// test ends.
func (f fresh) openClickHouse(t *testing.T, ctx context.Context) driver.Conn {
	t.Helper()
	ch, err := store.OpenClickHouse(ctx, f.chOptions)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ch.Close() })
	return ch
}

// snapshotRows are the snapshots a backup's manifest counts (of every
// shard of a cluster).
func snapshotRows(m manifest) uint64 {
	var n uint64
	for _, tb := range m.ClickHouse.Tables {
		if tb.Name == "metric_snapshots" {
			n += tb.rows()
		}
	}
	return n
}

// otherEngine is a ClickHouse of the other kind than the package's, as
// its administrator: a current engine of the test's own when the package
// runs on 18.16, the 18.16 server of `make services` when it runs on a
// current engine.
func otherEngine(t *testing.T, ctx context.Context) (store.ClickHouseOptions, driver.Conn) {
	t.Helper()
	var o store.ClickHouseOptions
	if testenv.CurrentEngine() {
		o.Addr = cmp.Or(strings.TrimSpace(os.Getenv("CLICKHOUSE_ADDR")), "127.0.0.1:9000")
		o.User, o.Password = store.AdminCredentials(o.Addr, os.LookupEnv)
	} else {
		addr, stop, err := testenv.StartCurrentEngine(ctx)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(stop)
		o.Addr, o.User = addr, "default"
	}
	o.Database = "default"
	admin, err := store.OpenClickHouse(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close() })
	return o, admin
}

// dashboard is the API built through the wiring on a pair of stores,
// signed in as a user.
type dashboard struct {
	t   *testing.T
	app interface {
		Test(*http.Request, ...int) (*http.Response, error)
	}
	cookie *http.Cookie
}

func newDashboard(t *testing.T, pg *pgxpool.Pool, ch driver.Conn, user uuid.UUID) dashboard {
	t.Helper()
	rds, err := store.OpenRedisWithin(env.RedisURL, env.Redis.Prefix+uuid.NewString()[:8]+":", time.Second, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rds.Close() })
	passwords, err := auth.NewPasswords(4)
	if err != nil {
		t.Fatal(err)
	}
	cfg := config.Config{PublicBaseURL: "http://127.0.0.1:8080", SessionSecret: "test-session-secret-0123456789abcdef", SessionTTL: time.Hour,
		BcryptCost: 4, FoundingSpots: 100, BodyLimit: 64 << 10, RequestTimeout: 30 * time.Second, CacheTTL: time.Minute,
		StartValuesBytes: config.DefaultStartValuesBytes, RateLimitPublic: 100000, RateLimitUser: 100000}
	tokens := auth.NewTokens(cfg.SessionSecret, cfg.SessionTTL)
	d := wiring.Deps{Config: cfg, Log: slog.New(slog.NewJSONHandler(io.Discard, nil)), DB: pg, CH: ch, Redis: rds,
		Passwords: passwords, Tokens: tokens, OpenAPI: reeltrack.OpenAPI, Now: func() time.Time { return now }}
	var email string
	if err := pg.QueryRow(context.Background(), `SELECT email FROM users WHERE id = $1`, user).Scan(&email); err != nil {
		t.Fatal(err)
	}
	raw, _, err := tokens.Issue(user, email)
	if err != nil {
		t.Fatal(err)
	}
	return dashboard{t: t, app: api.New(wiring.API(d)), cookie: &http.Cookie{Name: auth.CookieName, Value: raw}}
}

func (d dashboard) get(path string) (int, string) {
	d.t.Helper()
	return d.send(http.MethodGet, path, "")
}

func (d dashboard) send(method, path, body string) (int, string) {
	d.t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	req.AddCookie(d.cookie)
	res, err := d.app.Test(req, 60_000)
	if err != nil {
		d.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	answer, err := io.ReadAll(res.Body)
	if err != nil {
		d.t.Fatal(err)
	}
	return res.StatusCode, string(answer)
}

// routes are the dashboard's answers about the seeded workspace.
func routes(s seeded) []string {
	out := []string{
		"/api/overview", "/api/overview?datePreset=24h", "/api/overview?datePreset=30d",
		"/api/videos", "/api/videos?sort=views", "/api/videos?datePreset=7d&sort=gained24h",
		"/api/accounts", "/api/accounts/" + s.account.String() + "/analytics",
		"/api/accounts/" + s.account.String() + "/analytics?granularity=day",
		"/api/collections", "/api/campaigns", "/api/creators", "/api/alerts", "/api/export",
		"/api/campaigns/" + s.campaign.String(), "/api/campaigns/" + s.campaign.String() + "/lines",
		"/api/campaigns/" + s.campaign.String() + "/export",
	}
	for _, v := range s.videos {
		out = append(out, "/api/videos/"+v.String())
	}
	return out
}

func chCount(t *testing.T, ch driver.Conn, sql string, args ...any) uint64 {
	t.Helper()
	var n uint64
	if err := ch.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return n
}

// TestRestoredBackupAnswersAsTheSource backs the databases up while
// another workspace's scrapes are being written, restores the backup into
// new databases, and compares every dashboard answer about a seeded
// workspace, built through the wiring on each pair of stores, and the
// rows of both stores.
func TestRestoredBackupAnswersAsTheSource(t *testing.T) {
	ctx := context.Background()
	s := seed(t, ctx)
	want := answers(t, newDashboard(t, env.PG, env.CH, s.owner), s)
	for _, v := range s.videos {
		if !strings.Contains(want["/api/videos"], v.String()) {
			t.Fatalf("the source's videos list leaves out the seeded video %s: %s", v, want["/api/videos"])
		}
	}
	wantRows := chCount(t, env.CH, `SELECT count() FROM metric_snapshots WHERE workspace_id = ?`, s.ws)

	// the rows' transaction ids of a server further on than the target's,
	// as when restoring on a new machine (the triggers that stamp them are
	// off for the update)
	tx, err := env.PG.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, stmt := range []string{`ALTER TABLE videos DISABLE TRIGGER USER`,
		`UPDATE videos SET analytics_txid = txid_current() + 1000000000 WHERE workspace_id = $1`, `ALTER TABLE videos ENABLE TRIGGER USER`} {
		var args []any
		if strings.Contains(stmt, "$1") {
			args = append(args, s.ws)
		}
		if _, err := tx.Exec(ctx, stmt, args...); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}

	in := startIngestion(t, ctx)
	// a few scrapes before the backup starts
	for chCount(t, env.CH, `SELECT count() FROM metric_snapshots WHERE workspace_id = ?`, in.ws) < 30 {
		time.Sleep(20 * time.Millisecond)
	}
	dir := filepath.Join(t.TempDir(), "backup")
	m, err := backup(ctx, source(), dir)
	in.end(t)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.ClickHouse.Tables) != 1 || len(m.ClickHouse.Tables[0].Partitions) < 2 {
		t.Fatalf("backup of %+v: want metric_snapshots in two monthly partitions at least", m.ClickHouse.Tables)
	}

	f := newFresh(t, ctx)
	if _, err := f.restore(ctx, dir, false); err != nil {
		t.Fatal(err)
	}
	ch := f.openClickHouse(t, ctx)

	// ClickHouse: every row of the manifest, the seeded workspace's as
	// the source holds them, and every scrape PostgreSQL's snapshot holds
	// as processed has its snapshots (ClickHouse is exported after it)
	inManifest := snapshotRows(m)
	if got := chCount(t, ch, `SELECT count() FROM metric_snapshots`); got != inManifest {
		t.Errorf("restored metric_snapshots holds %d rows, the manifest %d", got, inManifest)
	}
	if got := chCount(t, ch, `SELECT count() FROM metric_snapshots WHERE workspace_id = ?`, s.ws); got != wantRows {
		t.Errorf("restored snapshots of the seeded workspace: %d, the source %d", got, wantRows)
	}
	everyProcessedScrapeRestored(t, ctx, f.PG, ch, in)
	// PostgreSQL: every table's rows as in the snapshot (but the record
	// of the analytics sync, which the restore's copy of the dimensions
	// writes)
	restoredRows, err := pgRows(ctx, f.PG)
	if err != nil {
		t.Fatal(err)
	}
	for name, n := range m.Postgres.Rows {
		if name != "analytics_sync" && restoredRows[name] != n {
			t.Errorf("postgres %s: %d rows restored, %d in the backup", name, restoredRows[name], n)
		}
	}
	if len(m.Postgres.Rows) < 20 {
		t.Errorf("the manifest counts %d postgres tables", len(m.Postgres.Rows))
	}

	sameAnswers(t, newDashboard(t, f.PG, ch, s.owner), s, want)

	// the analytics sync, after the restore copied every row, copies
	// again none of the rows the source wrote (the workspaces, which the
	// restore itself updates, may come again: the sync copies a row twice
	// when a transaction was open across its runs), then a workspace
	// renamed afterwards
	synced, err := analytics.Sync(ctx, f.PG, ch, schema.AnalyticsDatabase(f.CHDB))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"videos", "accounts", "collections"} {
		if n := synced.Rows[d]; n != 0 {
			t.Errorf("the first analytics sync after the restore copied %d rows of %s again", n, d)
		}
	}
	if _, err := f.PG.Exec(ctx, `UPDATE workspaces SET name = 'renamed' WHERE id = $1`, s.ws); err != nil {
		t.Fatal(err)
	}
	if synced, err = analytics.Sync(ctx, f.PG, ch, schema.AnalyticsDatabase(f.CHDB)); err != nil {
		t.Fatal(err)
	}
	if synced.Rows["workspaces"] < 1 || synced.Rows["videos"] != 0 {
		t.Errorf("the analytics sync after a rename copied %v, want the workspace and no video", synced.Rows)
	}
}

// everyProcessedScrapeRestored checks that every scrape of in's workspace
// that the restored PostgreSQL pg holds as processed has its snapshots in
// the restored ClickHouse ch, and that there is one at least.
func everyProcessedScrapeRestored(t *testing.T, ctx context.Context, pg *pgxpool.Pool, ch driver.Conn, in *ingestion) {
	t.Helper()
	var jobs []uuid.UUID
	rows, err := pg.Query(ctx, `SELECT id FROM scrape_jobs WHERE workspace_id = $1`, in.ws)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id uuid.UUID
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, id)
	}
	rows.Close()
	if len(jobs) == 0 {
		t.Fatal("the backup holds no scrape of the busy workspace: the ingestion did not run during the backup")
	}
	written := map[uuid.UUID]uint64{}
	crows, err := ch.Query(ctx, `SELECT job_id, count() FROM metric_snapshots WHERE workspace_id = ? GROUP BY job_id`, in.ws)
	if err != nil {
		t.Fatal(err)
	}
	for crows.Next() {
		var id uuid.UUID
		var n uint64
		if err := crows.Scan(&id, &n); err != nil {
			t.Fatal(err)
		}
		written[id] = n
	}
	crows.Close()
	for _, j := range jobs {
		if written[j] != uint64(len(in.videos)) {
			t.Errorf("scrape %s is processed in the restored postgres, but the restored clickhouse holds %d of its %d snapshots", j, written[j], len(in.videos))
		}
	}
}

// answers are the dashboard's answers about the seeded workspace, by route.
func answers(t *testing.T, d dashboard, s seeded) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, r := range routes(s) {
		status, body := d.get(r)
		if status != http.StatusOK {
			t.Fatalf("source: GET %s: %d %s", r, status, body)
		}
		out[r] = body
	}
	return out
}

func sameAnswers(t *testing.T, d dashboard, s seeded, want map[string]string) {
	t.Helper()
	for _, r := range routes(s) {
		status, body := d.get(r)
		if status != http.StatusOK {
			t.Errorf("restored: GET %s: %d %s", r, status, body)
			continue
		}
		if body != want[r] {
			t.Errorf("restored: GET %s answers\n%s\nthe source answered\n%s", r, body, want[r])
		}
	}
}

// TestBackupMovesBetweenEngines restores a backup made on the package's
// engine (18.16, or a current release) into the other one: the Native
// rows of the same types read the same on both, and the dashboard answers
// as on the source.
func TestBackupMovesBetweenEngines(t *testing.T) {
	ctx := context.Background()
	s := seed(t, ctx)
	want := answers(t, newDashboard(t, env.PG, env.CH, s.owner), s)
	dir := filepath.Join(t.TempDir(), "backup")
	m, err := backup(ctx, source(), dir)
	if err != nil {
		t.Fatal(err)
	}
	o, admin := otherEngine(t, ctx)
	f := newFreshOn(t, ctx, o, admin)
	if _, err := f.restore(ctx, dir, false); err != nil {
		t.Fatal(err)
	}
	ch := f.openClickHouse(t, ctx)
	var version string
	if err := ch.QueryRow(ctx, `SELECT version()`).Scan(&version); err != nil {
		t.Fatal(err)
	}
	if version == m.ClickHouse.EngineVersion {
		t.Fatalf("restored on %s, the engine of the backup", version)
	}
	sameAnswers(t, newDashboard(t, f.PG, ch, s.owner), s, want)
}

// TestRestoreRefusesATargetWithData restores a backup into new
// databases, then again over them: refused, nothing written, until forced,
// when the databases are replaced by the backup's content.
func TestRestoreRefusesATargetWithData(t *testing.T) {
	ctx := context.Background()
	seed(t, ctx)
	dir := filepath.Join(t.TempDir(), "backup")
	m, err := backup(ctx, source(), dir)
	if err != nil {
		t.Fatal(err)
	}
	f := newFresh(t, ctx)
	if _, err := f.restore(ctx, dir, false); err != nil {
		t.Fatal(err)
	}
	// written after the restore: a second restore would remove it
	later := uuid.New()
	if _, err := f.PG.Exec(ctx, `INSERT INTO users (id, email) VALUES ($1, $2)`, later, later.String()+"@example.com"); err != nil {
		t.Fatal(err)
	}
	_, err = f.restore(ctx, dir, false)
	if !errors.Is(err, ErrNotEmpty) {
		t.Fatalf("restore over databases with data: %v, want a refusal", err)
	}
	if !strings.Contains(err.Error(), "-force") || !strings.Contains(err.Error(), "postgres database "+f.CHDB+" has rows in") ||
		!strings.Contains(err.Error(), "clickhouse database "+f.CHDB+" has") {
		t.Errorf("the refusal does not say what the target holds and how to replace it: %v", err)
	}
	var n int
	if err := f.PG.QueryRow(ctx, `SELECT count(*) FROM users WHERE id = $1`, later).Scan(&n); err != nil || n != 1 {
		t.Fatalf("the user made after the restore: %d rows (%v): the refused restore wrote", n, err)
	}

	if _, err := f.restore(ctx, dir, true); err != nil {
		t.Fatalf("forced restore: %v", err)
	}
	if err := f.PG.QueryRow(ctx, `SELECT count(*) FROM users WHERE id = $1`, later).Scan(&n); err != nil || n != 0 {
		t.Fatalf("the user made after the backup: %d rows (%v) after a forced restore, want none", n, err)
	}
	ch := f.openClickHouse(t, ctx)
	rows := snapshotRows(m)
	if got := chCount(t, ch, `SELECT count() FROM metric_snapshots`); got != rows {
		t.Errorf("after a forced restore over a restore: %d snapshots, the backup %d", got, rows)
	}
}

// TestRestoreRefusesADamagedBackup cuts a file of the backup short, then
// changes a byte of another: each restore is refused before anything is
// written into the new databases.
func TestRestoreRefusesADamagedBackup(t *testing.T) {
	ctx := context.Background()
	seed(t, ctx)
	dir := filepath.Join(t.TempDir(), "backup")
	m, err := backup(ctx, source(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := verify(dir); err != nil {
		t.Fatalf("verify of the backup as written: %v", err)
	}
	snapshots := filepath.Join(dir, m.ClickHouse.Tables[0].Partitions[0].File.Name)
	dump := filepath.Join(dir, m.Postgres.File.Name)
	for name, damage := range map[string]func() error{
		"a truncated snapshot file": func() error { return os.Truncate(snapshots, m.ClickHouse.Tables[0].Partitions[0].File.Bytes/2) },
		"a byte of the dump changed": func() error {
			b, err := os.ReadFile(dump)
			if err != nil {
				return err
			}
			b[len(b)/2] ^= 0xff
			return os.WriteFile(dump, b, 0o600)
		},
	} {
		t.Run(name, func(t *testing.T) {
			copied := filepath.Join(t.TempDir(), "copy")
			if err := os.CopyFS(copied, os.DirFS(dir)); err != nil {
				t.Fatal(err)
			}
			snapshots, dump = filepath.Join(copied, m.ClickHouse.Tables[0].Partitions[0].File.Name), filepath.Join(copied, m.Postgres.File.Name)
			if err := damage(); err != nil {
				t.Fatal(err)
			}
			if _, err := verify(copied); !errors.Is(err, ErrDamaged) {
				t.Errorf("verify of a damaged backup: %v, want it found damaged", err)
			}
			f := newFresh(t, ctx)
			_, err := f.restore(ctx, copied, false)
			if !errors.Is(err, ErrDamaged) {
				t.Fatalf("restore of a damaged backup: %v, want a refusal", err)
			}
			tables, err := pgTables(ctx, f.PG)
			if err != nil || len(tables) > 0 {
				t.Errorf("the refused restore made postgres tables %v (%v)", tables, err)
			}
			if n := chCount(t, env.CH, `SELECT count() FROM system.databases WHERE name = ?`, f.CHDB); n != 0 {
				t.Errorf("the refused restore made the clickhouse database %s", f.CHDB)
			}
		})
	}
}

// TestBackupKeepsTheHistoryRetentionDropped backs up databases whose
// oldest month of raw snapshots the retention job has dropped: the
// projections, which then hold the only copy of that history, are in the
// backup, and the dashboard restored on either engine answers as the
// source.
func TestBackupKeepsTheHistoryRetentionDropped(t *testing.T) {
	ctx := context.Background()
	s := seed(t, ctx)
	first := filepath.Join(t.TempDir(), "first")
	m, err := backup(ctx, source(), first)
	if err != nil {
		t.Fatal(err)
	}
	// a copy of the package's databases, whose oldest month then goes
	src := newFresh(t, ctx)
	if _, err := src.restore(ctx, first, false); err != nil {
		t.Fatal(err)
	}
	srcCH, err := store.OpenClickHouse(ctx, src.chOptions)
	if err != nil {
		t.Fatal(err)
	}
	defer srcCH.Close()
	oldest := m.ClickHouse.Tables[0].Partitions[0].ID
	if err := srcCH.Exec(ctx, "ALTER TABLE metric_snapshots DROP PARTITION "+oldest); err != nil {
		t.Fatal(err)
	}
	want := answers(t, newDashboard(t, src.PG, srcCH, s.owner), s)

	dir := filepath.Join(t.TempDir(), "backup")
	src.CH = srcCH
	m, err = backup(ctx, src.target, dir)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for _, tb := range m.ClickHouse.Tables {
		tables = append(tables, tb.Name)
	}
	if m.RawHistoryComplete || !slices.Equal(tables, []string{"entity_latest", "entity_hourly", "entity_daily", "video_age_hourly", "entity_daily_by_entity", "metric_snapshots"}) {
		t.Fatalf("backup after the retention dropped %s: raw history complete %v, tables %v; want the projections too", oldest, m.RawHistoryComplete, tables)
	}
	o, admin := otherEngine(t, ctx)
	for _, dst := range []fresh{newFresh(t, ctx), newFreshOn(t, ctx, o, admin)} {
		if _, err := dst.restore(ctx, dir, false); err != nil {
			t.Fatalf("restore on %s: %v", dst.chOptions.Addr, err)
		}
		ch, err := store.OpenClickHouse(ctx, dst.chOptions)
		if err != nil {
			t.Fatal(err)
		}
		defer ch.Close()
		sameAnswers(t, newDashboard(t, dst.PG, ch, s.owner), s, want)
	}
}

// TestRestoreMakesAMissingPostgresDatabase: a restore to a PostgreSQL
// database that does not exist yet makes it; another failure to open is
// reported as it is.
func TestRestoreMakesAMissingPostgresDatabase(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	name := "restore_new_" + strings.ReplaceAll(uuid.NewString()[:13], "-", "")
	u, err := url.Parse(env.PGURL)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	t.Cleanup(func() { _, _ = env.PG.Exec(context.Background(), `DROP DATABASE IF EXISTS `+name+` WITH (FORCE)`) })

	_, cause := store.OpenPostgres(ctx, u.String(), store.PostgresOptions{})
	if cause == nil {
		t.Fatalf("database %s exists before the restore", name)
	}
	pg, err := createPostgres(ctx, u.String(), store.PostgresOptions{}, cause)
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	var db string
	if err := pg.QueryRow(ctx, `SELECT current_database()`).Scan(&db); err != nil || db != name {
		t.Fatalf("connected to %q (%v), want the made %q", db, err, name)
	}

	other := errors.New("connection refused")
	if _, err := createPostgres(ctx, u.String(), store.PostgresOptions{}, other); !errors.Is(err, other) {
		t.Fatalf("another failure: %v, want it as it is", err)
	}
}

// TestBackupBeforeUpgrade runs `backup backup -before-upgrade`, make
// upgrade's first step, as a command: over databases holding nothing
// migrated (a new installation) it makes no backup and says so; over
// migrated ones it writes a backup that verifies against its manifest and
// names its directory and the way back.
func TestBackupBeforeUpgrade(t *testing.T) {
	t.Parallel()
	if env.CHOptions.Cluster != "" {
		t.Skip("the command runs here against one server (the cluster's backups: TestCluster*)")
	}
	ctx := context.Background()
	bin := testenv.Build(t, "./cmd/backup")
	run := func(environ []string, dir string) string {
		t.Helper()
		cmd := exec.CommandContext(ctx, bin, "backup", "-before-upgrade", "-dir", dir)
		cmd.Env = append(os.Environ(), environ...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("backup -before-upgrade: %v\n%s", err, out)
		}
		return string(out)
	}

	f := newFresh(t, ctx)
	if err := env.CH.Exec(ctx, "CREATE DATABASE IF NOT EXISTS "+f.target.CHDB); err != nil {
		t.Fatal(err)
	}
	fresh := []string{"DATABASE_URL=" + f.target.PGURL, "CLICKHOUSE_ADDR=" + env.CHOptions.Addr, "CLICKHOUSE_DATABASE=" + f.target.CHDB,
		"CLICKHOUSE_USER=" + env.CHOptions.User, "CLICKHOUSE_PASSWORD=" + env.CHOptions.Password, "CLICKHOUSE_CLUSTER=", "REDIS_URL="}
	none := filepath.Join(t.TempDir(), "none")
	if out := run(fresh, none); !strings.Contains(out, "none made: the databases hold nothing migrated yet") {
		t.Fatalf("over new databases:\n%s", out)
	}
	if _, err := os.Stat(none); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("over new databases the backup directory was made: %v", err)
	}

	dir := filepath.Join(t.TempDir(), "before")
	out := run(append(env.ServerEnv(""), "REDIS_URL="), dir)
	for _, want := range []string{"the databases before the upgrade are in " + dir, "make restore BACKUP=" + dir + " FORCE=1"} {
		if !strings.Contains(out, want) {
			t.Errorf("the backup does not say %q:\n%s", want, out)
		}
	}
	if _, err := verify(dir); err != nil {
		t.Fatalf("the backup made before an upgrade: %v", err)
	}
}
