package mail

import (
	"fmt"
	htmltemplate "html/template"
	texttemplate "text/template"
)

// CreatorSubmissions is what an e-mail to a creator about its submissions
// to a campaign tells: those accepted, and those rejected with why.
type CreatorSubmissions struct {
	Campaign string
	Accepted []string // the posts' URLs
	Rejected []RejectedPost
	// PortalURL is the campaign's page of the creator portal.
	PortalURL string
}

// RejectedPost is a rejected submission: its post and why, in words.
type RejectedPost struct{ URL, Why string }

var submissionsText = texttemplate.Must(texttemplate.New("text").Parse(`Your posts submitted to the campaign "{{.Campaign}}":
{{if .Accepted}}
Accepted, now counted in the campaign:
{{range .Accepted}}- {{.}}
{{end}}{{end}}{{if .Rejected}}
Not accepted:
{{range .Rejected}}- {{.URL}}: {{.Why}}
{{end}}{{end}}
Your submissions: {{.PortalURL}}
`))

var submissionsHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html><body style="font-family: sans-serif">
<p>Your posts submitted to the campaign <strong>{{.Campaign}}</strong>:</p>
{{if .Accepted}}<p>Accepted, now counted in the campaign:</p>
<ul>{{range .Accepted}}<li><a href="{{.}}">{{.}}</a></li>{{end}}</ul>
{{end}}{{if .Rejected}}<p>Not accepted:</p>
<ul>{{range .Rejected}}<li><a href="{{.URL}}">{{.URL}}</a>: {{.Why}}</li>{{end}}</ul>
{{end}}<p><a href="{{.PortalURL}}">See your submissions</a></p>
</body></html>
`))

// CreatorSubmissionsMessage renders the e-mail to a creator about its
// submissions decided.
func CreatorSubmissionsMessage(c CreatorSubmissions) (Message, error) {
	var subject string
	switch a, r := len(c.Accepted), len(c.Rejected); {
	case r == 0:
		subject = fmt.Sprintf("reeltrack: %d %s accepted in %s", a, plural(a, "post", "posts"), c.Campaign)
	case a == 0:
		subject = fmt.Sprintf("reeltrack: %d %s not accepted in %s", r, plural(r, "post", "posts"), c.Campaign)
	default:
		subject = fmt.Sprintf("reeltrack: %d %s accepted, %d not, in %s", a, plural(a, "post", "posts"), r, c.Campaign)
	}
	return render("creator", subject, submissionsText, submissionsHTML, c)
}
