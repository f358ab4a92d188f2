package api_test

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/query/chread"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// TestExportDailySeries recomputes the daily series export from the raw
// snapshots: a row per video, then per account, and per day of the range
// from the item's first value (looked for from a week before the range),
// with the last value of each count recorded by the day's end, its gain
// since the day before (on its first day, since its first value ever),
// whether it was scraped that day, and the
// collection's name; videos come in the videos export's order. Bad ranges
// and parameters are 400s.
func TestExportDailySeries(t *testing.T) {
	t.Parallel()
	d := seedAccounts(t)
	vidHist, accHist := d.history(t, "video"), d.history(t, "account")
	today := dashNow.Truncate(24 * time.Hour)
	from, to := today.AddDate(0, 0, -12), today.AddDate(0, 0, -2)
	res := d.app.request("GET", "/api/export?type=daily&from="+from.Format(time.DateOnly)+"&to="+to.Format(time.DateOnly), nil, d.cookie).expect(t, 200)
	if cd := res.Header.Get("Content-Disposition"); !strings.Contains(cd, "reeltrack-daily-") {
		t.Errorf("content disposition %q", cd)
	}
	recs := readCSV(t, res.Body)
	if strings.Join(recs[0], ",") != strings.Join(numbers.DailyExportColumns, ",") {
		t.Fatalf("header %v", recs[0])
	}
	col := map[string]int{}
	for i, c := range recs[0] {
		col[c] = i
	}
	// the items in order: the videos as the videos export lists them,
	// then the accounts that are not removed
	videos := readCSV(t, d.app.request("GET", "/api/export", nil, d.cookie).expect(t, 200).Body)
	var items []uuid.UUID
	for _, r := range videos[1:] {
		items = append(items, uuid.MustParse(r[0]))
	}
	var accounts numbers.AccountList
	d.get(t, "/api/accounts", nil, &accounts)
	var want [][]string
	for _, kind := range []string{"video", "account"} {
		var ids []uuid.UUID
		hist := vidHist
		if kind == "video" {
			ids = items
		} else {
			hist = accHist
			// by platform, handle and id
			as := slices.Clone(accounts.Accounts)
			slices.SortFunc(as, func(a, b numbers.Account) int {
				return cmp.Or(cmp.Compare(a.Platform, b.Platform), cmp.Compare(a.Handle, b.Handle), cmp.Compare(a.ID.String(), b.ID.String()))
			})
			for _, a := range as {
				ids = append(ids, a.ID)
			}
		}
		for _, id := range ids {
			h := hist[id]
			valueBy := func(m int, end time.Time) *uint64 {
				var out *uint64
				for _, s := range h {
					if s.metrics[m] != nil && s.at.Before(end) && !s.at.Before(from.Add(-chread.Lookback)) {
						out = s.metrics[m]
					}
				}
				return out
			}
			firstEver := func(m int) *uint64 {
				for _, s := range h {
					if s.metrics[m] != nil {
						return s.metrics[m]
					}
				}
				return nil
			}
			for day := from; !day.After(to); day = day.AddDate(0, 0, 1) {
				row := []string{day.Format(time.DateOnly), kind, id.String()}
				any := false
				for m := range 6 {
					v := valueBy(m, day.AddDate(0, 0, 1))
					c, g := "", ""
					if v != nil {
						any = true
						c = strconv.FormatUint(*v, 10)
						if p := valueBy(m, day); p != nil {
							g = strconv.FormatInt(int64(*v)-int64(*p), 10)
						} else if f := firstEver(m); f != nil {
							// nothing before it in the look-back: from the
							// first value ever, as the overview counts it
							g = strconv.FormatInt(int64(*v)-int64(*f), 10)
						}
					}
					row = append(row, c, g)
				}
				scraped := false
				for _, s := range h {
					scraped = scraped || (!s.at.Before(day) && s.at.Before(day.AddDate(0, 0, 1)))
				}
				if any {
					want = append(want, append(row, strconv.FormatBool(scraped)))
				}
			}
		}
	}
	got := make([][]string, 0, len(recs)-1)
	for _, r := range recs[1:] {
		row := []string{r[col["date"]], r[col["item_type"]], r[col["id"]]}
		for _, m := range []string{"views", "likes", "comments", "shares", "saves", "followers"} {
			row = append(row, r[col[m]], r[col[m+"_gained"]])
		}
		got = append(got, append(row, r[col["scraped_that_day"]]))
		if r[col["item_type"]] == "video" && uuid.MustParse(r[col["id"]]) == d.videos["v1"] && r[col["collection"]] != "Launch" {
			t.Errorf("v1's collection is %q, want its name Launch", r[col["collection"]])
		}
	}
	accountRows := 0
	for _, r := range want {
		if r[1] == "account" && r[13] != "" {
			accountRows++
		}
	}
	if len(want) < 10 || accountRows == 0 {
		t.Fatalf("the fixture gives only %d rows, %d of accounts with followers", len(want), accountRows)
	}
	if len(got) != len(want) {
		t.Errorf("%d rows, raw snapshots say %d", len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		if strings.Join(got[i], ",") != strings.Join(want[i], ",") {
			t.Errorf("row %d:\n got  %v\n want %v", i+1, got[i], want[i])
			break
		}
	}

	// the default range is the last 30 days, today included
	recs = readCSV(t, d.app.request("GET", "/api/export?type=daily", nil, d.cookie).expect(t, 200).Body)
	last := ""
	for _, r := range recs[1:] {
		if r[0] < today.AddDate(0, 0, -29).Format(time.DateOnly) || r[0] > today.Format(time.DateOnly) {
			t.Fatalf("default range has a row of %s", r[0])
		}
		last = max(last, r[0])
	}
	if last != today.Format(time.DateOnly) {
		t.Errorf("default range ends %s, want today", last)
	}
	for q, field := range map[string]string{
		"type=daily&from=2026-11-10&to=2026-11-09": "to",
		"type=daily&from=2026-11-10":               "to",
		"type=daily&from=2024-01-01&to=2026-11-09": "from",
		"type=daily&from=2026-11-01&to=2027-01-01": "to",
		"type=daily&datePreset=7d":                 "datePreset",
		"type=daily&platforms=vine":                "platforms",
		"type=weekly":                              "type",
	} {
		e := d.app.request("GET", "/api/export?"+q, nil, d.cookie).expectError(t, 400, "invalid_request")
		if e.Fields[field] == "" && !strings.Contains(e.Message, field) {
			t.Errorf("%s: the 400 does not name %s: %+v", q, field, e)
		}
	}
}
