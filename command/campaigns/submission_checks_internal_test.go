package campaigns

import (
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
)

func checks(fails []Failure) []domain.SubmissionCheck {
	var out []domain.SubmissionCheck
	for _, f := range fails {
		out = append(out, f.Check)
	}
	return out
}

// TestCheckPost runs each check of a scraped submission on a post that
// passes every one but it, and the ones that end the checks.
func TestCheckPost(t *testing.T) {
	creator := uuid.New()
	start := time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC)
	published := start.Add(48 * time.Hour)
	good := func() post {
		return post{
			creator: creator, scraped: true, status: domain.ItemActive, accountCreator: &creator, verified: true,
			authorHandle: "maya", kind: domain.KindOwn, published: &published, startsAt: start,
			caption: "Day 3 of the launch #LaunchWeek with @Acme. #ootd", soundID: "7301", soundName: "Espresso",
			rules: domain.SubmissionRules{Hashtags: []string{"launchweek"}, Mentions: []string{"acme"}, Sound: "espresso"},
		}
	}
	if f := checkPost(good()); len(f) != 0 {
		t.Fatalf("a post passing every check failed %+v", f)
	}
	other := uuid.New()
	end := start.Add(24 * time.Hour)
	before := start.Add(-time.Hour)
	for _, c := range []struct {
		name   string
		change func(*post)
		want   []domain.SubmissionCheck
	}{
		{"not found", func(p *post) { p.scraped, p.status, p.statusReason = false, domain.ItemError, "no data" }, []domain.SubmissionCheck{domain.CheckNotFound}},
		{"tracking ended", func(p *post) { p.status = domain.ItemRemoved }, []domain.SubmissionCheck{domain.CheckNotFound}},
		{"counted already", func(p *post) { p.counted = true }, []domain.SubmissionCheck{domain.CheckDuplicate}},
		{"in another collection", func(p *post) { p.elsewhere = true }, []domain.SubmissionCheck{domain.CheckDuplicate}},
		{"another creator's account", func(p *post) { p.accountCreator = &other }, []domain.SubmissionCheck{domain.CheckNotTheirs}},
		{"an untracked author", func(p *post) { p.accountCreator = nil }, []domain.SubmissionCheck{domain.CheckNotTheirs}},
		{"a repost", func(p *post) { p.kind = domain.KindRepost }, []domain.SubmissionCheck{domain.CheckNotTheirs}},
		{"unverified", func(p *post) { p.verified = false }, []domain.SubmissionCheck{domain.CheckUnverified}},
		{"before the campaign", func(p *post) { p.published = &before }, []domain.SubmissionCheck{domain.CheckDates}},
		{"after its end", func(p *post) { p.endsAt = &end }, []domain.SubmissionCheck{domain.CheckDates}},
		{"publish time unknown", func(p *post) { p.published = nil }, []domain.SubmissionCheck{domain.CheckDates}},
		{"hashtag in another word", func(p *post) { p.caption = "#LaunchWeekend with @acme" }, []domain.SubmissionCheck{domain.CheckHashtag}},
		{"mention of another account", func(p *post) { p.caption = "#launchweek with @acmecorp" }, []domain.SubmissionCheck{domain.CheckMention}},
		{"mention ending a sentence", func(p *post) { p.caption = "#launchweek, thanks @ACME." }, nil},
		{"another sound", func(p *post) { p.soundID, p.soundName = "99", "original sound - maya" }, []domain.SubmissionCheck{domain.CheckSound}},
		{"no sound named", func(p *post) { p.soundID, p.soundName = "", "" }, []domain.SubmissionCheck{domain.CheckSound}},
		{"the sound by id", func(p *post) { p.rules.Sound = "7301" }, nil},
		{"every check of the caption", func(p *post) { p.caption = "" }, []domain.SubmissionCheck{domain.CheckHashtag, domain.CheckMention}},
	} {
		p := good()
		c.change(&p)
		if got := checks(checkPost(p)); !slices.Equal(got, c.want) {
			t.Errorf("%s: failed %v, want %v (%+v)", c.name, got, c.want, checkPost(p))
		}
	}
	if !finalFailure([]Failure{{domain.CheckHashtag, ""}, {domain.CheckNotFound, ""}}) || finalFailure([]Failure{{domain.CheckUnverified, ""}, {domain.CheckSound, ""}}) {
		t.Error("final failures: not found, duplicate and platform only")
	}
}

// TestValidateSubmissionRules normalises what a campaign requires and
// refuses what a caption cannot carry.
func TestValidateSubmissionRules(t *testing.T) {
	r := domain.SubmissionRules{Hashtags: []string{" #LaunchWeek", "launchweek", "ootd"}, Mentions: []string{"@Acme.", "acme"},
		Sound: "https://www.tiktok.com/music/Espresso-7350510113936377633"}
	if err := validateSubmissionRules(&r); err != nil {
		t.Fatal(err)
	}
	if r.Mode != domain.SubmissionsClosed || !slices.Equal(r.Hashtags, []string{"launchweek", "ootd"}) || !slices.Equal(r.Mentions, []string{"acme"}) || r.Sound != "7350510113936377633" {
		t.Fatalf("normalised %+v", r)
	}
	ig := domain.SubmissionRules{Mode: domain.SubmissionsAuto, Sound: "https://www.instagram.com/reels/audio/1029384756123/"}
	if err := validateSubmissionRules(&ig); err != nil || ig.Sound != "1029384756123" {
		t.Fatalf("an Instagram audio's link: %q %v", ig.Sound, err)
	}
	for _, bad := range []domain.SubmissionRules{
		{Mode: "sometimes"},
		{Hashtags: []string{"two words"}},
		{Hashtags: []string{"#"}},
		{Mentions: []string{"a/b"}},
		{Sound: "https://example.com/song"},
		{Hashtags: []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"}},
	} {
		if err := validateSubmissionRules(&bad); err == nil {
			t.Errorf("%+v was taken", bad)
		}
	}
}
