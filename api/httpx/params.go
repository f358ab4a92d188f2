package httpx

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// Params returns the query parameters after checking each is allowed: a
// misspelt one is an error, not ignored. A present UUID parameter must hold
// one, since the parsers treat empty as absent and collectionId= must not
// widen a filter to the whole workspace.
func Params(c *fiber.Ctx, allowed ...string) (func(string) string, error) {
	var err error
	c.Context().QueryArgs().VisitAll(func(k, v []byte) {
		switch {
		case err != nil:
		case !slices.Contains(allowed, string(k)):
			err = apperr.Invalid(string(k), "unknown parameter: allowed are "+strings.Join(allowed, ", "))
		case len(v) == 0 && slices.Contains(uuidParams, string(k)):
			err = apperr.Invalid(string(k), "must be a UUID; leave the parameter out for none")
		}
	})
	return func(k string) string { return c.Query(k) }, err
}

// Parsed reads the query parameters, only allowed ones, with parse.
func Parsed[Q any](c *fiber.Ctx, parse func(get func(string) string) (Q, error), allowed ...string) (Q, error) {
	get, err := Params(c, allowed...)
	if err != nil {
		var none Q
		return none, err
	}
	return parse(get)
}

// Matching reads a filter object of a body as the query parameters of its
// list: an unknown name or an empty UUID is a 400 naming the object's field.
func Matching(field string, m map[string]string, allowed []string) (func(string) string, error) {
	for k, v := range m {
		if !slices.Contains(allowed, k) {
			return nil, apperr.Invalid(field+"."+k, "unknown filter: allowed are "+strings.Join(allowed, ", "))
		}
		if v == "" && slices.Contains(uuidParams, k) {
			return nil, apperr.Invalid(field+"."+k, "must be a UUID; leave it out for none")
		}
	}
	return func(k string) string { return m[k] }, nil
}

var uuidParams = []string{"collectionId", "ruleId"}

// FilterParams are the parameters of ParseVideoFilter.
var FilterParams = []string{"platforms", "datePreset", "collectionId", "individualOnly", "platformShopOnly", "status", "kind"}

// The query parameters of the list, overview, analytics and export routes:
// each problem names its parameter, all answered together.

func ParseVideoFilter(get func(string) string, defPreset query.Preset) (numbers.VideoFilter, error) {
	var f numbers.VideoFilter
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
	if f.IndividualOnly, err = ParseBool(get("individualOnly"), "individualOnly"); err != nil {
		errs = append(errs, err)
	}
	if f.ShopOnly, err = ParseBool(get("platformShopOnly"), "platformShopOnly"); err != nil {
		errs = append(errs, err)
	}
	if raw := get("status"); raw != "" {
		if !slices.Contains(numbers.VideoStatuses, domain.Item(raw)) {
			errs = append(errs, apperr.Invalid("status", fmt.Sprintf("unknown value %s: must be one of %s", quote(raw), join(numbers.VideoStatuses))))
		}
		f.Status = domain.Item(raw)
	}
	if raw := get("kind"); raw != "" {
		if !slices.Contains(domain.PostKinds, domain.PostKind(raw)) {
			errs = append(errs, apperr.Invalid("kind", fmt.Sprintf("unknown value %s: must be one of %s", quote(raw), join(domain.PostKinds))))
		}
		f.Kind = domain.PostKind(raw)
	}
	return f, JoinErrs(errs)
}

func ParseVideoQuery(get func(string) string) (numbers.VideoQuery, error) {
	f, err := ParseVideoFilter(get, query.PresetAll)
	errs := []error{}
	if err != nil {
		errs = append(errs, err)
	}
	q := numbers.VideoQuery{Filter: f, Sort: numbers.SortViews, Limit: numbers.DefaultVideoLimit}
	if raw := get("sort"); raw != "" {
		if !slices.Contains(numbers.VideoSorts(), numbers.VideoSort(raw)) {
			errs = append(errs, apperr.Invalid("sort", fmt.Sprintf("unknown value %s: must be one of %s", quote(raw), join(numbers.VideoSorts()))))
		}
		q.Sort = numbers.VideoSort(raw)
	}
	if q.Limit, err = ParseInt(get("limit"), "limit", numbers.DefaultVideoLimit, 1, numbers.MaxVideoLimit); err != nil {
		errs = append(errs, err)
	}
	if q.Offset, err = ParseInt(get("offset"), "offset", 0, 0, numbers.MaxVideoOffset); err != nil {
		errs = append(errs, err)
	}
	return q, JoinErrs(errs)
}

// ParseAccountQuery reads GET /accounts' parameters (sort: default followers).
func ParseAccountQuery(get func(string) string) (numbers.AccountQuery, error) {
	f, err := ParseVideoFilter(func(k string) string {
		if k == "platforms" || k == "collectionId" {
			return get(k)
		}
		return ""
	}, query.PresetAll)
	errs := NonNil(err)
	q := numbers.AccountQuery{Platforms: f.Platforms, CollectionID: f.CollectionID, Sort: numbers.AccountSortFollowers}
	if raw := get("sort"); raw != "" {
		if !slices.Contains(numbers.AccountSorts(), numbers.AccountSort(raw)) {
			errs = append(errs, apperr.Invalid("sort", fmt.Sprintf("unknown value %s: must be one of %s", quote(raw), join(numbers.AccountSorts()))))
		}
		q.Sort = numbers.AccountSort(raw)
	}
	return q, JoinErrs(errs)
}

// ParseOverviewQuery reads GET /overview: datePreset (default 30d) or from and to.
func ParseOverviewQuery(get func(string) string, now time.Time) (numbers.OverviewQuery, error) {
	f, err := ParseVideoFilter(func(k string) string {
		if k == "datePreset" {
			return ""
		}
		return get(k)
	}, query.PresetAll)
	p, perr := parsePreset(get("datePreset"), query.Preset30d)
	q := numbers.OverviewQuery{Window: p, Filter: f}
	var rerr error
	if get("from") != "" || get("to") != "" {
		if get("datePreset") != "" {
			rerr = apperr.Invalid("datePreset", "give either a datePreset or a from and to range, not both")
		} else {
			q.From, q.To, rerr = ParseRange(get("from"), get("to"), now)
		}
	}
	return q, JoinErrs(NonNil(err, perr, rerr))
}

// ParseRange reads a custom range of UTC dates (YYYY-MM-DD, both included),
// to no later than today and from within the last query.MaxRangeDays days.
func ParseRange(rawFrom, rawTo string, now time.Time) (from, to *time.Time, err error) {
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
	if err := JoinErrs(errs); err != nil {
		return nil, nil, err
	}
	return from, to, nil
}

// ParseAccountAnalyticsQuery reads granularity: day (default) or hour.
func ParseAccountAnalyticsQuery(get func(string) string) (numbers.AccountAnalyticsQuery, error) {
	switch g := chread.Granularity(get("granularity")); g {
	case "", chread.Daily:
		return numbers.AccountAnalyticsQuery{Granularity: chread.Daily}, nil
	case chread.Hourly:
		return numbers.AccountAnalyticsQuery{Granularity: chread.Hourly}, nil
	default:
		return numbers.AccountAnalyticsQuery{}, apperr.Invalid("granularity",
			fmt.Sprintf("unknown value %s: must be one of day, hour", quote(string(g))))
	}
}

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

// ParseLimit reads a limit parameter: def when empty, else 1..max.
func ParseLimit(raw string, def, max int) (int, error) {
	return ParseInt(raw, "limit", def, 1, max)
}

func ParseBool(raw, field string) (bool, error) {
	switch strings.ToLower(raw) {
	case "", "false", "0":
		return false, nil
	case "true", "1":
		return true, nil
	}
	return false, apperr.Invalid(field, "must be true or false")
}

func ParseInt(raw, field string, def, lo, hi int) (int, error) {
	if raw == "" {
		return def, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < lo || n > hi {
		return 0, apperr.Invalid(field, fmt.Sprintf("must be an integer from %d to %d", lo, hi))
	}
	return n, nil
}

func JoinErrs(errs []error) error {
	switch len(errs) {
	case 0:
		return nil
	case 1:
		return errs[0]
	}
	return errors.Join(errs...)
}

func NonNil(errs ...error) []error {
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
