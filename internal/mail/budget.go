package mail

import (
	"bytes"
	"fmt"
	htmltemplate "html/template"
	texttemplate "text/template"
)

// Budget is what a campaign's budget alert tells: how much of the budget
// the locked lines have committed.
type Budget struct {
	Campaign string
	// Percent is the threshold crossed: 80 or 100.
	Percent int
	// Committed and Budget are amounts written out in the campaign's
	// currency ("USD 812.50").
	Committed, Budget string
	DashboardURL      string
}

var budgetText = texttemplate.Must(texttemplate.New("text").Parse(`The campaign "{{.Campaign}}" has committed {{.Committed}} of its budget of {{.Budget}}: {{.Percent}} % or more.
{{if ge .Percent 100}}Lines that lock from now on are cut to what the budget leaves, which is nothing: raise the budget to keep paying.{{else}}Lines that lock once the budget is spent are cut to what it leaves.{{end}}

Campaign: {{.DashboardURL}}
`))

var budgetHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html><body style="font-family: sans-serif">
<p>The campaign <strong>{{.Campaign}}</strong> has committed <strong>{{.Committed}}</strong> of its budget of {{.Budget}}: {{.Percent}} % or more.</p>
<p>{{if ge .Percent 100}}Lines that lock from now on are cut to what the budget leaves, which is nothing: raise the budget to keep paying.{{else}}Lines that lock once the budget is spent are cut to what it leaves.{{end}}</p>
<p><a href="{{.DashboardURL}}">Open the campaign</a></p>
</body></html>
`))

// BudgetMessage renders the e-mail of a campaign's budget alert.
func BudgetMessage(b Budget) (Message, error) {
	var t, h bytes.Buffer
	if err := budgetText.Execute(&t, b); err != nil {
		return Message{}, fmt.Errorf("render budget e-mail: %w", err)
	}
	if err := budgetHTML.Execute(&h, b); err != nil {
		return Message{}, fmt.Errorf("render budget e-mail: %w", err)
	}
	return Message{Subject: fmt.Sprintf("reeltrack budget alert: %s at %d %% of its budget", b.Campaign, b.Percent), Text: t.String(), HTML: h.String()}, nil
}
