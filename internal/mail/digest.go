package mail

import (
	"fmt"
	htmltemplate "html/template"
	"net/url"
	"strconv"
	"strings"
	texttemplate "text/template"
	"time"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// Digest is what a digest e-mail tells: the numbers of a workspace's period.
type Digest struct {
	Workspace string
	Frequency domain.DigestFrequency
	// DashboardURL is the dashboard's base URL, without a trailing slash.
	DashboardURL string
	domain.Digest
}

type digestCount struct {
	Label, Gained, Change string
}

type digestLine struct {
	Label, URL, Note, Detail string
}

// digestView is the data of the templates: every number already written
// out; the templates escape the rest.
type digestView struct {
	Title, Workspace, Period       string
	Counts                         []digestCount
	Movers, Spikes, Posts, Failed  []digestLine
	SpikeCount, PostCount, Failing int
	More                           map[string]int
	OverviewURL, AlertsURL         string
	VideosURL, FailedURL           string
	SettingsURL                    string
}

var digestText = texttemplate.Must(texttemplate.New("text").Parse(`{{.Title}} of {{.Workspace}}: {{.Period}} (UTC)

Totals gained, against the period before:
{{range .Counts}}- {{.Label}}: {{.Gained}}{{with .Change}} ({{.}}){{end}}
{{end}}
Top movers (views gained):
{{range .Movers}}- {{.Label}}: {{.Note}}
  {{.URL}}
{{else}}- No video gained views.
{{end}}
Spikes: {{.SpikeCount}}
{{range .Spikes}}- {{.Label}}: {{.Note}}
  {{.URL}}
{{end}}{{with index .More "spikes"}}- and {{.}} more: {{$.AlertsURL}}
{{end}}
New posts found on tracked accounts: {{.PostCount}}
{{range .Posts}}- {{.Label}}{{with .Detail}}: {{.}}{{end}}
  {{.URL}}
{{end}}{{with index .More "posts"}}- and {{.}} more: {{$.VideosURL}}
{{end}}
Items in error: {{.Failing}}
{{range .Failed}}- {{.Label}}: {{.Note}}
  {{.URL}}
{{end}}{{with index .More "failed"}}- and {{.}} more: {{$.FailedURL}}
{{end}}
Dashboard: {{.OverviewURL}}

You receive this digest because you chose it in Settings. To turn it off, choose "Off" under "E-mail digest": {{.SettingsURL}}
`))

var digestHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html><body style="font-family: sans-serif">
<h2>{{.Title}} of {{.Workspace}}</h2>
<p>{{.Period}} (UTC). <a href="{{.OverviewURL}}">Open this period in the dashboard</a></p>
<table cellpadding="6" style="border-collapse: collapse">
<tr><th align="left">Gained</th><th align="right">This period</th><th align="right">Against the period before</th></tr>
{{range .Counts}}<tr><td>{{.Label}}</td><td align="right">{{.Gained}}</td><td align="right">{{.Change}}</td></tr>
{{end}}</table>
<h3>Top movers</h3>
{{if .Movers}}<ul>
{{range .Movers}}<li><a href="{{.URL}}">{{.Label}}</a>: {{.Note}}{{with .Detail}}<br><small>{{.}}</small>{{end}}</li>
{{end}}</ul>{{else}}<p>No video gained views.</p>{{end}}
<h3>Spikes: {{.SpikeCount}}</h3>
{{if .Spikes}}<ul>
{{range .Spikes}}<li><a href="{{.URL}}">{{.Label}}</a>: {{.Note}}</li>
{{end}}</ul>{{end}}{{with index .More "spikes"}}<p><a href="{{$.AlertsURL}}">and {{.}} more</a></p>{{end}}
<h3>New posts found on tracked accounts: {{.PostCount}}</h3>
{{if .Posts}}<ul>
{{range .Posts}}<li><a href="{{.URL}}">{{.Label}}</a>{{with .Detail}}<br><small>{{.}}</small>{{end}}</li>
{{end}}</ul>{{end}}{{with index .More "posts"}}<p><a href="{{$.VideosURL}}">and {{.}} more</a></p>{{end}}
<h3>Items in error: {{.Failing}}</h3>
{{if .Failed}}<ul>
{{range .Failed}}<li><a href="{{.URL}}">{{.Label}}</a>: {{.Note}}</li>
{{end}}</ul>{{end}}{{with index .More "failed"}}<p><a href="{{$.FailedURL}}">and {{.}} more</a></p>{{end}}
<p><small>You receive this digest because you chose it in Settings. To turn it off, choose “Off” under “E-mail digest” in <a href="{{.SettingsURL}}">Settings</a>.</small></p>
</body></html>
`))

var countLabels = map[domain.Metric]string{
	domain.Views: "Views", domain.Likes: "Likes", domain.Comments: "Comments", domain.Shares: "Shares", domain.Followers: "Followers",
}

// DigestMessage renders a digest e-mail: its subject, text and HTML.
func DigestMessage(d Digest) (Message, error) {
	base := strings.TrimRight(d.DashboardURL, "/")
	title := "Daily digest"
	period := d.Start.Format("Mon 2 Jan 2006")
	if d.Frequency == domain.DigestWeekly {
		title = "Weekly digest"
		period = d.Start.Format("Mon 2 Jan") + " to " + d.End.AddDate(0, 0, -1).Format("Sun 2 Jan 2006")
	}
	from, to := d.Start.Format(time.DateOnly), d.End.AddDate(0, 0, -1).Format(time.DateOnly)
	v := digestView{
		Title: title, Workspace: d.Workspace, Period: period,
		SpikeCount: d.SpikeCount, PostCount: d.NewPostCount, Failing: d.FailureCount,
		More:        map[string]int{},
		OverviewURL: base + "/?" + url.Values{"from": {from}, "to": {to}}.Encode(),
		AlertsURL:   base + "/alerts",
		VideosURL:   base + "/videos?sort=added",
		FailedURL:   base + "/videos?status=error",
		SettingsURL: base + "/settings",
	}
	for _, c := range d.Counts {
		dc := digestCount{Label: countLabels[c.Metric], Gained: Signed(c.Period)}
		switch {
		case c.ChangePct != nil:
			dc.Change = fmt.Sprintf("%+.1f %%", *c.ChangePct)
		case c.Previous != nil && *c.Previous == 0 && c.Period != 0:
			dc.Change = "0 in the period before"
		}
		v.Counts = append(v.Counts, dc)
	}
	for _, m := range d.Movers {
		v.Movers = append(v.Movers, digestLine{Label: videoLabel(m.Platform, m.AccountHandle), URL: base + "/videos/" + m.ID.String(),
			Note: Signed(m.ViewsGained) + " views", Detail: shorten(m.Caption)})
	}
	for _, s := range d.Spikes {
		v.Spikes = append(v.Spikes, digestLine{Label: videoLabel(s.Platform, s.AccountHandle), URL: base + "/videos/" + s.VideoID.String(),
			Note: fmt.Sprintf("%s %s (alert %q, %s)", Signed(s.Gain), s.Metric, s.RuleName, s.TriggeredAt.Format("Mon 15:04"))})
	}
	for _, p := range d.NewPosts {
		v.Posts = append(v.Posts, digestLine{Label: videoLabel(p.Platform, p.AccountHandle), URL: base + "/videos/" + p.ID.String(), Detail: shorten(p.Caption)})
	}
	for _, f := range d.Failures {
		l := digestLine{Note: f.Reason}
		if l.Note == "" {
			l.Note = "no reason given"
		}
		if f.Kind == "account" {
			l.Label, l.URL = string(f.Platform)+" account @"+f.Name, base+"/accounts/"+f.ID.String()
		} else {
			l.Label, l.URL = string(f.Platform)+" video "+f.Name, base+"/videos/"+f.ID.String()
		}
		v.Failed = append(v.Failed, l)
	}
	for k, n := range map[string]int{"spikes": d.SpikeCount - len(d.Spikes), "posts": d.NewPostCount - len(d.NewPosts), "failed": d.FailureCount - len(d.Failures)} {
		if n > 0 {
			v.More[k] = n
		}
	}
	views := ""
	for _, c := range d.Counts {
		if c.Metric == domain.Views {
			views = ", " + Signed(c.Period) + " views"
		}
	}
	subject := fmt.Sprintf("reeltrack %s: %s, %s%s", strings.ToLower(title), d.Workspace, period, views)
	return render("digest", subject, digestText, digestHTML, v)
}

func videoLabel(p platform.Platform, handle string) string {
	if handle == "" {
		return string(p) + " video"
	}
	return string(p) + " @" + handle
}

func shorten(s string) string {
	if len(s) > 140 {
		return strings.ToValidUTF8(s[:140], "") + "…"
	}
	return s
}

// Signed writes n with its sign and thousands separated by commas:
// "+12,345", "-7", "0".
func Signed(n int64) string {
	sign := "+"
	if n < 0 {
		sign, n = "-", -n
	}
	if n == 0 {
		sign = ""
	}
	return sign + grouped(n)
}

func grouped(n int64) string {
	s := strconv.FormatInt(n, 10)
	digits := strings.TrimPrefix(s, "-")
	var b strings.Builder
	b.WriteString(s[:len(s)-len(digits)])
	for i, r := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}
