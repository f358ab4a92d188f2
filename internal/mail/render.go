package mail

import (
	"bytes"
	"fmt"
	htmltemplate "html/template"
	texttemplate "text/template"
)

// render executes an e-mail's text and HTML templates on data; what names
// the e-mail in errors.
func render(what, subject string, text *texttemplate.Template, html *htmltemplate.Template, data any) (Message, error) {
	var t, h bytes.Buffer
	if err := text.Execute(&t, data); err != nil {
		return Message{}, fmt.Errorf("render %s e-mail: %w", what, err)
	}
	if err := html.Execute(&h, data); err != nil {
		return Message{}, fmt.Errorf("render %s e-mail: %w", what, err)
	}
	return Message{Subject: subject, Text: t.String(), HTML: h.String()}, nil
}
