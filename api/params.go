package api

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
)

// The query parameters of the list, overview, analytics and export routes,
// read into query's typed values. Each problem names its parameter; all of
// them are answered together.

// parseVideoFilter reads the filter parameters shared by the videos list,
// the overview and the export. get returns a query parameter.
func parseVideoFilter(get func(string) string, defPreset query.Preset) (query.VideoFilter, error) {
	var f query.VideoFilter
	var errs []error
	if raw := get("platforms"); raw != "" {
		for _, p := range strings.Split(raw, ",") {
			p = strings.ToLower(strings.TrimSpace(p))
			if !slices.Contains(platform.All, platform.Platform(p)) {
				errs = append(errs, apperr.Invalid("platforms", fmt.Sprintf("unknown platform %s: must be a comma-separated list of %s", quote(p), join(platform.All))))
				break
			}
			if !slices.Contains(f.Platforms, platform.Platform(p)) {
				f.Platforms = append(f.Platforms, platform.Platform(p))
			}
		}
		slices.Sort(f.Platforms)
	}
	p, err := parsePreset(get("datePreset"), defPreset)
	if err != nil {
		errs = append(errs, err)
	}
	f.Published = p
	if raw := get("collectionId"); raw != "" {
		id, err := uuid.Parse(raw)
		if err != nil {
			errs = append(errs, apperr.Invalid("collectionId", "must be a UUID"))
		} else {
			f.CollectionID = &id
		}
	}
	if f.IndividualOnly, err = parseBool(get("individualOnly"), "individualOnly"); err != nil {
		errs = append(errs, err)
	}
	if f.ShopOnly, err = parseBool(get("platformShopOnly"), "platformShopOnly"); err != nil {
		errs = append(errs, err)
	}
	if raw := get("status"); raw != "" {
		if !slices.Contains(query.VideoStatuses, domain.Item(raw)) {
			errs = append(errs, apperr.Invalid("status", fmt.Sprintf("unknown value %s: must be one of %s", quote(raw), join(query.VideoStatuses))))
		}
		f.Status = domain.Item(raw)
	}
	return f, joinErrs(errs)
}

// parseVideoQuery reads the parameters of GET /videos.
func parseVideoQuery(get func(string) string) (query.VideoQuery, error) {
	f, err := parseVideoFilter(get, query.PresetAll)
	errs := []error{}
	if err != nil {
		errs = append(errs, err)
	}
	q := query.VideoQuery{Filter: f, Sort: query.SortViews, Limit: query.DefaultVideoLimit}
	if raw := get("sort"); raw != "" {
		if !slices.Contains(query.VideoSorts(), query.VideoSort(raw)) {
			errs = append(errs, apperr.Invalid("sort", fmt.Sprintf("unknown value %s: must be one of %s", quote(raw), join(query.VideoSorts()))))
		}
		q.Sort = query.VideoSort(raw)
	}
	if q.Limit, err = parseInt(get("limit"), "limit", query.DefaultVideoLimit, 1, query.MaxVideoLimit); err != nil {
		errs = append(errs, err)
	}
	if q.Offset, err = parseInt(get("offset"), "offset", 0, 0, query.MaxVideoOffset); err != nil {
		errs = append(errs, err)
	}
	return q, joinErrs(errs)
}

// parseAccountQuery reads the parameters of GET /accounts: platforms and
// collectionId as for the videos list, sort (default followers).
func parseAccountQuery(get func(string) string) (query.AccountQuery, error) {
	f, err := parseVideoFilter(func(k string) string {
		if k == "platforms" || k == "collectionId" {
			return get(k)
		}
		return ""
	}, query.PresetAll)
	errs := nonNil(err)
	q := query.AccountQuery{Platforms: f.Platforms, CollectionID: f.CollectionID, Sort: query.AccountSortFollowers}
	if raw := get("sort"); raw != "" {
		if !slices.Contains(query.AccountSorts(), query.AccountSort(raw)) {
			errs = append(errs, apperr.Invalid("sort", fmt.Sprintf("unknown value %s: must be one of %s", quote(raw), join(query.AccountSorts()))))
		}
		q.Sort = query.AccountSort(raw)
	}
	return q, joinErrs(errs)
}

// parseOverviewQuery reads the parameters of GET /overview: datePreset is
// the window (default 30d), or from and to a custom range (parseRange);
// the other filters select videos as in the list.
func parseOverviewQuery(get func(string) string, now time.Time) (query.OverviewQuery, error) {
	f, err := parseVideoFilter(func(k string) string {
		if k == "datePreset" {
			return ""
		}
		return get(k)
	}, query.PresetAll)
	p, perr := parsePreset(get("datePreset"), query.Preset30d)
	q := query.OverviewQuery{Window: p, Filter: f}
	var rerr error
	if get("from") != "" || get("to") != "" {
		if get("datePreset") != "" {
			rerr = apperr.Invalid("datePreset", "give either a datePreset or a from and to range, not both")
		} else {
			q.From, q.To, rerr = parseRange(get("from"), get("to"), now)
		}
	}
	return q, joinErrs(nonNil(err, perr, rerr))
}

// parseRange reads a custom range of UTC dates (YYYY-MM-DD, both
// included): both given, from not after to, to not after today, and from
// within the last query.MaxRangeDays days.
func parseRange(rawFrom, rawTo string, now time.Time) (from, to *time.Time, err error) {
	var errs []error
	date := func(raw, field string) *time.Time {
		if raw == "" {
			errs = append(errs, apperr.Invalid(field, "give both from and to (dates as YYYY-MM-DD)"))
			return nil
		}
		t, err := time.Parse(time.DateOnly, raw)
		if err != nil {
			errs = append(errs, apperr.Invalid(field, fmt.Sprintf("%s is not a date: must be YYYY-MM-DD", quote(raw))))
			return nil
		}
		return &t
	}
	from, to = date(rawFrom, "from"), date(rawTo, "to")
	today := now.UTC().Truncate(24 * time.Hour)
	earliest := today.AddDate(0, 0, -query.MaxRangeDays)
	if from != nil && from.Before(earliest) {
		errs = append(errs, apperr.Invalid("from", fmt.Sprintf("must be within the last %d days (on or after %s): the dashboard's history does not reach further back",
			query.MaxRangeDays, earliest.Format(time.DateOnly))))
	}
	if to != nil && to.After(today) {
		errs = append(errs, apperr.Invalid("to", fmt.Sprintf("must not be after today, %s (UTC)", today.Format(time.DateOnly))))
	}
	if from != nil && to != nil && to.Before(*from) {
		errs = append(errs, apperr.Invalid("to", "must be on or after from: the range is reversed"))
	}
	if err := joinErrs(errs); err != nil {
		return nil, nil, err
	}
	return from, to, nil
}

// parseAccountAnalyticsQuery reads granularity: day (default) or hour.
func parseAccountAnalyticsQuery(get func(string) string) (query.AccountAnalyticsQuery, error) {
	switch g := chread.Granularity(get("granularity")); g {
	case "", chread.Daily:
		return query.AccountAnalyticsQuery{Granularity: chread.Daily}, nil
	case chread.Hourly:
		return query.AccountAnalyticsQuery{Granularity: chread.Hourly}, nil
	default:
		return query.AccountAnalyticsQuery{}, apperr.Invalid("granularity",
			fmt.Sprintf("unknown value %s: must be one of day, hour", quote(string(g))))
	}
}

// parsePreset checks a datePreset parameter; empty gives def.
func parsePreset(raw string, def query.Preset) (query.Preset, error) {
	if raw == "" {
		return def, nil
	}
	for _, p := range query.Presets() {
		if string(p) == raw {
			return p, nil
		}
	}
	return "", apperr.Invalid("datePreset", fmt.Sprintf("unknown value %s: must be one of %s", quote(raw), join(query.Presets())))
}

// parseLimit reads a limit parameter: def when empty, else 1..max.
func parseLimit(raw string, def, max int) (int, error) {
	return parseInt(raw, "limit", def, 1, max)
}

func parseBool(raw, field string) (bool, error) {
	switch strings.ToLower(raw) {
	case "", "false", "0":
		return false, nil
	case "true", "1":
		return true, nil
	}
	return false, apperr.Invalid(field, "must be true or false")
}

func parseInt(raw, field string, def, lo, hi int) (int, error) {
	if raw == "" {
		return def, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < lo || n > hi {
		return 0, apperr.Invalid(field, fmt.Sprintf("must be an integer from %d to %d", lo, hi))
	}
	return n, nil
}

func joinErrs(errs []error) error {
	switch len(errs) {
	case 0:
		return nil
	case 1:
		return errs[0]
	}
	return errors.Join(errs...)
}

func nonNil(errs ...error) []error {
	var out []error
	for _, e := range errs {
		if e != nil {
			out = append(out, e)
		}
	}
	return out
}

// quote quotes a value for a message, cut to its first 40 bytes.
func quote(s string) string {
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return fmt.Sprintf("%q", s)
}

func join[T ~string](vs []T) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = string(v)
	}
	return strings.Join(s, ", ")
}
