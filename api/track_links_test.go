package api_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// tikTokShortLinks stands in for TikTok's short-link hosts: requests to
// vm.tiktok.com, vt.tiktok.com and www.tiktok.com/t/ go to srv, anything
// else fails the test, since tracking must ask no other host.
type tikTokShortLinks struct {
	t   *testing.T
	srv *httptest.Server
}

func (s tikTokShortLinks) RoundTrip(req *http.Request) (*http.Response, error) {
	short := req.URL.Host == "vm.tiktok.com" || req.URL.Host == "vt.tiktok.com" ||
		req.URL.Host == "www.tiktok.com" && strings.HasPrefix(req.URL.Path, "/t/")
	if !short || req.URL.Scheme != "https" {
		s.t.Errorf("tracking requested %s; only TikTok short links may be asked", req.URL)
		return nil, errors.New("forbidden request")
	}
	out := req.Clone(req.Context())
	out.URL.Scheme, out.URL.Host = "http", s.srv.Listener.Addr().String()
	return s.srv.Client().Transport.RoundTrip(out)
}

// TestTrackIdentifiesEveryLinkForm tracks a corpus of the link forms people
// paste. Every form of one video or account lands on the same row (the
// first creates it, the others answer existing with its id), the row holds
// the canonical URL, and every malformed link is 400 and writes nothing.
func TestTrackIdentifiesEveryLinkForm(t *testing.T) {
	t.Parallel()
	shortSrv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Host + r.URL.Path {
		case "vm.tiktok.com/ZMabc123/", "vt.tiktok.com/ZSabc123/", "www.tiktok.com/t/ZTRabc123/":
			w.Header().Set("Location", "https://www.tiktok.com/@some.user/video/7234567890123456789?_r=1&_t=ZT-8abc")
		case "vm.tiktok.com/ZMevil/":
			w.Header().Set("Location", "https://tiktok.com.evil.com/@some.user/video/7234567890123456789")
		case "www.tiktok.com/t/ZTRevil/":
			w.Header().Set("Location", "http://127.0.0.1/@some.user/video/7234567890123456789")
		default:
			http.NotFound(w, r)
			return
		}
		w.WriteHeader(http.StatusMovedPermanently)
	}))
	t.Cleanup(shortSrv.Close)
	a, _ := newScrapingAppWith(t, func(d *wiring.Deps) {
		d.Resolver = platform.Resolver{Client: &http.Client{Transport: tikTokShortLinks{t: t, srv: shortSrv}}}
	})
	c := a.signUp(uniqueEmail("links"))
	ws := a.bootstrap(c).Workspace
	// Room for every account of the corpus at its default tracking limit.
	exec(t, `UPDATE workspaces SET plan = 'agency', video_limit = 5000 WHERE id = $1`, ws.ID)

	const (
		ttID = "7234567890123456789"
		ig   = "C1a2B3c4D5e"
		yt   = "dQw4w9WgXcQ"
		xID  = "1790000000000000001"
	)
	groups := []struct {
		platform, kind, key, url string // the row every form must land on
		forms                    []string
	}{
		{"tiktok", "video", ttID, "https://www.tiktok.com/@some.user/video/" + ttID, []string{
			"https://www.tiktok.com/@some.user/video/" + ttID + "?is_from_webapp=1&sender_device=pc",
			"HTTP://TIKTOK.COM/@Some.User/video/" + ttID + "/",
			"www.tiktok.com/@some.user/video/" + ttID + "?_r=1&_t=ZT-8abc",
			"https://m.tiktok.com/v/" + ttID + ".html?u_code=d7a3kb&preview_pb=0&language=en",
			"https://tiktok.com/v/" + ttID + ".html",
			"https://www.tiktok.com/embed/v2/" + ttID,
			"https://www.tiktok.com/embed/" + ttID,
			"https://www.tiktok.com/player/v1/" + ttID + "?autoplay=1",
			"https://www.tiktok.com/@/video/" + ttID,
			"https://vm.tiktok.com/ZMabc123/",
			"vt.tiktok.com/ZSabc123",
			"https://www.tiktok.com/t/ZTRabc123/",
			"tiktok.com/t/ZTRabc123",
		}},
		// Pasted first without its author: stored under /@/video/ID.
		{"tiktok", "video", "7300000000000000002", "https://www.tiktok.com/@/video/7300000000000000002", []string{
			"https://m.tiktok.com/v/7300000000000000002.html",
			"https://www.tiktok.com/@bob/video/7300000000000000002",
		}},
		{"tiktok", "video", "7234567890123456790", "https://www.tiktok.com/@some.user/photo/7234567890123456790", []string{
			"https://www.tiktok.com/@some.user/photo/7234567890123456790?is_from_webapp=1&sender_device=pc",
			"https://www.tiktok.com/@some.user/video/7234567890123456790",
		}},
		{"tiktok", "account", "some.user", "https://www.tiktok.com/@some.user", []string{
			"https://www.tiktok.com/@Some.User?lang=en",
			"tiktok.com/@some.user/",
		}},
		{"instagram", "video", ig, "https://www.instagram.com/reel/" + ig + "/", []string{
			"https://www.instagram.com/reel/" + ig + "/?igsh=MzRlODBiNWFlZA%3D%3D",
			"https://instagram.com/reels/" + ig,
			"https://www.instagram.com/p/" + ig + "/?img_index=1",
			"https://www.instagram.com/tv/" + ig,
			"https://www.instagram.com/some.user/reel/" + ig + "/",
			"instagr.am/p/" + ig,
		}},
		{"instagram", "account", "some.user", "https://www.instagram.com/some.user/", []string{
			"https://www.instagram.com/Some.User/?hl=en",
			"instagram.com/some.user/reels/",
		}},
		{"youtube", "video", yt, "https://www.youtube.com/watch?v=" + yt, []string{
			"https://www.youtube.com/watch?v=" + yt + "&list=PL123&index=2",
			"https://youtu.be/" + yt + "?si=abcdef",
			"https://www.youtube.com/shorts/" + yt,
			"https://m.youtube.com/watch?app=desktop&v=" + yt,
			"https://music.youtube.com/watch?v=" + yt + "&feature=share",
			"https://www.youtube.com/live/" + yt + "?feature=share",
			"https://www.youtube.com/embed/" + yt,
			"https://www.youtube-nocookie.com/embed/" + yt,
		}},
		{"youtube", "account", "@somehandle", "https://www.youtube.com/@somehandle", []string{
			"https://www.youtube.com/@SomeHandle/videos",
			"m.youtube.com/@somehandle",
		}},
		{"youtube", "account", "UCuAXFkgsw1L7xaCfnd5JJOw", "https://www.youtube.com/channel/UCuAXFkgsw1L7xaCfnd5JJOw", []string{
			"https://www.youtube.com/channel/UCuAXFkgsw1L7xaCfnd5JJOw/shorts",
		}},
		{"youtube", "account", "c/somename", "https://www.youtube.com/c/somename", []string{
			"https://www.youtube.com/c/SomeName",
		}},
		{"youtube", "account", "user/oldname", "https://www.youtube.com/user/oldname", []string{
			"https://www.youtube.com/user/OldName/videos",
		}},
		{"x", "video", xID, "https://x.com/jack/status/" + xID, []string{
			"https://x.com/jack/status/" + xID,
			"https://twitter.com/Jack/status/" + xID + "?s=20&t=abc",
			"https://mobile.twitter.com/jack/status/" + xID + "/photo/1",
			"https://x.com/i/web/status/" + xID,
			"twitter.com/i/status/" + xID,
		}},
		{"x", "account", "jack", "https://x.com/jack", []string{
			"https://twitter.com/Jack/",
			"x.com/jack/media",
		}},
	}

	type out struct {
		Success  bool      `json:"success"`
		Type     string    `json:"type"`
		Platform string    `json:"platform"`
		ID       uuid.UUID `json:"id"`
		JobID    string    `json:"job_id"`
		Existing bool      `json:"existing"`
	}
	var jobs []string
	noAuthorJob := ""
	for _, g := range groups {
		var first uuid.UUID
		for i, form := range g.forms {
			var got out
			a.request("POST", "/api/track", map[string]string{"url": form}, c).expect(t, 200).decode(t, &got)
			if !got.Success || got.Platform != g.platform || got.Type != g.kind || got.Existing != (i > 0) {
				t.Fatalf("%s: %+v, want a %s %s (existing %v)", form, got, g.platform, g.kind, i > 0)
			}
			if i == 0 {
				first = got.ID
				jobs = append(jobs, got.JobID)
				if g.key == "7300000000000000002" {
					noAuthorJob = got.JobID
				}
			} else if got.ID != first {
				t.Fatalf("%s: tracked as %s, want the row of %s (%s)", form, got.ID, g.forms[0], first)
			}
		}
		var key, url string
		sql := `SELECT platform_video_id, url FROM videos WHERE id = $1 AND platform = $2`
		if g.kind == "account" {
			sql = `SELECT handle, url FROM accounts WHERE id = $1 AND platform = $2`
		}
		if err := env.PG.QueryRow(t.Context(), sql, first, g.platform).Scan(&key, &url); err != nil {
			t.Fatalf("row of %s: %v", g.forms[0], err)
		}
		if key != g.key || url != g.url {
			t.Fatalf("%s stored as %q %q, want %q %q", g.forms[0], key, url, g.key, g.url)
		}
	}

	// A video tracked without its author is scraped like any other, and the
	// scrape names the author.
	if st := waitJob(t, noAuthorJob); st != "processed" {
		t.Fatalf("job of the video tracked without its author %s", st)
	}
	if n := count(t, `SELECT count(*) FROM videos WHERE workspace_id = $1 AND platform_video_id = '7300000000000000002'
		AND status = 'active' AND account_handle <> ''`, ws.ID); n != 1 {
		t.Fatal("the video tracked without its author did not get its author from the scrape")
	}

	// The jobs add the accounts' videos; what malformed links would write is
	// counted once they are done: every job of the workspace, as an
	// Instagram account has two (its reels and its details).
	rows, err := env.PG.Query(t.Context(), `SELECT id::text FROM scrape_jobs WHERE workspace_id = $1`, ws.ID)
	if err != nil {
		t.Fatal(err)
	}
	all, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	if len(all) < len(jobs) {
		t.Fatalf("%d jobs recorded, the answers named %d", len(all), len(jobs))
	}
	for _, j := range all {
		waitJob(t, j)
	}
	countRows := func() int {
		return count(t, `SELECT count(*) FROM videos WHERE workspace_id = $1`, ws.ID) +
			count(t, `SELECT count(*) FROM accounts WHERE workspace_id = $1`, ws.ID) +
			count(t, `SELECT count(*) FROM scrape_jobs WHERE workspace_id = $1`, ws.ID)
	}
	before := countRows()
	for _, bad := range []string{
		// Wrong id shapes.
		"https://www.tiktok.com/@some.user/video/72345abc",
		"https://www.tiktok.com/@some.user/video/0123",
		"https://m.tiktok.com/v/72345abc.html",
		"https://m.tiktok.com/v/" + ttID,
		"https://www.tiktok.com/embed/v2/abc",
		"https://www.tiktok.com/@/video/abc",
		"https://www.tiktok.com/t/",
		"https://vm.tiktok.com/ZM/abc/",
		"https://www.instagram.com/reel/abcd/",
		"https://www.instagram.com/share/reel/BAHmJxqW5kZ",
		"https://www.youtube.com/watch?v=short",
		"https://youtu.be/" + yt + "x",
		"https://www.youtube.com/channel/UCshort",
		"https://x.com/jack/status/abc",
		"https://x.com/i/web/status/0",
		"https://www.tiktok.com/@some.user/video/12345",
		"https://www.tiktok.com/@some.user/video/1",
		"https://x.com/jack/status/1234",
		"https://www.instagram.com/reel/" + ig + "xy/",
		// Other and look-alike hosts, user info, IPs, schemes, ports.
		"https://tiktok.com.evil.com/@some.user/video/" + ttID,
		"https://www.tiktok.com.evil.com/v/" + ttID + ".html",
		"https://evil.com/t/ZTRabc123/",
		"https://vm.tiktok.com.evil.com/ZMabc123/",
		"https://tiktok.com@evil.com/@some.user/video/" + ttID,
		"https://user:pass@www.instagram.com/reel/" + ig + "/",
		"https://instagram.com.br/reel/" + ig,
		"https://www.youtu.be/" + yt,
		"https://fxtwitter.com/jack/status/" + xID,
		"https://xn--tktok-6ra.com/@some.user",
		"https://127.0.0.1/@some.user/video/" + ttID,
		"ftp://www.tiktok.com/@some.user",
		"https://www.tiktok.com:8443/@some.user",
		"https://www.tiktok.com/@some\u200buser",
		// Short links that lead outside TikTok.
		"https://vm.tiktok.com/ZMevil/",
		"https://www.tiktok.com/t/ZTRevil/",
	} {
		a.request("POST", "/api/track", map[string]string{"url": bad}, c).expectError(t, 400, "invalid_request")
	}
	// The refusal names the field and says why in plain words, with the
	// shape that works.
	for _, tc := range []struct{ url, says string }{
		{"not a link at all", "That isn't a link: paste the address of a TikTok, Instagram, YouTube or X video or profile"},
		{"https://www.tiktok.com/@some.user/vidoe/" + ttID, "This TikTok link is not a video or an account: a video link looks like https://www.tiktok.com/@name/video/7301234567890123456"},
		{"https://www.tiktok.com/@some.user/video/12345", "This TikTok link's video id is not valid: TikTok video ids are numbers of 18 or 19 digits"},
	} {
		e := a.request("POST", "/api/track", map[string]string{"url": tc.url}, c).expectError(t, 400, "invalid_request")
		if !strings.HasPrefix(e.Fields["url"], tc.says) {
			t.Errorf("%q is refused with fields %v, want url: %q…", tc.url, e.Fields, tc.says)
		}
	}
	if n := countRows(); n != before {
		t.Fatalf("malformed links wrote %d rows", n-before)
	}
}
