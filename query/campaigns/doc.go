// Package campaigns answers the campaigns: their list, page, lines, rules,
// settings and payout export, from a ledger built on each read
// (campaign_ledger.go), and the settlement the settle run applies
// (SettlementHandler). GET /api/campaigns/:id → api →
// campaigns.CampaignsHandler.Page → the campaign and its lines in
// PostgreSQL, their views from ClickHouse through chread.
package campaigns
