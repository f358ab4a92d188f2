package payout

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/platform"
)

func TestVersionAt(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2026, 11, d, 0, 0, 0, 0, time.UTC) }
	vs := []Version{{Number: 1, Created: day(2)}, {Number: 2, Created: day(10)}, {Number: 3, Created: day(20)}}
	for _, tc := range []struct {
		at   time.Time
		want int
	}{{day(1), 1}, {day(2), 1}, {day(9), 1}, {day(10), 2}, {day(19), 2}, {day(25), 3}} {
		if got := VersionAt(vs, tc.at).Number; got != tc.want {
			t.Errorf("VersionAt(%s) = %d, want %d", tc.at.Format(time.DateOnly), got, tc.want)
		}
	}
}

func TestClips(t *testing.T) {
	at := func(h int) time.Time { return time.Date(2026, 11, 2, h, 0, 0, 0, time.UTC) }
	caption := "Morning routine that changed my life #fyp"
	posts := []Post{
		{ID: uuid.New(), Payee: "ana", Platform: "tiktok", Caption: caption, Published: at(1)},
		{ID: uuid.New(), Payee: "ana", Platform: "instagram", Caption: "morning routine, that changed my LIFE! #reels", Published: at(2)},
		{ID: uuid.New(), Payee: "ana", Platform: "youtube", Caption: caption, Published: at(3)},
		// the same caption again on TikTok: a second clip, paired with the
		// second Instagram post of it
		{ID: uuid.New(), Payee: "ana", Platform: "tiktok", Caption: caption, Published: at(4)},
		{ID: uuid.New(), Payee: "ana", Platform: "instagram", Caption: caption, Published: at(5)},
		// another payee's copy is not ana's clip
		{ID: uuid.New(), Payee: "bo", Platform: "instagram", Caption: caption, Published: at(1)},
		// too short to say what the clip is
		{ID: uuid.New(), Payee: "ana", Platform: "x", Caption: "part 2 🔥", Published: at(1)},
		{ID: uuid.New(), Payee: "ana", Platform: "youtube", Caption: "part 2 🔥", Published: at(1)},
	}
	got := Clips(posts)
	if got[0] == "" || got[0] != got[1] || got[0] != got[2] {
		t.Errorf("the first posts on three platforms are not one clip: %q", got[:3])
	}
	if got[3] == "" || got[3] == got[0] || got[3] != got[4] {
		t.Errorf("the second TikTok and Instagram posts: %q %q (first clip %q)", got[3], got[4], got[0])
	}
	if got[5] == "" || got[5] == got[0] {
		t.Errorf("another payee's post shares ana's clip: %q", got[5])
	}
	if got[6] != "" || got[7] != "" {
		t.Errorf("short captions marked a clip: %q %q", got[6], got[7])
	}
	// a clip's name gives back its payee and caption
	for i, name := range got {
		payee, c, ok := ClipOf(name)
		if want := ClipCaption(posts[i].Caption); ok != (want != "") || ok && (payee != posts[i].Payee || c != want) {
			t.Errorf("ClipOf(%q) = %q, %q, %v; want %q, %q", name, payee, c, ok, posts[i].Payee, want)
		}
	}
	// a post added later, on a platform of its own, does not change the
	// clips of the others
	more := append(posts, Post{ID: uuid.New(), Payee: "ana", Platform: "x", Caption: caption, Published: at(6)})
	again := Clips(more)
	for i := range posts {
		if again[i] != got[i] {
			t.Errorf("post %d: clip %q became %q", i, got[i], again[i])
		}
	}
	if again[len(posts)] != got[0] {
		t.Errorf("the first X post of the caption: clip %q, want %q", again[len(posts)], got[0])
	}
	// captions reduced beforehand (as a campaign's locked lines keep them)
	// give the same clips
	reduced := slices.Clone(more)
	for i := range reduced {
		if i%2 == 0 {
			reduced[i].Caption, reduced[i].Reduced = ClipCaption(reduced[i].Caption), true
		}
	}
	if r := Clips(reduced); !slices.Equal(r, again) {
		t.Errorf("with reduced captions: %q, want %q", r, again)
	}
}

func TestBurst(t *testing.T) {
	history := []Engagement{{20_000, 1_000, 100}, {30_000, 1_500, 200}, {25_000, 1_200, 90}, {0, 0, 0}}
	if held, why := Burst(Engagement{600_000, 1_000, 50}, history); !held || !strings.Contains(why, "median") {
		t.Errorf("600,000 views with 0.2%% engagement against a median of 25,000 at 5%%: held %v (%q)", held, why)
	}
	if held, _ := Burst(Engagement{600_000, 30_000, 2_000}, history); held {
		t.Error("a hit whose likes and comments came with its views was held")
	}
	if held, _ := Burst(Engagement{200_000, 100, 10}, history); held {
		t.Error("8× the median was held")
	}
	if held, _ := Burst(Engagement{600_000, 10, 1}, history[:2]); held {
		t.Error("held with only two other videos to compare with")
	}
}

func TestViewsFell(t *testing.T) {
	for _, tc := range []struct {
		locked, latest int64
		want           bool
	}{{10_000, 10_000, false}, {10_000, 12_000, false}, {10_000, 9_901, false}, {10_000, 9_900, true}, {10_000, 0, true}} {
		if got := ViewsFell(tc.locked, tc.latest); got != tc.want {
			t.Errorf("ViewsFell(%d, %d) = %v", tc.locked, tc.latest, got)
		}
	}
}

func TestProgress(t *testing.T) {
	start := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	end := Weekly.Next(start)
	mid := start.Add(end.Sub(start) / 2)
	for _, tc := range []struct {
		goal, posted int
		now          time.Time
		want         GoalStatus
	}{
		{4, 2, mid, OnTrack},
		{4, 1, mid, Behind},
		{4, 0, mid, AtRisk},
		{10, 0, mid, AtRisk},
		{4, 0, end.Add(-time.Hour), AtRisk},
		{4, 4, start, OnTrack},
		{4, 0, start, OnTrack},
	} {
		if got := Progress(tc.goal, tc.posted, start, end, tc.now); got.Status != tc.want {
			t.Errorf("goal %d, posted %d at %s: %s, want %s", tc.goal, tc.posted, tc.now, got.Status, tc.want)
		}
	}
	last := time.Date(2026, 11, 3, 12, 0, 0, 0, time.UTC) // in the week of 2 November
	if StoppedPosting(Weekly, last, time.Date(2026, 11, 15, 23, 0, 0, 0, time.UTC)) {
		t.Error("stopped posting within the week after the last post's")
	}
	if !StoppedPosting(Weekly, last, time.Date(2026, 11, 16, 0, 0, 0, 0, time.UTC)) {
		t.Error("a whole week without a post is not stopped posting")
	}
}

// TestFreshWithin: a 7-day window's last snapshot may be 12 hours old, a
// short window's never more than 6.
func TestFreshWithin(t *testing.T) {
	for _, c := range []struct{ window, want time.Duration }{
		{168 * time.Hour, 12 * time.Hour},
		{24 * time.Hour, 6 * time.Hour},
		{720 * time.Hour, 720 * time.Hour / 14},
	} {
		if got := FreshWithin(c.window); got != c.want {
			t.Errorf("FreshWithin(%s) = %s, want %s", c.window, got, c.want)
		}
	}
}

// TestClipsOfPostsAtOneTime: posts published at the same moment are
// numbered in the order of their ids' text, as the ledger stores them, so
// a clip's number does not depend on the order the posts are read in.
func TestClipsOfPostsAtOneTime(t *testing.T) {
	at := time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)
	caption := "Morning routine that changed my life #fyp"
	var posts []Post
	for range 40 {
		posts = append(posts, Post{ID: uuid.New(), Payee: "ana", Platform: "tiktok", Caption: caption, Published: at})
	}
	got := Clips(posts)
	byText := slices.Clone(posts)
	slices.SortFunc(byText, func(a, b Post) int { return strings.Compare(a.ID.String(), b.ID.String()) })
	for n, p := range byText {
		i := slices.IndexFunc(posts, func(q Post) bool { return q.ID == p.ID })
		if want := fmt.Sprintf("ana|%d|morning routine that changed my life", n+1); got[i] != want {
			t.Errorf("post %s, %d-th by its id's text: clip %q, want %q", p.ID, n+1, got[i], want)
		}
	}
	slices.Reverse(posts)
	again := Clips(posts)
	for i := range posts {
		if again[i] != got[len(posts)-1-i] {
			t.Errorf("read in reverse, post %s: clip %q, was %q", posts[i].ID, again[i], got[len(posts)-1-i])
		}
	}
}

// TestClipIndexNamesAsClipsOverAll: the clips of posts named against an
// index of known posts (a campaign's locked lines) are the clips Clips
// names over the known posts and these together, whatever the split: ties
// in time, captions that are too short, no payee, several platforms.
func TestClipIndexNamesAsClipsOverAll(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 44))
	start := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	captions := []string{"Morning routine that changed my life #fyp", "morning ROUTINE that changed my life!!",
		"Five pasta recipes under ten minutes", "short one", "", "#only #tags #here @someone"}
	payees := []string{"creator:a", "creator:b", "account:c", ""}
	platforms := []platform.Platform{"tiktok", "instagram", "youtube"}
	for round := range 50 {
		n := 1 + rng.IntN(300)
		posts := make([]Post, n)
		for i := range posts {
			posts[i] = Post{ID: uuid.New(), Payee: payees[rng.IntN(len(payees))], Platform: platforms[rng.IntN(len(platforms))],
				Caption: captions[rng.IntN(len(captions))], Published: start.Add(time.Duration(rng.IntN(40)) * time.Hour)}
		}
		want := Clips(posts)
		var known, rest []Post
		var restAt []int
		for i, p := range posts {
			if rng.IntN(3) > 0 {
				p.Caption, p.Reduced = ClipCaption(p.Caption), true
				known = append(known, p)
				continue
			}
			rest = append(rest, p)
			restAt = append(restAt, i)
		}
		got := NewClipIndex(known).Clips(rest)
		for j, i := range restAt {
			if got[j] != want[i] {
				t.Fatalf("round %d, post %d of %d (%d known): clip %q, Clips over all %q", round, i, n, len(known), got[j], want[i])
			}
		}
		// the known posts indexed in two steps name the same clips, and
		// the first step's index is left as it was
		split := rng.IntN(len(known) + 1)
		first := NewClipIndex(known[:split])
		before := first.Clips(rest)
		both := first.With(known[split:])
		for j, i := range restAt {
			if c := both.Clips(rest)[j]; c != want[i] {
				t.Fatalf("round %d, post %d: clip %q after indexing %d then %d known posts, Clips over all %q", round, i, c, split, len(known)-split, want[i])
			}
		}
		if after := first.Clips(rest); !slices.Equal(after, before) {
			t.Fatalf("round %d: indexing more posts changed the index they were added to", round)
		}
	}
}
