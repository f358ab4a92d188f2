package mail

import (
	"fmt"
	htmltemplate "html/template"
	texttemplate "text/template"
	"time"
)

// AccountLink is an e-mail that carries a single-use link of a user's
// account: the verification of the address, a password reset, an invite.
type AccountLink struct {
	// Kind is VerifyEmail, ResetPassword, Invite or CreatorInvite.
	Kind LinkKind
	// URL is the link, token included.
	URL string
	// ValidFor is how long the link works.
	ValidFor time.Duration
	// For an invite: the workspace's name, the role offered and who invites.
	Workspace, Role, InvitedBy string
}

// LinkKind names what an account link does.
type LinkKind string

const (
	VerifyEmail   LinkKind = "verify_email"
	ResetPassword LinkKind = "reset_password"
	Invite        LinkKind = "invite"
	// CreatorInvite invites a creator to the creator portal.
	CreatorInvite LinkKind = "creator_invite"
)

type accountTexts struct {
	subject string
	text    *texttemplate.Template
	html    *htmltemplate.Template
}

const accountHTMLHead = `<!doctype html>
<html><body style="font-family: sans-serif; max-width: 36em">
`

var accountMails = map[LinkKind]accountTexts{
	VerifyEmail: {
		subject: "Confirm your e-mail address for reeltrack",
		text: texttemplate.Must(texttemplate.New("text").Parse(`Confirm that this is your e-mail address by opening this link:

{{.URL}}

The link works once, for {{.Valid}}. Until you confirm, you cannot accept invites to a workspace or receive alert e-mails.

If you did not create a reeltrack account, ignore this e-mail: nothing happens without the link.
`)),
		html: htmltemplate.Must(htmltemplate.New("html").Parse(accountHTMLHead + `<p>Confirm that this is your e-mail address:</p>
<p><a href="{{.URL}}" style="display: inline-block; padding: 10px 16px; background: #2563eb; color: #fff; text-decoration: none; border-radius: 6px">Confirm my e-mail address</a></p>
<p>The link works once, for {{.Valid}}. Until you confirm, you cannot accept invites to a workspace or receive alert e-mails.</p>
<p style="color: #666">If you did not create a reeltrack account, ignore this e-mail: nothing happens without the link.<br>{{.URL}}</p>
</body></html>
`)),
	},
	ResetPassword: {
		subject: "Reset your reeltrack password",
		text: texttemplate.Must(texttemplate.New("text").Parse(`Someone asked to reset the password of the reeltrack account of this e-mail address. To choose a new password, open this link:

{{.URL}}

The link works once, for {{.Valid}}. Setting a new password signs out every device.

If you did not ask for it, ignore this e-mail: your password stays as it is.
`)),
		html: htmltemplate.Must(htmltemplate.New("html").Parse(accountHTMLHead + `<p>Someone asked to reset the password of the reeltrack account of this e-mail address.</p>
<p><a href="{{.URL}}" style="display: inline-block; padding: 10px 16px; background: #2563eb; color: #fff; text-decoration: none; border-radius: 6px">Choose a new password</a></p>
<p>The link works once, for {{.Valid}}. Setting a new password signs out every device.</p>
<p style="color: #666">If you did not ask for it, ignore this e-mail: your password stays as it is.<br>{{.URL}}</p>
</body></html>
`)),
	},
	Invite: {
		subject: "You are invited to a reeltrack workspace",
		text: texttemplate.Must(texttemplate.New("text").Parse(`{{.InvitedBy}} invited you to the reeltrack workspace "{{.Workspace}}" as {{.Role}}. To join, open this link:

{{.URL}}

Sign in or create an account with this e-mail address, then confirm the address. The link works once, for {{.Valid}}.

If you do not expect this invite, ignore this e-mail.
`)),
		html: htmltemplate.Must(htmltemplate.New("html").Parse(accountHTMLHead + `<p>{{.InvitedBy}} invited you to the reeltrack workspace <strong>{{.Workspace}}</strong> as {{.Role}}.</p>
<p><a href="{{.URL}}" style="display: inline-block; padding: 10px 16px; background: #2563eb; color: #fff; text-decoration: none; border-radius: 6px">Join the workspace</a></p>
<p>Sign in or create an account with this e-mail address, then confirm the address. The link works once, for {{.Valid}}.</p>
<p style="color: #666">If you do not expect this invite, ignore this e-mail.<br>{{.URL}}</p>
</body></html>
`)),
	},
	CreatorInvite: {
		subject: "See your posts and earnings on reeltrack",
		text: texttemplate.Must(texttemplate.New("text").Parse(`{{.InvitedBy}} of "{{.Workspace}}" invited you to reeltrack's creator portal, where you see your tracked accounts, your posts in their campaigns and what each earns. To sign in, open this link:

{{.URL}}

Sign in or create an account with this e-mail address, then confirm the address. The link works once, for {{.Valid}}. You see only your own accounts, posts and amounts.

If you do not expect this invite, ignore this e-mail.
`)),
		html: htmltemplate.Must(htmltemplate.New("html").Parse(accountHTMLHead + `<p>{{.InvitedBy}} of <strong>{{.Workspace}}</strong> invited you to reeltrack's creator portal, where you see your tracked accounts, your posts in their campaigns and what each earns.</p>
<p><a href="{{.URL}}" style="display: inline-block; padding: 10px 16px; background: #2563eb; color: #fff; text-decoration: none; border-radius: 6px">Open my creator portal</a></p>
<p>Sign in or create an account with this e-mail address, then confirm the address. The link works once, for {{.Valid}}. You see only your own accounts, posts and amounts.</p>
<p style="color: #666">If you do not expect this invite, ignore this e-mail.<br>{{.URL}}</p>
</body></html>
`)),
	},
}

// AccountMessage renders an account e-mail: its subject, text and HTML.
// The recipient and the ID are the caller's to set.
func AccountMessage(l AccountLink) (Message, error) {
	texts, ok := accountMails[l.Kind]
	if !ok {
		return Message{}, fmt.Errorf("render account e-mail: no e-mail of kind %q", l.Kind)
	}
	data := map[string]any{
		"URL": l.URL, "Valid": validFor(l.ValidFor),
		"Workspace": l.Workspace, "Role": l.Role, "InvitedBy": l.InvitedBy,
	}
	return render("account", texts.subject, texts.text, texts.html, data)
}

func validFor(d time.Duration) string {
	switch {
	case d >= 48*time.Hour && d%(24*time.Hour) == 0:
		return fmt.Sprintf("%d days", d/(24*time.Hour))
	case d == time.Hour:
		return "1 hour"
	case d >= time.Hour && d%time.Hour == 0:
		return fmt.Sprintf("%d hours", d/time.Hour)
	}
	return fmt.Sprintf("%d minutes", int(d.Minutes()))
}
