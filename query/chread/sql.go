package chread

import (
	"fmt"
	"strings"
	"text/template"
)

// SQLTemplate parses a query's template (define: its named parts); a template
// places only allow-listed identifiers, every value is bound as @name.
func SQLTemplate(name, text string, define ...string) *template.Template {
	t := template.New(name).Option("missingkey=error")
	for _, d := range define {
		template.Must(t.Parse(d))
	}
	return template.Must(t.Parse(text))
}

// RenderSQL renders a query's text; a failure is a template mistake.
func RenderSQL(t *template.Template, data any) string {
	var b strings.Builder
	if err := t.Execute(&b, data); err != nil {
		panic(fmt.Sprintf("chread: render %s: %v", t.Name(), err))
	}
	return b.String()
}
