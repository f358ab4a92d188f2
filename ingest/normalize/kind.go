package normalize

import (
	"slices"
	"strings"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// KindFor is what the video is to the account identified by accountKeys.
// A video by another known author is a collab when the account is a
// coauthor, a repost when the account is not the reposted author, else
// another author's post; any other video is what its flags say.
func (v Video) KindFor(accountKeys ...string) domain.PostKind {
	if slices.ContainsFunc(accountKeys, isKey) && v.authorKnown() {
		if !v.byAccount(accountKeys) {
			switch {
			case anyKeyIn(accountKeys, v.Coauthors):
				return domain.KindCollab
			case v.Repost && !anyKeyIn(accountKeys, []string{v.RelatedHandle}):
				return domain.KindRepost
			}
			return domain.KindOtherAuthor
		}
		if v.showsReposted() {
			return domain.KindOwn
		}
	}
	switch {
	case v.Repost:
		return domain.KindRepost
	case v.Quote:
		return domain.KindQuote
	case v.Reply:
		return domain.KindReply
	}
	return domain.KindOwn
}

// showsReposted reports a TikTok-style repost, shown as the reposted post.
func (v Video) showsReposted() bool {
	return v.Repost && sameKey(v.RelatedHandle, v.AuthorHandle)
}

func isKey(k string) bool { return strings.TrimSpace(k) != "" }

func (v Video) authorKnown() bool { return v.AuthorHandle != "" || len(v.AuthorKeys) > 0 }

func (v Video) byAccount(keys []string) bool {
	return anyKeyIn(keys, []string{v.AuthorHandle}) || anyKeyIn(keys, v.AuthorKeys)
}

func anyKeyIn(keys, list []string) bool {
	for _, k := range keys {
		for _, l := range list {
			if sameKey(k, l) {
				return true
			}
		}
	}
	return false
}

// sameKey compares identity keys as handles; YouTube channel ids keep their
// case, as ids differing in case are different channels.
func sameKey(a, b string) bool {
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	switch {
	case a == "" || b == "":
		return false
	case a == b:
		return true
	case youTubeChannelID(a) != "" || youTubeChannelID(b) != "":
		return false
	}
	return asciiLower(strings.TrimPrefix(a, "@")) == asciiLower(strings.TrimPrefix(b, "@"))
}

// asciiLower lower-cases ASCII letters only, as normHandle does: Unicode
// case folding would equate look-alikes such as the Kelvin sign and 'k'.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
