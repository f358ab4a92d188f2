package mail

import (
	"fmt"
	htmltemplate "html/template"
	texttemplate "text/template"
)

// ChannelDisabled is what the e-mail of a channel the service disabled
// tells: which channel, why, and where to turn it back on.
type ChannelDisabled struct {
	Channel string
	// Kind is the channel's kind: slack, discord or webhook.
	Kind string
	// Reason says why, in a sentence: a 410, or deliveries that kept failing.
	Reason string
	// LastError is the last attempt's error, when there was one.
	LastError string
	// Cancelled counts the deliveries that were waiting and will not go.
	Cancelled    int
	DashboardURL string
}

var channelText = texttemplate.Must(texttemplate.New("text").Parse(`The {{.Kind}} channel "{{.Channel}}" was disabled: {{.Reason}}
{{with .LastError}}
Last error: {{.}}
{{end}}{{if .Cancelled}}
{{.Cancelled}} waiting deliver{{if eq .Cancelled 1}}y was{{else}}ies were{{end}} cancelled.
{{end}}
No event goes to it until it is enabled again. Check the destination (its URL may have been removed or rotated), then enable the channel and send a test from the Channels page:
{{.DashboardURL}}
`))

var channelHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html><body style="font-family: sans-serif">
<p>The {{.Kind}} channel <strong>{{.Channel}}</strong> was disabled: {{.Reason}}</p>
{{with .LastError}}<p>Last error: <code>{{.}}</code></p>{{end}}
{{if .Cancelled}}<p>{{.Cancelled}} waiting deliver{{if eq .Cancelled 1}}y was{{else}}ies were{{end}} cancelled.</p>{{end}}
<p>No event goes to it until it is enabled again. Check the destination (its URL may have been removed or rotated), then enable the channel and send a test.</p>
<p><a href="{{.DashboardURL}}">Open the Channels page</a></p>
</body></html>
`))

// ChannelDisabledMessage renders the e-mail telling managers a channel was disabled.
func ChannelDisabledMessage(c ChannelDisabled) (Message, error) {
	return render("channel", fmt.Sprintf("reeltrack: the channel %q was disabled", c.Channel), channelText, channelHTML, c)
}
