package reports

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"strconv"
	"strings"
	"time"

	"github.com/reeltrack/reeltrack/internal/payout"
)

//go:embed report.html
var reportHTML string

var reportTemplate = template.Must(template.New("report").Funcs(template.FuncMap{
	"n":       Count,
	"pct":     percent,
	"day":     func(t time.Time) string { return t.UTC().Format("2 Jan 2006") },
	"money":   money,
	"bar":     bar,
	"safeURL": func(s string) template.URL { return template.URL(s) },
	"css":     func(s string) template.CSS { return template.CSS(s) },
}).Parse(reportHTML))

// Count writes a count as the reports print it: every digit, in groups of
// three ("1,234,567"); a nil count is "—".
func Count(v any) string {
	var s string
	switch x := v.(type) {
	case int:
		s = strconv.Itoa(x)
	case int64:
		s = strconv.FormatInt(x, 10)
	case uint64:
		s = strconv.FormatUint(x, 10)
	case *uint64:
		if x == nil {
			return "—"
		}
		s = strconv.FormatUint(*x, 10)
	case *int64:
		if x == nil {
			return "—"
		}
		s = strconv.FormatInt(*x, 10)
	default:
		return fmt.Sprint(v)
	}
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return sign + b.String()
}

func percent(p *float64) string {
	if p == nil {
		return "—"
	}
	return strconv.FormatFloat(*p, 'f', 1, 64) + "%"
}

func money(v int64, currency string, digits int) string {
	return currency + " " + payout.Decimal(payout.Money(v), digits)
}

// bar is a bar's height in points for v of max, at least 1 for a non-zero v.
func bar(v, max int64) int64 {
	if max <= 0 || v <= 0 {
		return 0
	}
	return 1 + v*119/max
}

// HTML is the report as one printable document; it loads nothing.
func (r Report) HTML() (string, error) {
	var most int64
	for _, p := range r.Overview.Series {
		most = max(most, p.Gained)
	}
	data := struct {
		Report
		Title   string
		Color   string
		Brand   string
		Logo    string
		Credit  bool
		MaxGain int64
	}{Report: r, Title: r.Title(), Color: "#4f46e5", Brand: "reeltrack", Credit: true, MaxGain: most}
	if b := r.Branding; b != nil {
		data.Brand, data.Logo = b.Name, b.Logo
		if b.Color != "" {
			data.Color = b.Color
		}
		data.Credit = !b.WhiteLabel
	}
	var buf bytes.Buffer
	if err := reportTemplate.Execute(&buf, data); err != nil {
		return "", fmt.Errorf("render report: %w", err)
	}
	return buf.String(), nil
}
