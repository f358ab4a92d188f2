package mail

import (
	"fmt"
	htmltemplate "html/template"
	texttemplate "text/template"
)

// CreatorLines is what an e-mail to a creator about its lines of a
// campaign tells: posts locked by the settle run, or posts marked paid.
type CreatorLines struct {
	Campaign string
	// Paid: the lines were marked paid; else they locked.
	Paid bool
	// Lines counts them, Held those of them held for review.
	Lines, Held int
	// Amount is their sum written out in the campaign's currency ("USD 812.50").
	Amount    string
	PortalURL string
}

var creatorText = texttemplate.Must(texttemplate.New("text").Parse(`{{if .Paid}}{{.Amount}} for {{.Lines}} {{if eq .Lines 1}}post{{else}}posts{{end}} of yours in the campaign "{{.Campaign}}" {{if eq .Lines 1}}was{{else}}were{{end}} marked paid.
{{else}}{{.Lines}} {{if eq .Lines 1}}post{{else}}posts{{end}} of yours in the campaign "{{.Campaign}}" locked: {{.Amount}}, counted up to the end of {{if eq .Lines 1}}its{{else}}their{{end}} window and fixed.
{{if .Held}}{{.Held}} of them {{if eq .Held 1}}is{{else}}are{{end}} held for a check before review; your portal says why.
{{end}}The workspace reviews them before they are paid.
{{end}}
Your posts and amounts: {{.PortalURL}}
`))

var creatorHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html><body style="font-family: sans-serif">
{{if .Paid}}<p><strong>{{.Amount}}</strong> for {{.Lines}} {{if eq .Lines 1}}post{{else}}posts{{end}} of yours in the campaign <strong>{{.Campaign}}</strong> {{if eq .Lines 1}}was{{else}}were{{end}} marked paid.</p>
{{else}}<p>{{.Lines}} {{if eq .Lines 1}}post{{else}}posts{{end}} of yours in the campaign <strong>{{.Campaign}}</strong> locked: <strong>{{.Amount}}</strong>, counted up to the end of {{if eq .Lines 1}}its{{else}}their{{end}} window and fixed.</p>
{{if .Held}}<p>{{.Held}} of them {{if eq .Held 1}}is{{else}}are{{end}} held for a check before review; your portal says why.</p>
{{end}}<p>The workspace reviews them before they are paid.</p>
{{end}}<p><a href="{{.PortalURL}}">See your posts and amounts</a></p>
</body></html>
`))

// CreatorLinesMessage renders the e-mail to a creator about its lines.
func CreatorLinesMessage(c CreatorLines) (Message, error) {
	c.Amount = groupedAmount(c.Amount)
	subject := fmt.Sprintf("reeltrack: %d %s locked in %s", c.Lines, plural(c.Lines, "post", "posts"), c.Campaign)
	if c.Paid {
		subject = fmt.Sprintf("reeltrack: %s paid for your posts in %s", c.Amount, c.Campaign)
	}
	return render("creator", subject, creatorText, creatorHTML, c)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
