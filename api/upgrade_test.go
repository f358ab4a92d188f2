package api_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	osexec "os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/schema"
)

// release is an earlier release's fixture (scripts/release-fixture.sh):
// the databases that release made and filled through its own API, and its
// answers to the dashboard's reads at TakenAt.
type release struct {
	Commit  string    `json:"commit"`
	TakenAt time.Time `json:"takenAt"`
	Login   struct {
		Email    string `json:"email"`
		Password string `json:"password"`
	} `json:"login"`
	Answers []struct {
		Path string          `json:"path"`
		Body json.RawMessage `json:"body"`
	} `json:"answers"`
}

// TestUpgradeFromEveryRelease loads each earlier release's databases as
// that release left them (api/testdata/releases), runs today's
// migrations over them, and asks today's API the same reads at the same
// instant: every answer the release gave is given again, field by field
// (fields added since are new; a field changed on purpose is named in the
// release's changed.txt with its reason). Then a URL tracked after the
// upgrade is scraped and counted, and a second run of the migrations
// applies nothing.
func TestUpgradeFromEveryRelease(t *testing.T) {
	t.Parallel()
	testenv.SkipOnCurrentEngine(t, "the releases ran on ClickHouse 18.16; their tables are upgraded there, before ClickHouse itself is (docs/clickhouse.md)")
	if env.CHOptions.Cluster != "" {
		t.Skip("the releases' fixtures are single-server databases")
	}
	dirs, err := filepath.Glob("testdata/releases/*")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no release fixtures (%v)", err)
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Parallel()
			upgradeRelease(t, dir)
		})
	}
}

func upgradeRelease(t *testing.T, dir string) {
	ctx := context.Background()
	raw, err := os.ReadFile(filepath.Join(dir, "answers.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rel release
	if err := json.Unmarshal(raw, &rel); err != nil {
		t.Fatal(err)
	}
	if len(rel.Answers) < 5 {
		t.Fatalf("only %d answers kept: the comparison would prove little", len(rel.Answers))
	}
	changed := changedFields(t, dir)

	_, pgURL, pg := env.FreshPostgres(t, ctx, "release")
	if out, err := osexec.CommandContext(ctx, "psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", pgURL, "-f", filepath.Join(dir, "postgres.sql")).CombinedOutput(); err != nil {
		t.Fatalf("loading the release's PostgreSQL: %v\n%s", err, out)
	}
	chDB := env.CHOptions.Database + "_rel" + strings.ReplaceAll(uuid.NewString()[:8], "-", "")
	t.Cleanup(func() {
		for _, d := range []string{schema.AnalyticsDatabase(chDB), chDB} {
			_ = env.CH.Exec(context.Background(), "DROP DATABASE IF EXISTS "+d)
		}
	})
	loadReleaseClickHouse(t, ctx, dir, chDB)
	o := env.CHOptions
	o.Database = chDB
	ch := openClickHouse(t, o)

	if _, err := schema.MigratePostgres(ctx, pg); err != nil {
		t.Fatalf("upgrading the release's PostgreSQL: %v", err)
	}
	if _, err := schema.MigrateClickHouse(ctx, pg, ch, schema.ClickHouseLayout{}, chDB); err != nil {
		t.Fatalf("upgrading the release's ClickHouse: %v", err)
	}

	// the reads are asked at the instants the release answered them: its
	// answer's own end of range where it has one, else when it was taken
	var now atomic.Pointer[time.Time]
	now.Store(&rel.TakenAt)
	a, _ := newScrapingAppWith(t, func(d *wiring.Deps) {
		d.DB, d.CH = pg, ch
		d.Now = func() time.Time { return *now.Load() }
	})
	login := a.request("POST", "/api/auth/login", map[string]string{"email": rel.Login.Email, "password": rel.Login.Password}).expect(t, 200)
	cookie := login.cookie("session-access-token")
	compared := 0
	for _, ans := range rel.Answers {
		at := answeredAt(ans.Body, rel.TakenAt)
		now.Store(&at)
		got := a.request("GET", ans.Path, nil, cookie)
		if got.Status != http.StatusOK {
			t.Errorf("%s: %d after the upgrade, 200 before: %s", ans.Path, got.Status, got.Body)
			continue
		}
		var before, after any
		if err := json.Unmarshal(ans.Body, &before); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(got.Body, &after); err != nil {
			t.Fatalf("%s: %v", ans.Path, err)
		}
		for _, d := range answerDiff(ans.Path, "", before, after, changed) {
			t.Errorf("%s", d)
		}
		compared++
	}
	if compared < 5 {
		t.Fatalf("only %d reads compared", compared)
	}

	// new scrapes arrive in the upgraded databases, now; an account removed
	// first leaves room in a full trial
	real := time.Now()
	now.Store(&real)
	var some string
	if err := pg.QueryRow(ctx, `SELECT id::text FROM accounts WHERE status = 'active' ORDER BY id LIMIT 1`).Scan(&some); err != nil {
		t.Fatal(err)
	}
	if res := a.request("PATCH", "/api/accounts/"+some, map[string]string{"status": "removed"}, cookie); res.Status/100 != 2 {
		t.Fatalf("removing an account after the upgrade: %d %s", res.Status, res.Body)
	}
	tracked := a.request("POST", "/api/track", map[string]string{"url": "https://www.tiktok.com/@after.upgrade/video/7301234567890188001"}, cookie)
	var out trackOut
	tracked.expect(t, 200).decode(t, &out)
	deadline := time.Now().Add(testenv.Patience)
	for {
		var status string
		if err := pg.QueryRow(ctx, `SELECT status FROM scrape_jobs WHERE id = $1`, out.JobID).Scan(&status); err != nil {
			t.Fatal(err)
		}
		if status == "processed" {
			break
		}
		if status == "failed" || time.Now().After(deadline) {
			t.Fatalf("the scrape of a video tracked after the upgrade: %s", status)
		}
		time.Sleep(50 * time.Millisecond)
	}
	var video struct {
		Metrics struct {
			Views *int64 `json:"views"`
		} `json:"metrics"`
	}
	a.request("GET", "/api/videos/"+out.ID.String(), nil, cookie).expect(t, 200).decode(t, &video)
	if video.Metrics.Views == nil || *video.Metrics.Views <= 0 {
		t.Fatalf("a video scraped after the upgrade shows views %v", video.Metrics.Views)
	}
	if applied, err := schema.MigrateAll(ctx, pg, ch, schema.ClickHouseLayout{}, chDB); err != nil || len(applied.Postgres)+len(applied.ClickHouse) != 0 {
		t.Fatalf("a second run of the migrations applied %v (%v)", applied, err)
	}
}

// answeredAt is the instant a release's answer was computed at: its end
// of range (the server's clock when the range ends now), else at.
func answeredAt(body json.RawMessage, at time.Time) time.Time {
	var b struct {
		End string `json:"end"`
	}
	if json.Unmarshal(body, &b) == nil {
		if end, err := time.Parse(time.RFC3339Nano, b.End); err == nil && end.After(at.Add(-time.Hour)) {
			return end
		}
	}
	return at
}

// loadReleaseClickHouse makes the release's ClickHouse databases under the
// name db: its tables as it made them, then the rows of those no view
// writes, through the HTTP interface as TabSeparatedWithNames (the views
// fill as the rows arrive, as they did in the release).
func loadReleaseClickHouse(t *testing.T, ctx context.Context, dir, db string) {
	t.Helper()
	text, err := os.ReadFile(filepath.Join(dir, "clickhouse.sql"))
	if err != nil {
		t.Fatal(err)
	}
	var pending []string
	for _, st := range strings.Split(strings.ReplaceAll(string(text), "RELEASE_DB", db), "\n;\n") {
		if st = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(st), ";")); st != "" {
			pending = append(pending, st)
		}
	}
	// a view over another view waits for it: each pass makes what it can
	for len(pending) > 0 {
		var left []string
		var last error
		for _, st := range pending {
			if err := env.CH.Exec(ctx, st); err != nil {
				left, last = append(left, st), err
			}
		}
		if len(left) == len(pending) {
			t.Fatalf("the release's statement %v:\n%s", last, left[len(left)-1])
		}
		pending = left
	}
	files, err := filepath.Glob(filepath.Join(dir, "clickhouse", "*.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	host := strings.Split(env.CHOptions.Addr, ",")[0]
	if h, _, ok := strings.Cut(host, ":"); ok {
		host = h
	}
	for _, f := range files {
		table := strings.Replace(strings.TrimSuffix(filepath.Base(f), ".tsv"), "RELEASE_DB", db, 1)
		d, name, _ := strings.Cut(table, ".")
		body, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		q := url.Values{"query": {"INSERT INTO " + d + ".`" + name + "` FORMAT TabSeparatedWithNames"}}
		req, err := http.NewRequestWithContext(ctx, "POST", "http://"+host+":8123/?"+q.Encode(), bufio.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.SetBasicAuth(env.CHOptions.User, env.CHOptions.Password)
		res, err := http.DefaultClient.Do(req)
		body.Close()
		if err != nil {
			t.Fatal(err)
		}
		msg := make([]byte, 2048)
		n, _ := res.Body.Read(msg)
		res.Body.Close()
		if res.StatusCode != 200 {
			t.Fatalf("loading %s: %d %s", table, res.StatusCode, msg[:n])
		}
	}
}

// changedFields reads the release's changed.txt: a route (ids as {id}), a
// field path (as answerDiff names it, with * for any list index) and why
// its answer changed on purpose since the release, a line each.
func changedFields(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	raw, err := os.ReadFile(filepath.Join(dir, "changed.txt"))
	if os.IsNotExist(err) {
		return out
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		words := strings.SplitN(line, " ", 3)
		if len(words) < 3 || strings.TrimSpace(words[2]) == "" {
			t.Fatalf("changed.txt: %q names no route, field and reason", line)
		}
		out[words[0]+" "+words[1]] = strings.TrimSpace(words[2])
	}
	return out
}

// answerDiff lists where after does not give what before gave: every field
// of before must be in after with the same value (numbers, strings,
// nulls, lists of the same length in the same order); fields only in after
// are new. A path in changed (list indexes as *) is not compared.
func answerDiff(route, path string, before, after any, changed map[string]string) []string {
	key := routeKey(route) + " " + path
	if _, ok := changed[key]; ok {
		return nil
	}
	switch b := before.(type) {
	case map[string]any:
		a, ok := after.(map[string]any)
		if !ok {
			return []string{fmt.Sprintf("%s %s: an object before, %v after", route, path, after)}
		}
		var out []string
		keys := make([]string, 0, len(b))
		for k := range b {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			v, ok := a[k]
			if !ok {
				if _, ok := changed[key+"."+k]; !ok {
					out = append(out, fmt.Sprintf("%s %s.%s: gone after the upgrade (was %v)", route, path, k, b[k]))
				}
				continue
			}
			out = append(out, answerDiff(route, path+"."+k, b[k], v, changed)...)
		}
		return out
	case []any:
		a, ok := after.([]any)
		if !ok || len(a) != len(b) {
			return []string{fmt.Sprintf("%s %s: %d items before, %v after", route, path, len(b), summarise(after))}
		}
		var out []string
		for i := range b {
			p := path + "[*]"
			if _, ok := changed[routeKey(route)+" "+p]; ok {
				continue
			}
			for _, d := range answerDiff(route, p, b[i], a[i], changed) {
				out = append(out, strings.Replace(d, p, fmt.Sprintf("%s[%d]", path, i), 1))
			}
		}
		return out
	default:
		if !reflect.DeepEqual(before, after) {
			return []string{fmt.Sprintf("%s %s: %v before, %v after", route, path, before, after)}
		}
		return nil
	}
}

// routeKey names a route without its ids, as changed.txt does.
func routeKey(path string) string {
	p, q, _ := strings.Cut(path, "?")
	parts := strings.Split(p, "/")
	for i, s := range parts {
		if _, err := uuid.Parse(s); err == nil {
			parts[i] = "{id}"
		}
	}
	out := strings.Join(parts, "/")
	if q != "" {
		vals, _ := url.ParseQuery(q)
		keys := make([]string, 0, len(vals))
		for k := range vals {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for i, k := range keys {
			v := vals.Get(k)
			if _, err := uuid.Parse(v); err == nil {
				v = "{id}"
			}
			keys[i] = k + "=" + v
		}
		out += "?" + strings.Join(keys, "&")
	}
	return out
}

func summarise(v any) string {
	if l, ok := v.([]any); ok {
		return fmt.Sprintf("%d items", len(l))
	}
	return fmt.Sprintf("%v", v)
}
