package mail

import (
	"fmt"
	htmltemplate "html/template"
	texttemplate "text/template"
)

// Events is the e-mail of a rule whose events are not spikes: one line per
// event.
type Events struct {
	Rule string
	// What names the events' type in words ("Views milestones").
	What         string
	Lines        []string
	DashboardURL string
}

var eventsText = texttemplate.Must(texttemplate.New("text").Parse(`Your alert rule "{{.Rule}}" ({{.What}}):
{{range .Lines}}
- {{.}}{{end}}

Dashboard: {{.DashboardURL}}
`))

var eventsHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html><body style="font-family: sans-serif">
<p>Your alert rule <strong>{{.Rule}}</strong> ({{.What}}):</p>
<ul>{{range .Lines}}<li>{{.}}</li>{{end}}</ul>
<p><a href="{{.DashboardURL}}">Open the dashboard</a></p>
</body></html>
`))

// EventsMessage renders the e-mail of a rule's events.
func EventsMessage(e Events) (Message, error) {
	subject := fmt.Sprintf("reeltrack: %s (%s)", e.Rule, e.What)
	if len(e.Lines) > 1 {
		subject = fmt.Sprintf("reeltrack: %s (%d %s)", e.Rule, len(e.Lines), e.What)
	}
	return render("events", subject, eventsText, eventsHTML, e)
}
