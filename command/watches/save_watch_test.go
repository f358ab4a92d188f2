package watches

import (
	"testing"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// TestNormalTerm: a hashtag and a handle lose their sign and case, a
// sound's link becomes its id, a search keeps single spaces; anything else
// is refused.
func TestNormalTerm(t *testing.T) {
	for _, c := range []struct {
		kind     domain.WatchKind
		in, want string
	}{
		{domain.WatchHashtag, " #GlowLab ", "glowlab"},
		{domain.WatchMention, "@Glow.Lab.", "glow.lab"},
		{domain.WatchSound, "https://www.tiktok.com/music/Oh-No-Instrumental-6889520563052645121?lang=en", "6889520563052645121"},
		{domain.WatchSound, "6889520563052645121", "6889520563052645121"},
		{domain.WatchSearch, "  morning   routine ", "morning routine"},
	} {
		got, err := NormalTerm(c.kind, c.in)
		if err != nil || got != c.want {
			t.Errorf("%s %q: %q, %v; want %q", c.kind, c.in, got, err, c.want)
		}
	}
	for _, c := range []struct {
		kind domain.WatchKind
		in   string
	}{
		{domain.WatchHashtag, "two words"}, {domain.WatchHashtag, "#"}, {domain.WatchMention, "@a b"},
		{domain.WatchSound, "Espresso"}, {domain.WatchSound, "https://www.tiktok.com/@someone"}, {domain.WatchSearch, "   "},
		{"colour", "x"},
	} {
		if got, err := NormalTerm(c.kind, c.in); err == nil {
			t.Errorf("%s %q was taken as %q", c.kind, c.in, got)
		}
	}
}
