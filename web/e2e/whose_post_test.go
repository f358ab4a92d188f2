package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// pgExec runs a statement on the package's PostgreSQL database, failing the
// test on an error.
func pgExec(t *testing.T, sql string, args ...any) {
	t.Helper()
	if _, err := env.PG.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

// dataChanged marks the workspace's data as changed, as every write of the
// service does, so no cached answer predates rows a test wrote itself.
func dataChanged(t *testing.T, ws uuid.UUID) {
	t.Helper()
	pgExec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, ws)
}

// teammate records a verified user with the test's password, a member of
// the workspace with the role, and answers their e-mail.
func teammate(t *testing.T, ws uuid.UUID, name string, role domain.Role) string {
	t.Helper()
	p, err := auth.NewPasswords(4)
	if err != nil {
		t.Fatal(err)
	}
	hash, err := p.Hash(password)
	if err != nil {
		t.Fatal(err)
	}
	email := fmt.Sprintf("%s-%d@example.com", name, time.Now().UnixNano())
	env.Member(t, ws, env.User(t, testenv.UserOptions{Email: email, Verified: true, PasswordHash: hash}), role)
	return email
}

// textOf polls until the element's text holds want, and answers it.
func textOf(t *testing.T, ctx context.Context, what, sel, want string) string {
	t.Helper()
	var got string
	eventually(t, what, time.Minute, func() bool {
		return chromedp.Run(ctx, chromedp.Evaluate(fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || ''`, sel), &got)) == nil &&
			strings.Contains(got, want)
	})
	return got
}

// absent polls until no element matches the selector.
func absent(t *testing.T, ctx context.Context, what, sel string) {
	t.Helper()
	eventually(t, what, time.Minute, func() bool {
		var n int
		return chromedp.Run(ctx, chromedp.Evaluate(fmt.Sprintf(`document.querySelectorAll(%q).length`, sel), &n)) == nil && n == 0
	})
}

// TestVideosKindFilter: an account's feed listed its own post and a repost
// of someone else's. The Videos page counts only the own post; its Kind
// filter (kept in the address) lists the repost under its badge, the
// video page says what it is, the account page counts it apart, and the
// Export page takes the same filter.
func TestVideosKindFilter(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, _, cookie := signedUp(t, 1440, 900, "kinds")
	ws := uuid.MustParse(s.workspace(cookie).ID)
	now := time.Now().UTC()
	acc := env.Account(t, ws, testenv.AccountOptions{Handle: "kinds.creator", Status: domain.ItemActive, LastScrapedAt: now})
	own := env.Video(t, ws, testenv.VideoOptions{AccountID: acc, AccountHandle: "kinds.creator", Status: domain.ItemActive,
		Caption: "Morning routine, part one", PublishedAt: now.Add(-5 * time.Hour), LastScrapedAt: now})
	repost := env.Video(t, ws, testenv.VideoOptions{AccountID: acc, AccountHandle: "kinds.creator", Status: domain.ItemActive,
		Caption: "A dance they shared", PublishedAt: now.Add(-3 * time.Hour), LastScrapedAt: now})
	pgExec(t, `UPDATE videos SET post_kind = 'repost', related_handle = 'someone' WHERE id = $1`, repost)
	dataChanged(t, ws)

	ownRow := fmt.Sprintf(`tr[data-testid=row][data-id="%s"]`, own)
	repostRow := fmt.Sprintf(`tr[data-testid=row][data-id="%s"]`, repost)
	var total string
	do(t, ctx, "the counted videos",
		chromedp.Navigate(s.base+"/videos"),
		waitVisible(ownRow),
		readAttribute(`[data-testid=videos-total]`, "data-value", &total, nil),
	)
	absent(t, ctx, "the repost left out of the counted videos", repostRow)
	if total != "1" {
		t.Errorf("the counted videos are %s, want the own post alone", total)
	}

	do(t, ctx, "choose the reposts",
		setValue(`select[name=kind]`, "repost"),
		waitVisible(repostRow+` [data-testid=post-kind][data-kind=repost]`),
	)
	waitLocation(t, ctx, "kind=repost")
	absent(t, ctx, "the own post left out of the reposts", ownRow)
	if got := textOf(t, ctx, "the repost's badge", repostRow+` [data-testid=post-kind]`, "Repost of @someone"); got != "Repost of @someone" {
		t.Errorf("the repost's badge reads %q", got)
	}
	// the address keeps the filter
	var chosen string
	do(t, ctx, "reload the reposts",
		chromedp.Reload(),
		waitVisible(repostRow),
		readValue(`select[name=kind]`, &chosen),
	)
	if chosen != "repost" {
		t.Errorf("after a reload the Kind filter is %q", chosen)
	}
	labelled(t, ctx)

	// The video page says what the post is.
	do(t, ctx, "the repost's page",
		click(repostRow+` a.caption`),
		waitVisible(`dd[data-testid=post-kind][data-kind=repost]`),
	)
	textOf(t, ctx, "the repost explained", `dd[data-testid=post-kind]`, "A repost of a post by @someone: kept and shown, never counted or paid.")

	// The account counts it apart.
	do(t, ctx, "the account page",
		chromedp.Navigate(s.base+"/accounts/"+acc.String()),
		waitVisible(`[data-testid=not-own][data-value="1"]`),
		waitVisible(`table[data-testid=account-videos-table] tr[data-id="`+repost.String()+`"] [data-testid=post-kind]`),
	)
	textOf(t, ctx, "the account's posts not its own", `[data-testid=not-own]`, "1 post not theirs (reposts, replies…), not counted")

	// The Export page takes the same filter, for the videos file.
	var href string
	do(t, ctx, "export the reposts",
		chromedp.Navigate(s.base+"/export?kind=repost"),
		waitVisible(`[data-testid=export-videos-count][data-value="1"]`),
		readAttribute(`[data-testid=export-videos]`, "href", &href, nil),
	)
	if !strings.Contains(href, "kind=repost") {
		t.Errorf("the videos file's link is %q, want the kind in it", href)
	}
}

// TestEndCampaignFromCollections: a member who opens the delete of a
// campaign's collection reads what it would end and why they cannot, with
// no button to do it; the owner ends it from the same dialog, the
// collection leaves the list and the campaign shows as ended, its ledger
// read-only.
func TestEndCampaignFromCollections(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, owner, cookie := signedUp(t, 1440, 900, "ending")
	ws := uuid.MustParse(s.workspace(cookie).ID)
	colID := s.newCollection(cookie, "Autumn drop")
	col := uuid.MustParse(colID)
	now := time.Now().UTC()
	for i, age := range []time.Duration{20 * 24 * time.Hour, 2 * time.Hour} {
		env.Video(t, ws, testenv.VideoOptions{AccountHandle: fmt.Sprintf("autumn.clips%d", i), CollectionID: &col, Status: domain.ItemActive,
			Caption: fmt.Sprintf("Autumn look %d", i+1), PublishedAt: now.Add(-age), LastScrapedAt: now})
	}
	dataChanged(t, ws)
	s.create(cookie, "/campaigns", `{"collectionId":"`+colID+`","currency":"EUR","startsAt":"2023-01-01T00:00:00Z","budget":250000,"period":"monthly",
		"rules":{"tiers":[{"fromViews":0,"cpm":150}],"windowHours":168}}`, nil)
	member := teammate(t, ws, "ending-member", domain.RoleMember)

	row := `tr[data-testid=row][data-id="` + colID + `"]`
	deleteButton := row + ` button[aria-label="Delete Autumn drop"]`
	do(t, ctx, "the owner's collections", chromedp.Navigate(s.base+"/collections"), waitVisible(row+` [data-testid=campaign]`))
	logOut(t, ctx)
	logIn(t, ctx, s.base, member, password)

	// The member: what deleting would end, and why they cannot.
	var budget string
	do(t, ctx, "the member opens the delete",
		chromedp.Navigate(s.base+"/collections"),
		waitVisible(deleteButton),
		click(deleteButton),
		waitVisible(`[data-testid=end-campaign] [data-testid=end-refused]`),
		waitVisible(`[data-testid=end-campaign] [data-testid=end-budget]`),
		readAttribute(`[data-testid=end-campaign] [data-testid=end-budget]`, "data-value", &budget, nil),
	)
	if budget != "250000" {
		t.Errorf("the dialog's budget is %q minor units, want 250000", budget)
	}
	refused := textOf(t, ctx, "the member told why not", `[data-testid=end-refused]`, "Only owners and admins can end a campaign")
	if !strings.Contains(refused, "Ask one of them") {
		t.Errorf("the member is told %q", refused)
	}
	textOf(t, ctx, "the dialog names the campaign", `[data-testid=end-campaign]`, "This collection is the campaign Autumn drop")
	textOf(t, ctx, "the dialog keeps the ledger", `[data-testid=end-campaign]`, "read-only")
	var buttons int
	do(t, ctx, "the member's buttons",
		chromedp.Evaluate(`document.querySelectorAll('[data-testid=end-campaign] [data-testid=end-confirm], [data-testid=end-campaign] button.danger').length`, &buttons),
	)
	if buttons != 0 {
		t.Errorf("the member's dialog has %d buttons that would end the campaign", buttons)
	}
	labelled(t, ctx)
	do(t, ctx, "close the dialog",
		click(`//dialog[@data-testid="end-campaign"]//button[normalize-space()="Close"]`, chromedp.BySearch),
	)
	absent(t, ctx, "the dialog closed", `[data-testid=end-campaign]`)
	var c struct {
		Campaign struct {
			EndedAt *string `json:"endedAt"`
		} `json:"campaign"`
	}
	// (the owner's session ended with the log-out: the member's reads)
	s.api(sessionCookie(t, ctx, s.base), "GET", "/campaigns/"+colID, &c)
	if c.Campaign.EndedAt != nil {
		t.Fatalf("the member's look ended the campaign at %s", *c.Campaign.EndedAt)
	}

	// The owner ends it.
	logOut(t, ctx)
	logIn(t, ctx, s.base, owner, password)
	var confirm string
	do(t, ctx, "the owner ends the campaign",
		chromedp.Navigate(s.base+"/collections"),
		waitVisible(deleteButton),
		click(deleteButton),
		waitVisible(`[data-testid=end-campaign] [data-testid=end-budget]`),
		waitEnabled(`[data-testid=end-confirm]`),
		readText(`[data-testid=end-confirm]`, &confirm),
		click(`[data-testid=end-confirm]`),
		waitVisible(`[data-testid=campaign-ended]`),
	)
	if confirm != "End the campaign and delete the collection" {
		t.Errorf("the owner's button says %q", confirm)
	}
	absent(t, ctx, "the collection gone from the list", row)
	s.api(sessionCookie(t, ctx, s.base), "GET", "/campaigns/"+colID, &c)
	if c.Campaign.EndedAt == nil {
		t.Fatal("the campaign has no endedAt after the owner ended it")
	}
	var settings, changeRules bool
	do(t, ctx, "the ended campaign",
		click(`//p[@data-testid="campaign-ended"]//a[normalize-space()="open the campaign"]`, chromedp.BySearch),
		waitVisible(`[data-testid=ended-banner] [data-testid=ended]`),
		waitVisible(`table[data-testid=ledger]`),
		chromedp.Evaluate(`!!document.querySelector('form[aria-label="Campaign settings"]')`, &settings),
		chromedp.Evaluate(`!!document.querySelector('[data-testid=change-rules]')`, &changeRules),
	)
	if settings || changeRules {
		t.Errorf("the ended campaign still offers its settings (%v) or a change of its rules (%v)", settings, changeRules)
	}
	textOf(t, ctx, "the banner says the ledger is read-only", `[data-testid=ended-banner]`, "Its ledger is kept, read-only")
	do(t, ctx, "the campaigns list",
		chromedp.Navigate(s.base+"/campaigns"),
		waitVisible(`tr[data-testid=row][data-id="`+colID+`"][data-ended=true] [data-testid=ended]`),
	)
}

// TestChooseVideoPayee: a video tracked by its own link, of no tracked
// account, is paid to the video itself; the owner chooses a creator for
// it in the ledger and its line pays that creator.
func TestChooseVideoPayee(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, _, cookie := signedUp(t, 1440, 900, "payee")
	ws := uuid.MustParse(s.workspace(cookie).ID)
	colID := s.newCollection(cookie, "Street clips")
	col := uuid.MustParse(colID)
	now := time.Now().UTC()
	video := env.Video(t, ws, testenv.VideoOptions{AccountHandle: "solo.clipper", CollectionID: &col, Status: domain.ItemActive,
		Caption: "Street interview, the long cut", PublishedAt: now.Add(-3 * time.Hour), LastScrapedAt: now})
	dataChanged(t, ws)
	var creator struct {
		ID string `json:"id"`
	}
	s.create(cookie, "/creators", `{"name":"Noor Haddad","email":"noor@example.com"}`, &creator)
	s.create(cookie, "/campaigns", `{"collectionId":"`+colID+`","currency":"USD","startsAt":"2023-01-01T00:00:00Z","period":"monthly",
		"rules":{"tiers":[{"fromViews":0,"cpm":200}],"windowHours":168}}`, nil)
	payeeOf := func() campaignLine {
		for _, l := range s.lines(cookie, colID, "").Lines {
			if l.VideoID == video.String() {
				return l
			}
		}
		t.Fatalf("the ledger has no line of the video %s", video)
		return campaignLine{}
	}
	if l := payeeOf(); l.Payee.Kind != "video" || l.Status != "projected" {
		t.Fatalf("the video's line is %s, paid to a %s, want a projected line paid to the video", l.Status, l.Payee.Kind)
	}

	line := `tr[data-testid=line][data-id="` + video.String() + `"]`
	pick := line + ` select[name=payee-creator]`
	do(t, ctx, "choose the payee",
		chromedp.Navigate(s.base+"/campaigns/"+colID),
		waitVisible(pick),
		waitEnabled(pick),
		waitReady(pick+` option[value="`+creator.ID+`"]`),
	)
	labelled(t, ctx)
	do(t, ctx, "pick the creator", setValue(pick, creator.ID))
	textOf(t, ctx, "the line paid to the creator", line+` td:nth-child(3)`, "Noor Haddad")
	eventually(t, "the line's payee the creator", time.Minute, func() bool {
		l := payeeOf()
		return l.Payee.Kind == "creator" && l.Payee.ID == creator.ID
	})
	// the line is drawn again with the new ledger: its control, once there, shows the choice
	var chosen string
	eventually(t, "the choice shown in the control", time.Minute, func() bool {
		err := chromedp.Run(ctx, chromedp.Evaluate(fmt.Sprintf(`(document.querySelector(%q) || {}).value || ''`, pick), &chosen))
		return err == nil && chosen == creator.ID
	})
}
