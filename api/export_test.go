package api_test

import (
	"context"
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/query"
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
	if strings.Join(recs[0], ",") != strings.Join(query.VideoExportColumns, ",") {
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
	for i, r := range recs[1:] {
		byID[r[0]] = r
		if i > 0 && r[0] < recs[i][0] {
			t.Errorf("rows not in id order")
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
	for _, v := range list.Videos {
		r := byID[v.ID.String()]
		if r == nil {
			t.Fatalf("video %s missing from the export", v.PlatformVideoID)
		}
		checks := map[string]string{
			"platform": v.Platform, "views": num(v.Metrics.Views), "likes": num(v.Metrics.Likes),
			"shares": num(v.Metrics.Shares), "views_gained_24h": gain(v.ViewsGained24h), "views_gained_7d": gain(v.ViewsGained7d),
			"status": v.Status,
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
	if got := byID[d.videos["v3"].String()][col["account_handle"]]; got != "'@handle" {
		t.Errorf("handle exported as %q", got)
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

// TestExportStreamsLargeWorkspaces exports 20,000 videos with snapshots and
// checks every row arrives once, in order.
func TestExportStreamsLargeWorkspaces(t *testing.T) {
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
		if want := strconv.Itoa(int(id[0]) * 1000); r[13] != want {
			t.Fatalf("row %d views %q, want %s", i, r[13], want)
		}
		if i > 0 && r[0] <= recs[i][0] {
			t.Fatalf("row %d out of order", i)
		}
	}
}

func TestExportAccountsMatchesTheList(t *testing.T) {
	d := seedDashboard(t)
	exec(t, `UPDATE accounts SET display_name = '+SUM(A1)' WHERE id = $1`, d.accounts["acc1"])
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, d.ws)
	var list query.AccountList
	d.get(t, "/api/accounts", nil, &list)
	res := d.app.request("GET", "/api/export?type=accounts", nil, d.cookie).expect(t, 200)
	wantName := fmt.Sprintf(`attachment; filename="reeltrack-accounts-%s.csv"`, dashNow.Format("2006-01-02"))
	if cd := res.Header.Get("Content-Disposition"); cd != wantName {
		t.Errorf("content disposition %q, want %q", cd, wantName)
	}
	recs := readCSV(t, res.Body)
	if strings.Join(recs[0], ",") != strings.Join(query.AccountExportColumns, ",") {
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
		if r[col["id"]] != a.ID.String() || r[col["followers"]] != followers || r[col["total_views"]] != strconv.FormatUint(a.TotalViews, 10) ||
			r[col["tracked_videos"]] != strconv.Itoa(a.TrackedVideos) || r[col["views_gained_7d"]] != strconv.FormatInt(a.ViewsGained7d, 10) {
			t.Errorf("row %d %v does not match the list's %+v", i, r, a)
		}
		if a.ID == d.accounts["acc1"] && r[col["display_name"]] != "'+SUM(A1)" {
			t.Errorf("display name exported as %q", r[col["display_name"]])
		}
	}
	for _, q := range []string{"type=accounts&individualOnly=true", "type=accounts&sort=random", "type=accounts&platforms=vine"} {
		d.app.request("GET", "/api/export?"+q, nil, d.cookie).expectError(t, 400, "invalid_request")
	}
}
