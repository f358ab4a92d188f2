package mail

import (
	"fmt"
	htmltemplate "html/template"
	"strconv"
	"strings"
	texttemplate "text/template"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// Alert is what an alert e-mail tells: which rule fired, for which videos.
type Alert struct {
	Rule         string
	Metric       string
	WindowHours  int
	DashboardURL string
	Videos       []AlertVideo
}

// AlertVideo is one video of an alert e-mail, with the values that met the rule.
type AlertVideo struct {
	URL, Handle, Caption string
	Platform             platform.Platform
	domain.SpikeMeasure
	// SincePublished is true for a new post published inside the window:
	// its gain counts from 0 at publishing, not from an earlier scrape.
	SincePublished bool
}

type alertVideoView struct {
	AlertVideo
	Gain, StartValue, EndValue string
	Growth, Versus             string
}

var alertText = texttemplate.Must(texttemplate.New("text").Parse(`Your alert "{{.Rule}}" fired for {{len .Videos}} video{{if ne (len .Videos) 1}}s{{end}}:
{{range .Videos}}
- {{.Platform}} @{{.Handle}}: +{{.Gain}} {{$.Metric}} {{if .SincePublished}}since it was published, within {{$.Window}}h{{else}}in {{$.Window}}h{{end}} ({{.StartValue}} → {{.EndValue}}{{with .Growth}}, {{.}}{{end}}){{with .Versus}}, {{.}}{{end}}
  {{.URL}}
{{end}}
Dashboard: {{.Dashboard}}
`))

var alertHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html><body style="font-family: sans-serif">
<p>Your alert <strong>{{.Rule}}</strong> fired for {{len .Videos}} video{{if ne (len .Videos) 1}}s{{end}}:</p>
<table cellpadding="6" style="border-collapse: collapse">
<tr><th align="left">Video</th><th align="right">Gained</th><th align="right">From</th><th align="right">To</th></tr>
{{range .Videos}}<tr>
<td><a href="{{.URL}}">{{.Platform}} @{{.Handle}}</a><br><small>{{.Caption}}</small></td>
<td align="right">+{{.Gain}} {{$.Metric}}{{if .SincePublished}}<br><small>since it was published</small>{{end}}{{with .Growth}} ({{.}}){{end}}{{with .Versus}}<br><small>{{.}}</small>{{end}}</td>
<td align="right">{{.StartValue}}</td><td align="right">{{.EndValue}}</td>
</tr>{{end}}
</table>
<p>Window: {{.Window}} hours, up to each video's latest scrape; a video counts from its first scrape, or from 0 when its account was tracked before it was published. <a href="{{.Dashboard}}">Open the dashboard</a></p>
</body></html>
`))

// AlertMessage renders the e-mail of an alert: its subject, text and HTML.
// The recipients and the ID are the caller's to set.
func AlertMessage(a Alert) (Message, error) {
	videos := make([]alertVideoView, len(a.Videos))
	for i, v := range a.Videos {
		if len(v.Caption) > 140 {
			v.Caption = strings.ToValidUTF8(v.Caption[:140], "") + "…"
		}
		w := alertVideoView{AlertVideo: v, Gain: grouped(v.Gain), StartValue: grouped(v.StartValue), EndValue: grouped(v.EndValue)}
		if v.GrowthPct != nil {
			w.Growth = fmt.Sprintf("+%.1f %%", *v.GrowthPct)
		}
		if v.Baseline != nil && *v.Baseline > 0 {
			whole, frac, _ := strings.Cut(strconv.FormatFloat(*v.Baseline, 'f', -1, 64), ".")
			if frac != "" {
				frac = "." + frac
			}
			n, _ := strconv.ParseInt(whole, 10, 64)
			w.Versus = fmt.Sprintf("%.1f× the median of the account's other videos at that age (+%s%s)",
				float64(v.Gain) / *v.Baseline, grouped(n), frac)
		}
		videos[i] = w
	}
	data := map[string]any{"Rule": a.Rule, "Videos": videos, "Metric": a.Metric, "Window": a.WindowHours, "Dashboard": a.DashboardURL}
	subject := fmt.Sprintf("reeltrack alert: %s (%d video", a.Rule, len(a.Videos))
	if len(a.Videos) != 1 {
		subject += "s"
	}
	return render("alert", subject+")", alertText, alertHTML, data)
}
