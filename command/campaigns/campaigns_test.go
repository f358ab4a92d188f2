package campaigns_test

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/command/campaigns"
	"github.com/reeltrack/reeltrack/command/collections"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/payout"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

var campaignStart = time.Date(2026, 10, 5, 0, 0, 0, 0, time.UTC)

func fixedNow(t time.Time) func() time.Time { return func() time.Time { return t } }

// newCampaign makes a collection of a new workspace a campaign with a flat
// CPM of cpm minor units, the given budget and creator cap; it returns the
// workspace, its owner and the campaign's id.
func newCampaign(t *testing.T, cpm, budget, creatorCap int64) (ws, owner, id uuid.UUID) {
	t.Helper()
	ws = env.Workspace(t, testenv.WorkspaceOptions{})
	owner = env.Owner(t, ws)
	id = env.Collection(t, ws, "Clipping")
	err := campaigns.CreateCampaignHandler{DB: env.PG, Now: fixedNow(campaignStart)}.Handle(context.Background(), campaigns.CreateCampaign{
		WorkspaceID: ws, ActorID: owner, CollectionID: id, Currency: "USD", Period: "weekly",
		Settings: domain.CampaignSettings{StartsAt: campaignStart, Budget: budget},
		Rules:    payout.Terms{Tiers: []payout.Tier{{From: 0, CPM: payout.Money(cpm)}}, CreatorCap: payout.Money(creatorCap)},
	})
	if err != nil {
		t.Fatal(err)
	}
	return ws, owner, id
}

// TestCreateCampaign: only owners and admins make a collection of their
// workspace a campaign, once; bad settings or rules write nothing; the
// creation is logged with its first rules version and bumps the data
// version.
func TestCreateCampaign(t *testing.T) {
	t.Parallel()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	owner := env.Owner(t, ws)
	member := env.User(t, testenv.UserOptions{})
	env.Member(t, ws, member, domain.RoleMember)
	coll := env.Collection(t, ws, "Autumn")
	theirs := env.Collection(t, env.Workspace(t, testenv.WorkspaceOptions{}), "Theirs")
	h := campaigns.CreateCampaignHandler{DB: env.PG, Now: time.Now}
	good := func() campaigns.CreateCampaign {
		return campaigns.CreateCampaign{WorkspaceID: ws, ActorID: owner, CollectionID: coll, Currency: " jpy ", Period: "monthly",
			Settings: domain.CampaignSettings{StartsAt: campaignStart, Budget: 100_000, Platforms: []string{"x", "tiktok", "x"}},
			Rules:    payout.Terms{Tiers: []payout.Tier{{From: 0, CPM: 300}, {From: 50_000, CPM: 200}}, ViewCap: 1_000_000}}
	}
	v := dataVersion(t, ws)
	for name, tc := range map[string]struct {
		change func(*campaigns.CreateCampaign)
		kind   apperr.Kind
	}{
		"a member":                 {func(c *campaigns.CreateCampaign) { c.ActorID = member }, apperr.KindForbidden},
		"another workspace's":      {func(c *campaigns.CreateCampaign) { c.CollectionID = theirs }, apperr.KindNotFound},
		"an unknown currency":      {func(c *campaigns.CreateCampaign) { c.Currency = "ABC" }, apperr.KindInvalid},
		"no currency":              {func(c *campaigns.CreateCampaign) { c.Currency = "XXX" }, apperr.KindInvalid},
		"a daily period":           {func(c *campaigns.CreateCampaign) { c.Period = "daily" }, apperr.KindInvalid},
		"no start":                 {func(c *campaigns.CreateCampaign) { c.Settings.StartsAt = time.Time{} }, apperr.KindInvalid},
		"an end before the start":  {func(c *campaigns.CreateCampaign) { c.Settings.EndsAt = &campaignStart }, apperr.KindInvalid},
		"a negative budget":        {func(c *campaigns.CreateCampaign) { c.Settings.Budget = -1 }, apperr.KindInvalid},
		"an unknown platform":      {func(c *campaigns.CreateCampaign) { c.Settings.Platforms = []string{"vine"} }, apperr.KindInvalid},
		"no tiers":                 {func(c *campaigns.CreateCampaign) { c.Rules.Tiers = nil }, apperr.KindInvalid},
		"tiers out of order":       {func(c *campaigns.CreateCampaign) { c.Rules.Tiers[1].From = 0 }, apperr.KindInvalid},
		"a cap below the minimum":  {func(c *campaigns.CreateCampaign) { c.Rules.MinViews = 2_000_000 }, apperr.KindInvalid},
		"a window of over a year":  {func(c *campaigns.CreateCampaign) { c.Rules.WindowHours = 9000 }, apperr.KindInvalid},
		"a maximum below the base": {func(c *campaigns.CreateCampaign) { c.Rules.MinAmount, c.Rules.MaxAmount = 500, 100 }, apperr.KindInvalid},
	} {
		cmd := good()
		tc.change(&cmd)
		if err := h.Handle(context.Background(), cmd); apperr.KindOf(err) != tc.kind {
			t.Errorf("%s: %v, want kind %v", name, err, tc.kind)
		}
	}
	if n := scalar[int64](t, `SELECT count(*) FROM campaigns WHERE workspace_id = $1`, ws); n != 0 || dataVersion(t, ws) != v {
		t.Fatalf("refused creations wrote %d campaigns", n)
	}
	if err := h.Handle(context.Background(), good()); err != nil {
		t.Fatal(err)
	}
	var currency, platforms string
	var digits, window int
	if err := env.PG.QueryRow(context.Background(), `
		SELECT c.currency, c.minor_digits, array_to_string(c.platforms, ','), r.window_hours
		FROM campaigns c JOIN campaign_rules r ON r.collection_id = c.collection_id AND r.version = 1
		WHERE c.collection_id = $1`, coll).Scan(&currency, &digits, &platforms, &window); err != nil {
		t.Fatal(err)
	}
	if currency != "JPY" || digits != 0 || platforms != "tiktok,x" || window != 168 {
		t.Errorf("stored %s, %d digits, platforms %s, window %dh", currency, digits, platforms, window)
	}
	if err := h.Handle(context.Background(), good()); apperr.KindOf(err) != apperr.KindConflict {
		t.Errorf("a second campaign on the collection: %v", err)
	}
	if got := activities(t, ws); !slices.Contains(got, "campaign_created Autumn") || dataVersion(t, ws) == v {
		t.Errorf("activity %q, data version %d (was %d)", got, dataVersion(t, ws), v)
	}
}

// TestChangeCampaignRules: every change is a new version; bad rules and a
// member write none.
func TestChangeCampaignRules(t *testing.T) {
	t.Parallel()
	ws, owner, id := newCampaign(t, 100, 0, 0)
	member := env.User(t, testenv.UserOptions{})
	env.Member(t, ws, member, domain.RoleMember)
	h := campaigns.ChangeCampaignRulesHandler{DB: env.PG, Now: time.Now}
	change := func(actor uuid.UUID, r payout.Terms) (int, error) {
		return h.Handle(context.Background(), campaigns.ChangeCampaignRules{WorkspaceID: ws, ActorID: actor, CollectionID: id, Rules: r})
	}
	if _, err := change(member, payout.Terms{Tiers: []payout.Tier{{From: 0, CPM: 1}}}); apperr.KindOf(err) != apperr.KindForbidden {
		t.Errorf("a member: %v", err)
	}
	if _, err := change(owner, payout.Terms{Tiers: []payout.Tier{{From: 0, CPM: -1}}}); apperr.KindOf(err) != apperr.KindInvalid {
		t.Errorf("a negative CPM: %v", err)
	}
	for want := 2; want <= 3; want++ {
		if v, err := change(owner, payout.Terms{Tiers: []payout.Tier{{From: 0, CPM: payout.Money(want)}}}); err != nil || v != want {
			t.Fatalf("version %d, %v; want %d", v, err, want)
		}
	}
	if got := scalar[[]int64](t, `SELECT array_agg(version ORDER BY version) FROM campaign_rules WHERE collection_id = $1`, id); !slices.Equal(got, []int64{1, 2, 3}) {
		t.Errorf("versions %v", got)
	}
}

// ledgerDouble answers a fixed settlement.
type ledgerDouble struct{ s payout.Settlement }

func (d *ledgerDouble) Settlement(context.Context, uuid.UUID, uuid.UUID, time.Time, bool, *time.Time) (payout.Settlement, error) {
	return d.s, nil
}

func (d *ledgerDouble) Due(context.Context, uuid.UUID, uuid.UUID, time.Time, *time.Time) (payout.Due, error) {
	return payout.Due{Closing: len(d.s.Closed) > 0, Fell: d.s.Fell}, nil
}

// OpenFloor records none: the double's settlement is not read from videos.
func (d *ledgerDouble) OpenFloor(context.Context, pgx.Tx, uuid.UUID, uuid.UUID, time.Time) (*time.Time, int, error) {
	return nil, 0, nil
}

func closed(video uuid.UUID, creator string, end time.Time, views int64) payout.Closed {
	published := end.Add(-payout.DefaultWindow)
	return payout.Closed{
		Pending: payout.Pending{Creator: "video:" + video.String(), Clip: creator, Period: payout.Weekly.Start(end), Version: 1, Views: views},
		VideoID: video, PayeeName: creator, Published: &published, WindowEnd: end, SnapshotAt: &end,
	}
}

// TestSettleLocksOnceInOrder: a settle run locks the closed lines in its
// order, each after what the lines before it took (here a clip shared by
// two lines and the budget bind); a second run locks nothing again and
// changes no locked line; the budget alerts go out once per threshold.
func TestSettleLocksOnceInOrder(t *testing.T) {
	t.Parallel()
	ws, _, id := newCampaign(t, 100, 800, 0)
	scalar[int](t, `UPDATE users SET email_verified_at = now() WHERE id IN (SELECT user_id FROM workspace_members WHERE workspace_id = $1) RETURNING 1`, ws)
	end := campaignStart.Add(8 * 24 * time.Hour)
	var vids []uuid.UUID
	for i := range 4 {
		vids = append(vids, env.Video(t, ws, testenv.VideoOptions{PlatformID: uuid.NewString(), PublishedAt: end.Add(-payout.DefaultWindow + time.Duration(i)*time.Hour)}))
	}
	double := &ledgerDouble{}
	// 1 USD per 1,000 views: 5.00, then the same clip at 6.00 (1.00 more),
	// then 2.00 of 3.00 before the 8.00 budget is spent
	double.s.Closed = []payout.Closed{closed(vids[0], "clip-a", end, 5_000), closed(vids[1], "clip-a", end.Add(time.Hour), 6_000), closed(vids[2], "", end.Add(2*time.Hour), 3_000)}
	double.s.Closed[1].Hold, double.s.Closed[1].HoldDetail = domain.HoldBurst, "a burst"
	h := campaigns.SettlePayoutsHandler{DB: env.PG, Ledger: double, DashboardURL: "http://localhost", Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: fixedNow(end.Add(3 * time.Hour))}
	run, err := h.Settle(context.Background(), ws, id)
	if err != nil || run.Locked != 3 || run.Held != 1 || run.BudgetAlerts != 1 {
		t.Fatalf("first run: %+v, %v", run, err)
	}
	lines := func() []string {
		return scalar[[]string](t, `SELECT array_agg(concat_ws(' ', amount, bound, status) ORDER BY seq) FROM payout_lines WHERE collection_id = $1`, id)
	}
	want := []string{"500  locked", "100 cross_post held", "200 budget locked"}
	if got := lines(); !slices.Equal(got, want) {
		t.Fatalf("lines %q, want %q", got, want)
	}
	// a later run with the same closed lines, more views and one more line:
	// the stored lines stay, the new one finds the budget spent
	double.s.Closed[0].Views = 50_000
	double.s.Closed = append(double.s.Closed, closed(vids[3], "", end.Add(3*time.Hour), 1_000))
	double.s.Fell = []payout.Fall{{VideoID: vids[0], Latest: 4_000}}
	run, err = h.Settle(context.Background(), ws, id)
	if err != nil || run.Locked != 1 || run.Fell != 1 || run.BudgetAlerts != 0 {
		t.Fatalf("second run: %+v, %v", run, err)
	}
	want = []string{"500  held", "100 cross_post held", "200 budget locked", "0 budget locked"}
	if got := lines(); !slices.Equal(got, want) {
		t.Fatalf("lines %q, want %q", got, want)
	}
	if n := scalar[int64](t, `SELECT count(*) FROM mail_outbox WHERE workspace_id = $1 AND kind = $2`, ws, string(domain.MailAlert)); n != 1 {
		t.Errorf("%d budget e-mails", n)
	}
	// a raised budget starts the alerts again: 8.00 is 80 % of 10.00
	scalar[int](t, `UPDATE campaigns SET budget = 1000 WHERE collection_id = $1 RETURNING 1`, id)
	if run, err = h.Settle(context.Background(), ws, id); err != nil || run.BudgetAlerts != 1 {
		t.Fatalf("after the raise: %+v, %v", run, err)
	}
	// deleting the collection ends the campaign: a member may not, and is
	// told which campaign it is
	member := env.User(t, testenv.UserOptions{})
	env.Member(t, ws, member, domain.RoleMember)
	manage := collections.ManageCollectionHandler{DB: env.PG, Settle: h}
	err = manage.Delete(context.Background(), collections.DeleteCollection{WorkspaceID: ws, ActorID: member, ID: id})
	if apperr.KindOf(err) != apperr.KindForbidden || !strings.Contains(err.Error(), `"Clipping"`) || !strings.Contains(err.Error(), "USD 10.00") {
		t.Fatalf("a member deleting the campaign's collection: %v", err)
	}
	// an owner ends it: what the settlement still holds locks (an open
	// line held as the campaign ended), the ledger stays, the collection
	// leaves the lists
	open := env.Video(t, ws, testenv.VideoOptions{PlatformID: uuid.NewString(), PublishedAt: end})
	double.s.Fell = nil
	double.s.Closed = append(double.s.Closed, closed(open, "", end.Add(payout.DefaultWindow), 2_000))
	double.s.Closed[4].Hold = domain.HoldCampaignEnded
	owner := scalar[uuid.UUID](t, `SELECT user_id FROM workspace_members WHERE workspace_id = $1 AND role = 'owner'`, ws)
	if err := manage.Delete(context.Background(), collections.DeleteCollection{WorkspaceID: ws, ActorID: owner, ID: id}); err != nil {
		t.Fatalf("ending the campaign: %v", err)
	}
	want = append(want, "200  held")
	if got := lines(); !slices.Equal(got, want) {
		t.Fatalf("lines after the end %q, want %q", got, want)
	}
	if ended := scalar[bool](t, `SELECT ended_at IS NOT NULL AND ended_by = $2 FROM campaigns WHERE collection_id = $1`, id, owner); !ended {
		t.Error("the campaign is not ended")
	}
	if hidden := scalar[bool](t, `SELECT deleted_at IS NOT NULL FROM collections WHERE id = $1`, id); !hidden {
		t.Error("the collection is still listed")
	}
	if n := scalar[int64](t, `SELECT count(*) FROM activity_log WHERE workspace_id = $1 AND action = $2 AND target = 'Clipping'`, ws, string(domain.ActionCampaignEnded)); n != 1 {
		t.Errorf("%d campaign_ended entries", n)
	}
	if err := (collections.ManageCollectionHandler{DB: env.PG}).Delete(context.Background(), collections.DeleteCollection{WorkspaceID: ws, ID: id}); apperr.KindOf(err) != apperr.KindNotFound {
		t.Errorf("deleting it again: %v", err)
	}
}

// TestReviewPayouts: each action takes lines from its statuses only, all
// of them or none; a rejection needs a reason; members may not review; each
// review is logged.
func TestReviewPayouts(t *testing.T) {
	t.Parallel()
	ws, owner, id := newCampaign(t, 1000, 0, 0)
	member := env.User(t, testenv.UserOptions{})
	env.Member(t, ws, member, domain.RoleMember)
	end := campaignStart.Add(8 * 24 * time.Hour)
	double := &ledgerDouble{}
	var vids []uuid.UUID
	for i := range 3 {
		v := env.Video(t, ws, testenv.VideoOptions{PlatformID: uuid.NewString()})
		vids = append(vids, v)
		double.s.Closed = append(double.s.Closed, closed(v, "", end.Add(time.Duration(i)*time.Hour), 1_000))
	}
	double.s.Closed[2].Hold = domain.HoldViewsFell
	h := campaigns.SettlePayoutsHandler{DB: env.PG, Ledger: double, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: fixedNow(end.Add(3 * time.Hour))}
	if _, err := h.Settle(context.Background(), ws, id); err != nil {
		t.Fatal(err)
	}
	r := campaigns.ReviewPayoutsHandler{DB: env.PG, Now: time.Now}
	review := func(actor uuid.UUID, action campaigns.ReviewAction, reason string, ids ...uuid.UUID) error {
		_, err := r.Handle(context.Background(), campaigns.ReviewPayouts{WorkspaceID: ws, ActorID: actor, CollectionID: id, Action: action, VideoIDs: ids, Reason: reason})
		return err
	}
	statuses := func() []string {
		return scalar[[]string](t, `SELECT array_agg(status ORDER BY seq) FROM payout_lines WHERE collection_id = $1`, id)
	}
	for _, tc := range []struct {
		actor  uuid.UUID
		action campaigns.ReviewAction
		reason string
		ids    []uuid.UUID
		kind   apperr.Kind
	}{
		{member, campaigns.Approve, "", vids[:1], apperr.KindForbidden},
		{owner, "sign", "", vids[:1], apperr.KindInvalid},
		{owner, campaigns.Reject, " ", vids[:1], apperr.KindInvalid},
		{owner, campaigns.Approve, "why", vids[:1], apperr.KindInvalid},
		{owner, campaigns.Pay, "", vids[:1], apperr.KindConflict},
		{owner, campaigns.Clear, "", vids, apperr.KindConflict},
		{owner, campaigns.Approve, "", append(vids[:1:1], uuid.New()), apperr.KindNotFound},
	} {
		if err := review(tc.actor, tc.action, tc.reason, tc.ids...); apperr.KindOf(err) != tc.kind {
			t.Errorf("%s by %s: %v, want kind %v", tc.action, tc.actor, err, tc.kind)
		}
	}
	if got := statuses(); !slices.Equal(got, []string{"locked", "locked", "held"}) {
		t.Fatalf("refused reviews changed lines: %q", got)
	}
	for _, step := range []struct {
		action campaigns.ReviewAction
		reason string
		ids    []uuid.UUID
		want   []string
	}{
		{campaigns.Approve, "", vids[:2], []string{"approved", "approved", "held"}},
		{campaigns.Clear, "", vids[2:], []string{"approved", "approved", "locked"}},
		{campaigns.Reject, "duplicate of another clip", vids[1:], []string{"approved", "rejected", "rejected"}},
		{campaigns.Reopen, "", vids[2:], []string{"approved", "rejected", "locked"}},
		{campaigns.Pay, "", vids[:1], []string{"paid", "rejected", "locked"}},
	} {
		if err := review(owner, step.action, step.reason, step.ids...); err != nil {
			t.Fatalf("%s: %v", step.action, err)
		}
		if got := statuses(); !slices.Equal(got, step.want) {
			t.Fatalf("after %s: %q, want %q", step.action, got, step.want)
		}
	}
	if got := scalar[string](t, `SELECT reject_reason FROM payout_lines WHERE video_id = $1`, vids[1]); got != "duplicate of another clip" {
		t.Errorf("reject reason %q", got)
	}
	want := []string{"payouts_approved Clipping", "payouts_cleared Clipping", "payouts_rejected Clipping", "payouts_reopened Clipping", "payouts_paid Clipping"}
	if got := activities(t, ws); !slices.Equal(got[len(got)-5:], want) {
		t.Errorf("activity %q", got)
	}
}
