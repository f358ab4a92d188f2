// Package webhook holds what the channels need to talk to the outside,
// reading and writing no database: the Standard Webhooks signature and
// secrets (sign.go), the sealing of the stored URLs and secrets (seal.go),
// the rule of which addresses a channel may reach and the HTTP client that
// holds to it at dial time (guard.go, client.go), and the bodies of Slack,
// Discord and Standard Webhooks messages (message.go).
package webhook
