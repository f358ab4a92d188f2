package campaigns

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// The most hashtags and mentions a campaign requires, and the longest
// sound name.
const (
	maxRequired  = 10
	maxSoundName = 200
)

// validateSubmissionRules checks and normalises what a campaign requires
// of submitted posts: hashtags without '#', mentions without '@', both
// lower-case and without repeats; a sound's link becomes its id.
func validateSubmissionRules(r *domain.SubmissionRules) error {
	var errs []error
	if r.Mode == "" {
		r.Mode = domain.SubmissionsClosed
	}
	if !slices.Contains(domain.SubmissionsModes, r.Mode) {
		errs = append(errs, apperr.Invalid("submissions", "one of closed, review, auto"))
	}
	var err error
	if r.Hashtags, err = requiredWords(r.Hashtags, "#", domain.HashtagWord, "requiredHashtags", "letters, digits and _"); err != nil {
		errs = append(errs, err)
	}
	if r.Mentions, err = requiredWords(r.Mentions, "@", domain.MentionWord, "requiredMentions", "letters, digits, _ and ."); err != nil {
		errs = append(errs, err)
	}
	r.Sound = strings.TrimSpace(r.Sound)
	if u, perr := url.Parse(r.Sound); perr == nil && u.Host != "" {
		id, ok := domain.SoundOfLink(u.Path)
		if !ok {
			errs = append(errs, apperr.Invalid("requiredSound", "a TikTok sound's link (/music/…), an Instagram audio's link (/reels/audio/…), a sound's id or its name"))
		} else {
			r.Sound = id
		}
	}
	if utf8.RuneCountInString(r.Sound) > maxSoundName {
		errs = append(errs, apperr.Invalid("requiredSound", fmt.Sprintf("at most %d characters", maxSoundName)))
	}
	return errors.Join(errs...)
}

func requiredWords(words []string, sign string, valid *regexp.Regexp, field, allowed string) ([]string, error) {
	out := make([]string, 0, len(words))
	for _, w := range words {
		w = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(w), sign))
		if field == "requiredMentions" {
			w = strings.TrimRight(w, ".")
		}
		if !valid.MatchString(w) {
			return nil, apperr.Invalid(field, fmt.Sprintf("%q is not a word of %s", w, allowed))
		}
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	if len(out) > maxRequired {
		return nil, apperr.Invalid(field, fmt.Sprintf("at most %d", maxRequired))
	}
	return out, nil
}
