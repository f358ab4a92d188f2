package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/command/campaigns"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	querycampaigns "github.com/reeltrack/reeltrack/query/campaigns"
)

// TestCampaignOpenLinesFollowTheirVideos: the server keeps a campaign's
// open rows between requests, so each change to what an open line shows
// is made the way the product makes it (the SQL its commands run, then the
// data version bumped) and the next read of the ledger must show it: a
// scrape's new counts, a caption edited (which renames the clip), the
// author handle, a creator renamed, an account given to a creator, a
// video's own payee, an account renamed, a new post, a post removed.
func TestCampaignOpenLinesFollowTheirVideos(t *testing.T) {
	t.Parallel()
	monday := time.Date(2026, 10, 5, 0, 0, 0, 0, time.UTC)
	clock := &shiftedClock{}
	clock.set(time.Until(monday.Add(3 * 24 * time.Hour)))
	a := newApp(t, func(d *wiring.Deps) { d.Now = clock.Now })
	owner := a.signUp(uniqueEmail("openrows"))
	ws := a.bootstrap(owner).Workspace.ID
	exec(t, `UPDATE workspaces SET plan = 'agency', video_limit = 5000 WHERE id = $1`, ws)
	coll := env.Collection(t, ws, "Open rows")
	ana := uuid.New()
	exec(t, `INSERT INTO creators (id, workspace_id, name) VALUES ($1, $2, 'Ana')`, ana, ws)
	account := func(handle string) uuid.UUID {
		return env.Account(t, ws, testenv.AccountOptions{Platform: platform.TikTok, Handle: handle, Status: domain.ItemActive, CollectionID: &coll, LastScrapedAt: time.Now()})
	}
	anaTT, boTT := account("ana_tt"), account("bo_tt")
	exec(t, `UPDATE accounts SET creator_id = $2 WHERE id = $1`, anaTT, ana)
	a.request("POST", "/api/campaigns", map[string]any{
		"collectionId": coll, "currency": "USD", "startsAt": monday, "period": "weekly",
		"rules": map[string]any{"tiers": []map[string]int{{"fromViews": 0, "cpm": 10}}},
	}, owner).expect(t, 201)

	accountOf := map[uuid.UUID]uuid.UUID{}
	video := func(key string, acc uuid.UUID, handle, caption string, published time.Time) uuid.UUID {
		id := env.Video(t, ws, testenv.VideoOptions{Platform: platform.TikTok, PlatformID: key, AccountID: acc, AccountHandle: handle, Caption: caption,
			Status: domain.ItemActive, PublishedAt: published, CreatedAt: published, LastScrapedAt: time.Now()})
		accountOf[id] = acc
		return id
	}
	scrapes := 0
	snap := func(id uuid.UUID, views uint64) {
		t.Helper()
		scrapes++
		w := ingest.NewSnapshotWriter(env.CH, 10, time.Now())
		err := w.Add(context.Background(), ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: id, AccountID: accountOf[id],
			ScrapedAt: clock.Now().Add(time.Duration(scrapes-100) * time.Minute), Metrics: ingest.Metrics{Views: u64(views)}, JobID: uuid.New()})
		if err == nil {
			err = w.Flush(context.Background())
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	a1 := video("o1", anaTT, "ana_tt", "Morning routine", monday.Add(24*time.Hour))
	a2 := video("o2", anaTT, "ana_tt", "Desk setup tour", monday.Add(30*time.Hour))
	b1 := video("o3", boTT, "bo_tt", "Something else", monday.Add(36*time.Hour))
	for _, id := range []uuid.UUID{a1, a2, b1} {
		snap(id, 10_000)
	}

	lines := func() map[uuid.UUID]querycampaigns.Line {
		t.Helper()
		var page querycampaigns.LinesPage
		a.request("GET", "/api/campaigns/"+coll.String()+"/lines?limit=500", nil, owner).expect(t, 200).decode(t, &page)
		out := map[uuid.UUID]querycampaigns.Line{}
		for _, ln := range page.Lines {
			out[ln.VideoID] = ln
		}
		return out
	}
	// a change as a command makes it: its writes, then the data version
	change := func(sql string, args ...any) {
		t.Helper()
		exec(t, sql, args...)
		exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, ws)
	}
	describe := func(ln querycampaigns.Line) string {
		return fmt.Sprintf("%s payee %s:%s clip %s caption %q handle %s views %d", ln.VideoID, ln.Payee.Kind, ln.Payee.Name, ln.Clip, ln.Caption, ln.AccountHandle, ln.Views)
	}
	first := lines()
	if len(first) != 3 || first[a1].Clip == first[a2].Clip || first[a1].Payee.Name != "Ana" || first[b1].Payee.Name != "bo_tt" {
		t.Fatalf("first read: %v", first)
	}

	// a post of bo_tt's feed of the given kind, as a scrape inserts it
	feedPost := func(key, handle, caption string, kind domain.PostKind, published time.Time) {
		t.Helper()
		env.Video(t, ws, testenv.VideoOptions{Platform: platform.TikTok, PlatformID: key, AccountID: boTT, AccountHandle: handle, Caption: caption,
			Status: domain.ItemActive, PostKind: kind, PublishedAt: published, CreatedAt: published})
		change(`SELECT 1`)
	}

	steps := []struct {
		name   string
		change func()
		check  func(map[uuid.UUID]querycampaigns.Line) bool
	}{
		{"a scrape's new counts", func() { snap(a1, 25_000); change(`SELECT 1`) },
			func(l map[uuid.UUID]querycampaigns.Line) bool { return l[a1].Views == 25_000 && l[a2].Views == 10_000 }},
		{"a caption edited: the clip named after it", func() {
			change(`UPDATE videos SET caption = 'Desk setup tour' WHERE id = $1`, a1)
		}, func(l map[uuid.UUID]querycampaigns.Line) bool {
			return l[a1].Caption == "Desk setup tour" && strings.Contains(l[a1].Clip, "desk setup tour")
		}},
		{"the author handle", func() { change(`UPDATE videos SET account_handle = 'bo_new' WHERE id = $1`, b1) },
			func(l map[uuid.UUID]querycampaigns.Line) bool { return l[b1].AccountHandle == "bo_new" }},
		{"a creator renamed", func() { change(`UPDATE creators SET name = 'Ana B.' WHERE id = $1`, ana) },
			func(l map[uuid.UUID]querycampaigns.Line) bool {
				return l[a1].Payee.Name == "Ana B." && l[a2].Payee.Name == "Ana B."
			}},
		{"an account renamed", func() { change(`UPDATE accounts SET display_name = 'Bo the Builder' WHERE id = $1`, boTT) },
			func(l map[uuid.UUID]querycampaigns.Line) bool {
				return l[b1].Payee.Kind == "account" && l[b1].Payee.Name == "Bo the Builder"
			}},
		{"an account given to a creator", func() { change(`UPDATE accounts SET creator_id = $2, creator_set_at = now() WHERE id = $1`, boTT, ana) },
			func(l map[uuid.UUID]querycampaigns.Line) bool {
				return l[b1].Payee.Kind == "creator" && l[b1].Payee.ID == ana
			}},
		{"a video's own payee", func() {
			cleo := uuid.New()
			exec(t, `INSERT INTO creators (id, workspace_id, name) VALUES ($1, $2, 'Cleo')`, cleo, ws)
			change(`UPDATE accounts SET creator_id = NULL WHERE id = $1`, boTT)
			change(`UPDATE videos SET creator_id = $2, creator_set_at = now() WHERE id = $1`, b1, cleo)
		}, func(l map[uuid.UUID]querycampaigns.Line) bool { return l[b1].Payee.Name == "Cleo" }},
		{"a new post", func() {
			snapOf := video("o4", boTT, "bo_tt", "Fresh one", monday.Add(48*time.Hour))
			snap(snapOf, 1_000)
			change(`SELECT 1`)
		}, func(l map[uuid.UUID]querycampaigns.Line) bool { return len(l) == 4 }},
		{"a post removed", func() { change(`UPDATE videos SET status = 'removed' WHERE id = $1`, a2) },
			func(l map[uuid.UUID]querycampaigns.Line) bool { _, ok := l[a2]; return !ok && len(l) == 3 }},
		{"a post back", func() { change(`UPDATE videos SET status = 'active' WHERE id = $1`, a2) },
			func(l map[uuid.UUID]querycampaigns.Line) bool { _, ok := l[a2]; return ok && len(l) == 4 }},
		{"a post found to be a repost", func() { change(`UPDATE videos SET post_kind = 'repost' WHERE id = $1`, a2) },
			func(l map[uuid.UUID]querycampaigns.Line) bool { _, ok := l[a2]; return !ok && len(l) == 3 }},
		{"a post placed in another collection", func() {
			other := env.Collection(t, ws, "Elsewhere")
			change(`UPDATE videos SET collection_id = $2 WHERE id = $1`, a1, other)
		}, func(l map[uuid.UUID]querycampaigns.Line) bool { _, ok := l[a1]; return !ok && len(l) == 2 }},
		{"a post deleted", func() { change(`DELETE FROM videos WHERE id = $1`, b1) },
			func(l map[uuid.UUID]querycampaigns.Line) bool { _, ok := l[b1]; return !ok && len(l) == 1 }},
		{"an account out of the campaign", func() { change(`UPDATE accounts SET collection_id = NULL WHERE id = $1`, boTT) },
			func(l map[uuid.UUID]querycampaigns.Line) bool { return len(l) == 0 }},
		{"a post changed by a transaction that began before a read", func() {
			change(`UPDATE accounts SET collection_id = $2 WHERE id = $1`, boTT, coll)
			if got := lines(); len(got) != 1 {
				t.Fatalf("the account back in the campaign: %d lines, want 1", len(got))
			}
			// the transaction has its id before the new post's and the
			// read, and writes after them
			ctx := context.Background()
			slow, err := env.PG.Begin(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer slow.Rollback(ctx) //nolint:errcheck // a no-op once committed
			if _, err := slow.Exec(ctx, `SELECT pg_current_xact_id()`); err != nil {
				t.Fatal(err)
			}
			fresh := video("o5", boTT, "bo_tt", "Late one", monday.Add(50*time.Hour))
			snap(fresh, 2_000)
			change(`SELECT 1`)
			if got := lines(); len(got) != 2 {
				t.Fatalf("after a new post: %d lines, want 2", len(got))
			}
			if _, err := slow.Exec(ctx, `UPDATE videos SET status = 'removed' WHERE workspace_id = $1 AND platform_video_id = 'o4'`, ws); err != nil {
				t.Fatal(err)
			}
			if err := slow.Commit(ctx); err != nil {
				t.Fatal(err)
			}
			change(`SELECT 1`)
		}, func(l map[uuid.UUID]querycampaigns.Line) bool { return len(l) == 1 }},
		// what the provider sends of an account's feed besides its own
		// posts, as a scrape inserts them (no kind changed after: the open
		// rows are patched, not read again)
		{"another author's post in the account's feed", func() {
			feedPost("o6", "someone_else", "Not theirs", domain.KindOtherAuthor, monday.Add(52*time.Hour))
		}, func(l map[uuid.UUID]querycampaigns.Line) bool { return len(l) == 1 }},
		{"a retweet", func() {
			feedPost("o9", "bo_tt", "RT", domain.KindRepost, monday.Add(52*time.Hour))
		}, func(l map[uuid.UUID]querycampaigns.Line) bool { return len(l) == 1 }},
		{"a collab", func() {
			feedPost("o7", "bo_tt", "Together", domain.KindCollab, monday.Add(53*time.Hour))
		}, func(l map[uuid.UUID]querycampaigns.Line) bool {
			for _, ln := range l {
				if ln.Caption == "Together" {
					return len(l) == 2 && ln.PostKind == domain.KindCollab
				}
			}
			return false
		}},
		{"a post without a publish time", func() {
			env.Video(t, ws, testenv.VideoOptions{Platform: platform.TikTok, PlatformID: "o8", AccountID: boTT, AccountHandle: "bo_tt", Caption: "Undated",
				Status: domain.ItemActive, CreatedAt: monday.Add(54 * time.Hour), LastScrapedAt: time.Now()})
			change(`SELECT 1`)
		}, func(l map[uuid.UUID]querycampaigns.Line) bool { return len(l) == 3 }},
		{"a post pushed beyond the account's limit", func() {
			change(`UPDATE videos SET status = 'beyond_limit' WHERE workspace_id = $1 AND platform_video_id = 'o5'`, ws)
		}, func(l map[uuid.UUID]querycampaigns.Line) bool { return len(l) == 2 }},
	}
	// the ledger and the page as they are read, and as a read from
	// scratch gives them (the kept rows follow the workspace's videos_base)
	both := func() string {
		t.Helper()
		lines, page := a.campaignLedger(t, coll, owner)
		out, _ := json.Marshal([]any{lines, page})
		return string(out)
	}
	fromScratch := func() string {
		t.Helper()
		change(`UPDATE workspaces SET videos_base = videos_base + 1 WHERE id = $1`, ws)
		return both()
	}
	for _, s := range steps {
		s.change()
		if got := lines(); !s.check(got) {
			for _, ln := range got {
				t.Log(describe(ln))
			}
			t.Fatalf("%s: the next read does not show it", s.name)
		}
		if got, want := both(), fromScratch(); got != want {
			t.Fatalf("%s: the rows kept differ from a read from scratch:\n%s\nagainst\n%s", s.name, got, want)
		}
	}
}

// TestCampaignOpenLinesAfterASettleRun: a settle run moves a campaign's
// ledger and its open floor, and the server then narrows the open rows it
// kept instead of reading them again. The campaign's rules shortened the
// window, so the run locks a post after the floor as well as those before
// it. After the run, and after a locked line goes away, the ledger and the
// count of posts not paid must equal what a read from scratch gives
// (forced by moving the workspace's videos version, which every kept row
// follows). The locked lines are kept too, under the ledger and the open
// rows version: a locked video's caption, handle or kind of post changed
// shows on the next read.
func TestCampaignOpenLinesAfterASettleRun(t *testing.T) {
	t.Parallel()
	monday := time.Date(2026, 10, 5, 0, 0, 0, 0, time.UTC)
	clock := &shiftedClock{}
	at := func(h int) time.Time { return monday.Add(time.Duration(h) * time.Hour) }
	clock.set(time.Until(at(1)))
	a := newApp(t, func(d *wiring.Deps) { d.Now = clock.Now })
	owner := a.signUp(uniqueEmail("narrowed"))
	ws := a.bootstrap(owner).Workspace.ID
	exec(t, `UPDATE workspaces SET plan = 'agency', video_limit = 5000 WHERE id = $1`, ws)
	coll := env.Collection(t, ws, "Narrowed")
	acc := env.Account(t, ws, testenv.AccountOptions{Platform: platform.TikTok, Handle: "nara", Status: domain.ItemActive, CollectionID: &coll, LastScrapedAt: time.Now()})
	tiers := []map[string]int{{"fromViews": 0, "cpm": 10}}
	a.request("POST", "/api/campaigns", map[string]any{
		"collectionId": coll, "currency": "USD", "startsAt": monday, "period": "weekly",
		"rules": map[string]any{"tiers": tiers, "windowHours": 72},
	}, owner).expect(t, 201)
	// from hour 48 on, posts have 6 hours
	clock.set(time.Until(at(48)))
	a.request("POST", "/api/campaigns/"+coll.String()+"/rules", map[string]any{"tiers": tiers, "windowHours": 6}, owner).expect(t, 201)
	clock.set(time.Until(at(96)))

	w := ingest.NewSnapshotWriter(env.CH, 100, time.Now())
	n := 0
	// a post of the account published at hour h, of kind, with its views
	// an hour after publishing and an hour ago
	// (untimed: the provider sent no publish time; its window starts when
	// it was first seen, at hour h)
	post := func(h int, kind string, views uint64, untimed ...bool) uuid.UUID {
		n++
		first, published := at(h), at(h)
		if len(untimed) > 0 {
			published = time.Time{}
		}
		id := env.Video(t, ws, testenv.VideoOptions{Platform: platform.TikTok, PlatformID: fmt.Sprintf("n%d", n), AccountID: acc, AccountHandle: "nara",
			Caption: fmt.Sprintf("Clip number %d", n), Status: domain.ItemActive, PublishedAt: published, CreatedAt: first, LastScrapedAt: time.Now()})
		exec(t, `UPDATE videos SET post_kind = $2 WHERE id = $1`, id, kind)
		for _, s := range []time.Time{first.Add(time.Hour), clock.Now().Add(-time.Hour)} {
			if err := w.Add(context.Background(), ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: id, AccountID: acc,
				ScrapedAt: s, PublishedAt: published, Metrics: ingest.Metrics{Views: u64(views)}, JobID: uuid.New()}); err != nil {
				t.Fatal(err)
			}
			views += 500
		}
		return id
	}
	// windows of 72 hours closed by now (hours 2-20, one of them without
	// a publish time), one still open (30), and one of 6 hours closed
	// after it (50): the settle run locks that one too, beyond the floor,
	// which the open one holds back; posts the campaign does not pay
	// before and after the floor; open posts, one without a publish time
	var locked []uuid.UUID
	for _, h := range []int{2, 8, 14, 20} {
		locked = append(locked, post(h, "own", uint64(100*h)))
	}
	locked = append(locked, post(11, "own", 1100, true))
	post(93, "own", 800, true)
	open := post(30, "own", 4000)
	short := post(50, "own", 3000)
	locked = append(locked, short)
	post(3, "repost", 9000)
	post(91, "repost", 700)
	post(92, "own", 2500)
	post(94, "collab", 1200)
	if err := w.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}

	type read struct {
		lines   []querycampaigns.Line
		notPaid int
		// the campaign's page: its sums, standings, periods, top videos
		page querycampaigns.CampaignPage
	}
	ledger := func() read {
		t.Helper()
		lines, page := a.campaignLedger(t, coll, owner)
		return read{lines, page.Campaign.NotPaid, page}
	}
	// what a read from scratch gives: every kept open row follows the
	// videos version, and the kept locked lines the campaign's count of
	// removed lines
	fromScratch := func() read {
		t.Helper()
		exec(t, `UPDATE workspaces SET videos_version = videos_version + 1, data_version = data_version + 1 WHERE id = $1`, ws)
		exec(t, `UPDATE campaigns SET lines_removed = lines_removed + 1 WHERE collection_id = $1`, coll)
		return ledger()
	}
	same := func(what string, got, want read) {
		t.Helper()
		g, _ := json.Marshal(got.lines)
		w, _ := json.Marshal(want.lines)
		if string(g) != string(w) || got.notPaid != want.notPaid {
			t.Fatalf("%s: the ledger kept differs from a read from scratch:\n%s\nnot paid %d\nagainst\n%s\nnot paid %d", what, g, got.notPaid, w, want.notPaid)
		}
		g, _ = json.Marshal(got.page)
		w, _ = json.Marshal(want.page)
		if string(g) != string(w) {
			t.Fatalf("%s: the campaign's page kept differs from a read from scratch:\n%s\nagainst\n%s", what, g, w)
		}
	}
	status := func(r read, id uuid.UUID) domain.Line {
		for _, ln := range r.lines {
			if ln.VideoID == id {
				return ln.Status
			}
		}
		return ""
	}

	before := ledger()
	if len(before.lines) != 10 || before.notPaid != 2 {
		t.Fatalf("before the settle run: %d lines, %d not paid", len(before.lines), before.notPaid)
	}
	settle := campaigns.SettlePayoutsHandler{DB: env.PG, Ledger: querycampaigns.SettlementHandler{DB: env.PG, CH: env.CH},
		DashboardURL: "http://localhost", Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: clock.Now}
	run, err := settle.Settle(context.Background(), ws, coll)
	if err != nil {
		t.Fatal(err)
	}
	if run.Locked != len(locked) {
		t.Fatalf("the settle run locked %d lines, want %d", run.Locked, len(locked))
	}
	if count(t, `SELECT count(*) FROM campaigns WHERE collection_id = $1 AND open_floor IS NOT NULL AND open_floor <= $2 AND open_floor > $3`, coll, at(30), at(20)) != 1 {
		t.Fatal("the settle run recorded no open floor between the last locked post and the open one")
	}
	after := ledger()
	for _, id := range locked {
		if s := status(after, id); s == domain.LineProjected || s == "" {
			t.Fatalf("a closed window's line is %q after the settle run", s)
		}
	}
	if s := status(after, open); s != domain.LineProjected || after.notPaid != 2 {
		t.Fatalf("after the settle run: the open post is %q, %d not paid (want projected, 2)", s, after.notPaid)
	}
	same("after the settle run", after, fromScratch())

	// reviews change some locked lines: the kept ones are read again
	// alone, and the ledger must equal a read from scratch after each
	review := func(action string, ids []uuid.UUID, reason string) {
		t.Helper()
		body := map[string]any{"action": action, "videoIds": ids}
		if reason != "" {
			body["reason"] = reason
		}
		a.request("POST", "/api/campaigns/"+coll.String()+"/lines/review", body, owner).expect(t, 200)
	}
	review("approve", locked[:3], "")
	approved := ledger()
	for _, id := range locked[:3] {
		if s := status(approved, id); s != domain.LineApproved {
			t.Fatalf("an approved line is %q on the next read", s)
		}
	}
	same("after an approval", approved, fromScratch())
	review("reject", locked[2:3], "Bought views")
	review("pay", locked[:2], "")
	paid := ledger()
	if status(paid, locked[0]) != domain.LinePaid || status(paid, locked[2]) != domain.LineRejected {
		t.Fatalf("after a rejection and a payment: %q and %q", status(paid, locked[0]), status(paid, locked[2]))
	}
	same("after a rejection and a payment", paid, fromScratch())

	// a line written by a transaction that began before a later one and
	// committed after it, with a read between the two commits: the next
	// read still shows it
	ctx := context.Background()
	slow, err := env.PG.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Rollback(ctx) //nolint:errcheck // a no-op once committed
	if _, err := slow.Exec(ctx, `UPDATE payout_lines SET fell_to = 42 WHERE collection_id = $1 AND video_id = $2`, coll, locked[3]); err != nil {
		t.Fatal(err)
	}
	review("approve", locked[4:5], "")
	if status(ledger(), locked[4]) != domain.LineApproved {
		t.Fatal("the later review does not show")
	}
	if err := slow.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	exec(t, `UPDATE campaigns SET ledger_version = ledger_version + 1 WHERE collection_id = $1`, coll)
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, ws)
	late := ledger()
	for _, ln := range late.lines {
		if ln.VideoID == locked[3] && (ln.FellTo == nil || *ln.FellTo != 42) {
			t.Fatalf("a line written by a transaction that committed after a later one shows fellTo %v, want 42", ln.FellTo)
		}
	}
	same("after a late commit", late, fromScratch())

	// what a locked line shows of its video follows the video at once:
	// its caption and author handle, then its kind of post alone
	lineOf := func(r read, id uuid.UUID) querycampaigns.Line {
		for _, ln := range r.lines {
			if ln.VideoID == id {
				return ln
			}
		}
		return querycampaigns.Line{}
	}
	ledger()
	exec(t, `UPDATE videos SET caption = 'Renamed clip', account_handle = 'nara_new' WHERE id = $1`, locked[1])
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, ws)
	if ln := lineOf(ledger(), locked[1]); ln.Caption != "Renamed clip" || ln.AccountHandle != "nara_new" {
		t.Fatalf("a locked line shows caption %q and handle %q after its video changed", ln.Caption, ln.AccountHandle)
	}
	exec(t, `UPDATE videos SET post_kind = 'collab' WHERE id = $1`, locked[2])
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, ws)
	if ln := lineOf(ledger(), locked[2]); ln.PostKind != domain.KindCollab {
		t.Fatalf("a locked line shows kind %q after its video became a collab", ln.PostKind)
	}
	exec(t, `UPDATE videos SET post_kind = 'own' WHERE id = $1`, locked[2])
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, ws)

	// a locked line beyond the floor gone (the ledger moved back, the
	// floor as it was): its video is open again
	ledger()
	exec(t, `DELETE FROM payout_lines WHERE collection_id = $1 AND video_id = $2`, coll, short)
	exec(t, `UPDATE campaigns SET ledger_version = ledger_version + 1 WHERE collection_id = $1`, coll)
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, ws)
	gone := ledger()
	if s := status(gone, short); s != domain.LineProjected {
		t.Fatalf("the video of a line gone is %q, want projected again", s)
	}
	same("after a locked line went away", gone, fromScratch())
}

// campaignLedger reads a campaign's ledger (its first 500 lines) and page.
func (a *testApp) campaignLedger(t *testing.T, id uuid.UUID, as *http.Cookie) ([]querycampaigns.Line, querycampaigns.CampaignPage) {
	t.Helper()
	var lines querycampaigns.LinesPage
	a.request("GET", "/api/campaigns/"+id.String()+"/lines?limit=500", nil, as).expect(t, 200).decode(t, &lines)
	var page querycampaigns.CampaignPage
	a.request("GET", "/api/campaigns/"+id.String(), nil, as).expect(t, 200).decode(t, &page)
	return lines.Lines, page
}
