package api_test

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/query/numbers"
)

func readCSV(t *testing.T, body []byte) [][]string {
	t.Helper()
	r := csv.NewReader(strings.NewReader(string(body)))
	recs, err := r.ReadAll()
	if err != nil {
		t.Fatalf("export is not valid CSV: %v\n%s", err, body)
	}
	return recs
}

func TestExportVideosMatchesTheList(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	// text that a spreadsheet would run, and text that needs quoting
	exec(t, `UPDATE videos SET caption = $2 WHERE id = $1`, d.videos["v1"], "=HYPERLINK(\"http://evil\",\"x\")")
	exec(t, `UPDATE videos SET caption = $2 WHERE id = $1`, d.videos["v2"], "line one\nline \"two\", three")
	exec(t, `UPDATE videos SET account_handle = $2 WHERE id = $1`, d.videos["v3"], "@handle")
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, d.ws)

	res := d.app.request("GET", "/api/export", nil, d.cookie).expect(t, 200)
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/csv") {
		t.Errorf("content type %q", ct)
	}
	wantName := fmt.Sprintf(`attachment; filename="reeltrack-videos-%s.csv"`, dashNow.Format("2006-01-02"))
	if cd := res.Header.Get("Content-Disposition"); cd != wantName {
		t.Errorf("content disposition %q, want %q", cd, wantName)
	}
	if !strings.Contains(string(res.Body), "\r\n") {
		t.Errorf("rows do not end in CRLF")
	}
	recs := readCSV(t, res.Body)
	if strings.Join(recs[0], ",") != strings.Join(numbers.VideoExportColumns, ",") {
		t.Fatalf("header %v", recs[0])
	}
	col := map[string]int{}
	for i, c := range recs[0] {
		col[c] = i
	}
	var list videoList
	d.get(t, "/api/videos", nil, &list)
	if len(recs)-1 != list.Total {
		t.Fatalf("%d rows, the list has %d videos", len(recs)-1, list.Total)
	}
	byID := map[string][]string{}
	for _, r := range recs[1:] {
		byID[r[0]] = r
	}
	// rows by platform, account handle, publish time (oldest first,
	// unknown last), then id
	order := slices.Clone(list.Videos)
	slices.SortFunc(order, func(a, b numbers.Video) int {
		pub := func(v numbers.Video) time.Time {
			if v.PublishedAt == nil {
				return time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC)
			}
			return *v.PublishedAt
		}
		return cmp.Or(cmp.Compare(a.Platform, b.Platform), cmp.Compare(a.AccountHandle, b.AccountHandle), pub(a).Compare(pub(b)), cmp.Compare(a.ID.String(), b.ID.String()))
	})
	for i, v := range order {
		if recs[i+1][0] != v.ID.String() {
			t.Errorf("row %d is %s (%s @%s), want %s (%s @%s %v)", i+1, recs[i+1][0], recs[i+1][col["platform"]], recs[i+1][col["account_handle"]], v.ID, v.Platform, v.AccountHandle, v.PublishedAt)
		}
	}
	num := func(p *uint64) string {
		if p == nil {
			return ""
		}
		return strconv.FormatUint(*p, 10)
	}
	gain := func(p *int64) string {
		if p == nil {
			return ""
		}
		return strconv.FormatInt(*p, 10)
	}
	at := func(t *time.Time) string {
		if t == nil {
			return ""
		}
		return t.UTC().Format(time.RFC3339)
	}
	rate := func(r *float64) string {
		if r == nil {
			return ""
		}
		return strconv.FormatFloat(*r, 'f', 4, 64)
	}
	for _, v := range list.Videos {
		r := byID[v.ID.String()]
		if r == nil {
			t.Fatalf("video %s missing from the export", v.PlatformVideoID)
		}
		checks := map[string]string{
			"platform": string(v.Platform), "views": num(v.Metrics.Views), "likes": num(v.Metrics.Likes),
			"comments": num(v.Metrics.Comments), "saves": num(v.Metrics.Saves),
			"shares": num(v.Metrics.Shares), "views_gained_24h": gain(v.ViewsGained24h), "views_gained_7d": gain(v.ViewsGained7d),
			"status": string(v.Status), "platform_video_id": v.PlatformVideoID, "url": v.URL, "thumbnail_url": v.ThumbnailURL,
			"published_at": at(v.PublishedAt), "added_at": at(&v.AddedAt), "last_scraped_at": at(v.LastScrapedAt),
			"engagement_rate_pct": rate(v.EngagementRate), "tracked_individually": strconv.FormatBool(v.TrackedIndividually),
			"post_kind": string(v.PostKind), "outlier_state": v.Outlier.State, "forecast_state": v.Forecast.State,
		}
		for c, want := range checks {
			if r[col[c]] != want {
				t.Errorf("%s %s = %q, list says %q", v.PlatformVideoID, c, r[col[c]], want)
			}
		}
	}
	if got := byID[d.videos["v1"].String()][col["caption"]]; got != "'=HYPERLINK(\"http://evil\",\"x\")" {
		t.Errorf("formula caption exported as %q", got)
	}
	if got := byID[d.videos["v2"].String()][col["caption"]]; got != "line one\nline \"two\", three" {
		t.Errorf("multi-line caption exported as %q", got)
	}
	// a handle is written without its '@', not as a quoted formula
	if got := byID[d.videos["v3"].String()][col["account_handle"]]; got != "handle" {
		t.Errorf("handle exported as %q", got)
	}
	// the collection by its name beside its id; is_shop true or false;
	// the engagement rate's column says its unit
	for _, v := range list.Videos {
		r := byID[v.ID.String()]
		wantName, wantID := "", ""
		if v.CollectionID != nil {
			wantName, wantID = "Launch", v.CollectionID.String()
		}
		if r[col["collection"]] != wantName || r[col["collection_id"]] != wantID {
			t.Errorf("%s collection %q (%q), want %q (%q)", v.PlatformVideoID, r[col["collection"]], r[col["collection_id"]], wantName, wantID)
		}
		if shop := r[col["is_shop"]]; shop != strconv.FormatBool(v.IsShop != nil && *v.IsShop) {
			t.Errorf("%s is_shop %q", v.PlatformVideoID, shop)
		}
	}
	if _, ok := col["engagement_rate_pct"]; !ok {
		t.Errorf("no engagement_rate_pct column: %v", recs[0])
	}

	// the same filters as the list
	var tiktok videoList
	d.get(t, "/api/videos", map[string][]string{"platforms": {"tiktok"}, "individualOnly": {"true"}}, &tiktok)
	res = d.app.request("GET", "/api/export?type=videos&platforms=tiktok&individualOnly=true", nil, d.cookie).expect(t, 200)
	if n := len(readCSV(t, res.Body)) - 1; n != tiktok.Total || n != 1 {
		t.Errorf("filtered export has %d rows, the list %d", n, tiktok.Total)
	}
	for _, q := range []string{"type=pdf", "platforms=vine", "datePreset=2y", "format=csv"} {
		d.app.request("GET", "/api/export?"+q, nil, d.cookie).expectError(t, 400, "invalid_request")
	}
	d.app.request("GET", "/api/export?collectionId="+uuid.NewString(), nil, d.cookie).expectError(t, 404, "not_found")
}

// TestExportForExcel: with bom=true each export starts with the UTF-8
// byte order mark, by which Excel reads "–" and emoji right, and is the
// same file after it; without it the file starts with its header row; a
// bom that is not true or false is a 400.
func TestExportForExcel(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	exec(t, `UPDATE videos SET caption = $2 WHERE id = $1`, d.videos["v1"], "before – after 🎬")
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, d.ws)
	for _, q := range []string{"type=videos", "type=accounts", "type=daily"} {
		plain := d.app.request("GET", "/api/export?"+q, nil, d.cookie).expect(t, 200).Body
		excel := d.app.request("GET", "/api/export?"+q+"&bom=true", nil, d.cookie).expect(t, 200).Body
		if strings.HasPrefix(string(plain), "\ufeff") || !strings.HasPrefix(string(excel), "\ufeff") {
			t.Errorf("%s: plain starts %q, for Excel %q", q, plain[:min(len(plain), 8)], excel[:min(len(excel), 8)])
			continue
		}
		if got := strings.TrimPrefix(string(excel), "\ufeff"); got != string(plain) {
			t.Errorf("%s: the file for Excel differs after its mark:\n%s\n%s", q, got, plain)
		}
		if q == "type=videos" && !strings.Contains(string(excel), "before – after 🎬") {
			t.Errorf("the caption is not in the file as it is:\n%s", excel)
		}
		d.app.request("GET", "/api/export?"+q+"&bom=excel", nil, d.cookie).expectError(t, 400, "invalid_request")
	}
}

// TestExportStreamsLargeWorkspaces exports 20,000 videos with snapshots and
// checks every row arrives once, in order.
func TestExportStreamsLargeWorkspaces(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("large export")
	}
	d := seedDashboard(t)
	ctx := context.Background()
	const n = 20000
	exec(t, `INSERT INTO videos (id, workspace_id, platform, platform_video_id, url, tracked_individually, status, created_at, last_scraped_at)
		SELECT gen_random_uuid(), $1, 'youtube', 'bulk' || g, 'https://youtube.com/shorts/' || g, true, 'active', $2, now()
		FROM generate_series(1, $3) g`, d.ws, dashNow, n)
	b, err := env.CH.PrepareBatch(ctx, `INSERT INTO metric_snapshots (workspace_id, platform, entity_kind, entity_id, account_id, scraped_at, views, job_id, version)`)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := env.PG.Query(ctx, `SELECT id FROM videos WHERE workspace_id = $1 AND platform_video_id LIKE 'bulk%'`, d.ws)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id uuid.UUID
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		v := uint64(id[0]) * 1000
		if err := b.Append(d.ws, "youtube", "video", id, uuid.Nil, dashNow.Add(-time.Hour), &v, uuid.Nil, uint64(1)); err != nil {
			t.Fatal(err)
		}
	}
	rows.Close()
	if err := b.Send(); err != nil {
		t.Fatal(err)
	}
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, d.ws)

	res := d.app.request("GET", "/api/export?platforms=youtube", nil, d.cookie).expect(t, 200)
	recs := readCSV(t, res.Body)
	if len(recs)-1 != n {
		t.Fatalf("%d rows, want %d", len(recs)-1, n)
	}
	for i, r := range recs[1:] {
		id := uuid.MustParse(r[0])
		if want := strconv.Itoa(int(id[0]) * 1000); r[14] != want {
			t.Fatalf("row %d views %q, want %s", i, r[14], want)
		}
		if i > 0 && r[0] <= recs[i][0] {
			t.Fatalf("row %d out of order", i)
		}
	}
}

func TestExportAccountsMatchesTheList(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	exec(t, `UPDATE accounts SET display_name = '+SUM(A1)', handle = '@acc1' WHERE id = $1`, d.accounts["acc1"])
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, d.ws)
	var list numbers.AccountList
	d.get(t, "/api/accounts", nil, &list)
	res := d.app.request("GET", "/api/export?type=accounts", nil, d.cookie).expect(t, 200)
	wantName := fmt.Sprintf(`attachment; filename="reeltrack-accounts-%s.csv"`, dashNow.Format("2006-01-02"))
	if cd := res.Header.Get("Content-Disposition"); cd != wantName {
		t.Errorf("content disposition %q, want %q", cd, wantName)
	}
	recs := readCSV(t, res.Body)
	if strings.Join(recs[0], ",") != strings.Join(numbers.AccountExportColumns, ",") {
		t.Fatalf("header %v", recs[0])
	}
	if len(recs)-1 != len(list.Accounts) || len(list.Accounts) == 0 {
		t.Fatalf("%d rows, the list has %d accounts", len(recs)-1, len(list.Accounts))
	}
	col := map[string]int{}
	for i, c := range recs[0] {
		col[c] = i
	}
	for i, a := range list.Accounts {
		r := recs[i+1]
		followers := ""
		if a.Followers != nil {
			followers = strconv.FormatUint(*a.Followers, 10)
		}
		if r[col["id"]] != a.ID.String() || r[col["followers"]] != followers || r[col["total_views"]] != strconv.FormatUint(*a.TotalViews, 10) ||
			r[col["tracked_videos"]] != strconv.Itoa(a.TrackedVideos) || r[col["views_gained_7d"]] != strconv.FormatInt(*a.ViewsGained7d, 10) {
			t.Errorf("row %d %v does not match the list's %+v", i, r, a)
		}
		if a.ID == d.accounts["acc1"] && r[col["display_name"]] != "'+SUM(A1)" {
			t.Errorf("display name exported as %q", r[col["display_name"]])
		}
		if wantName := map[bool]string{true: "Launch", false: ""}[a.CollectionID != nil]; r[col["collection"]] != wantName {
			t.Errorf("account %s collection %q, want %q", a.Handle, r[col["collection"]], wantName)
		}
		if a.ID == d.accounts["acc1"] && r[col["handle"]] != "acc1" {
			t.Errorf("handle @acc1 exported as %q", r[col["handle"]])
		}
	}
	for _, q := range []string{"type=accounts&individualOnly=true", "type=accounts&sort=random", "type=accounts&platforms=vine"} {
		d.app.request("GET", "/api/export?"+q, nil, d.cookie).expectError(t, 400, "invalid_request")
	}
}

// addBulkVideos gives the workspace n more videos, with captions long
// enough that their export is megabytes, more than the sockets between a
// server and a client that reads nothing can hold. They were scraped now
// (the real now), the workspace's limit grows by n, and they are deleted
// when the test ends, so that other tests' refresh crons neither find them
// due nor read through them.
func addBulkVideos(t *testing.T, ws uuid.UUID, n int) {
	t.Helper()
	t.Cleanup(func() {
		exec(t, `DELETE FROM videos WHERE workspace_id = $1 AND platform_video_id LIKE 'bulk%'`, ws)
	})
	exec(t, `UPDATE workspaces SET video_limit = video_limit + $2 WHERE id = $1`, ws, n)
	exec(t, `INSERT INTO videos (id, workspace_id, platform, platform_video_id, url, caption, tracked_individually, status, created_at, last_scraped_at)
		SELECT gen_random_uuid(), $1, 'youtube', 'bulk' || g, 'https://youtube.com/shorts/' || g, repeat('caption ', 250), true, 'active', $2, now()
		FROM generate_series(1, $3) g`, ws, dashNow, n)
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, ws)
}

// stalledExport starts an export of cookie's workspace from a client that
// reads the status line and then nothing more, with a small receive
// buffer; closing the connection is the client going away.
func stalledExport(t *testing.T, base string, cookie *http.Cookie) net.Conn {
	t.Helper()
	dialer := net.Dialer{Control: func(_, _ string, c syscall.RawConn) error {
		var err error
		if cerr := c.Control(func(fd uintptr) {
			err = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096)
		}); cerr != nil {
			return cerr
		}
		return err
	}}
	conn, err := dialer.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	fmt.Fprintf(conn, "GET /api/export?type=videos HTTP/1.1\r\nHost: reeltrack.test\r\nCookie: %s=%s\r\n\r\n", cookie.Name, cookie.Value)
	line, err := bufio.NewReaderSize(conn, 16).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "HTTP/1.1 200") {
		t.Fatalf("stalled export: status line %q, %v", line, err)
	}
	return conn
}

// download requests the videos export with a real HTTP client.
func download(t *testing.T, base string, cookie *http.Cookie) response {
	t.Helper()
	req, err := http.NewRequest("GET", base+"/api/export?type=videos", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.AddCookie(cookie)
	res, err := doChecked(t, req)
	if err != nil {
		t.Fatalf("read export: %v", err)
	}
	return res
}

// eventually polls cond for up to limit.
func eventually(t *testing.T, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	for stop := time.Now().Add(limit); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(stop) {
			t.Fatalf("after %s: %s", limit, what)
		}
	}
}

// TestExportSlots: exports whose clients read nothing hold their slots but
// no PostgreSQL connection; beyond the workspace's bound, and beyond the
// server's, an export answers 429 with Retry-After; a slot frees when its
// client goes away and when its export ends.
func TestExportSlots(t *testing.T) {
	if testing.Short() {
		t.Skip("large exports")
	}
	// a pool of the app's own, whose connections only its requests take
	pool, err := store.OpenPostgres(context.Background(), env.PGURL, store.PostgresOptions{MaxConns: 4})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	d := seedDashboard(t, func(dp *wiring.Deps) {
		dp.DB = pool
		dp.Config.ExportConcurrency, dp.Config.ExportConcurrencyPerWorkspace = 3, 2
		dp.Config.ExportStallTimeout = time.Minute
	})
	addBulkVideos(t, d.ws, 5000)
	other := d.app.signUp(uniqueEmail("other"))
	otherWS := d.app.bootstrap(other).Workspace.ID
	addBulkVideos(t, otherWS, 5000)
	base := d.app.listen()

	first := stalledExport(t, base, d.cookie)
	stalledExport(t, base, d.cookie)
	eventually(t, time.Minute, "stalled exports still hold PostgreSQL connections", func() bool {
		return pool.Stat().AcquiredConns() == 0
	})
	limited := func(r response) string {
		t.Helper()
		if ra := r.Header.Get("Retry-After"); ra != "5" {
			t.Errorf("Retry-After %q", ra)
		}
		return r.expectError(t, 429, "rate_limited").Message
	}
	if msg := limited(download(t, base, d.cookie)); !strings.Contains(msg, "this workspace") {
		t.Errorf("workspace bound: %q", msg)
	}
	// the other workspace still exports, up to the server's bound
	if n := len(readCSV(t, download(t, base, other).expect(t, 200).Body)) - 1; n != 5000 {
		t.Errorf("other workspace's export has %d rows", n)
	}
	stalledExport(t, base, other)
	if msg := limited(download(t, base, other)); !strings.Contains(msg, "server") {
		t.Errorf("server bound: %q", msg)
	}
	eventually(t, time.Minute, "three stalled exports hold PostgreSQL connections", func() bool {
		return pool.Stat().AcquiredConns() == 0
	})

	// the client that goes away gives its slot back, and so does an
	// export that ends
	first.Close()
	var list videoList
	d.get(t, "/api/videos", nil, &list)
	eventually(t, time.Minute, "the slot of a client that went away is still taken", func() bool {
		r := download(t, base, d.cookie)
		if r.Status == 200 && len(readCSV(t, r.Body))-1 != list.Total {
			t.Fatalf("export has %d rows, the list %d", len(readCSV(t, r.Body))-1, list.Total)
		}
		return r.Status == 200
	})
	download(t, base, d.cookie).expect(t, 200)
}

// TestExportStallEnds: an export whose client takes nothing for the stall
// timeout ends, cut short, and frees its slot.
func TestExportStallEnds(t *testing.T) {
	if testing.Short() {
		t.Skip("large export")
	}
	d := seedDashboard(t, func(dp *wiring.Deps) {
		dp.Config.ExportConcurrencyPerWorkspace = 1
		dp.Config.ExportStallTimeout = time.Second
	})
	addBulkVideos(t, d.ws, 5000)
	base := d.app.listen()
	conn := stalledExport(t, base, d.cookie)
	eventually(t, time.Minute, "the stalled export still holds the workspace's one slot", func() bool {
		return download(t, base, d.cookie).Status == 200
	})
	// what the stalled client gets is cut short: no last chunk
	if err := conn.SetReadDeadline(time.Now().Add(10 * time.Second)); err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(conn)
	if err != nil {
		t.Fatalf("read the stalled export: %v", err)
	}
	if bytes.HasSuffix(got, []byte("\r\n0\r\n\r\n")) || len(got) == 0 {
		t.Errorf("stalled export: %d bytes, ends %q", len(got), got[max(0, len(got)-20):])
	}
}
