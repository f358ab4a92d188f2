package wiring

import (
	"context"

	"github.com/reeltrack/reeltrack/command"
	"github.com/reeltrack/reeltrack/query"
)

// spikeScanner gives the alerts command (write side) the spike scan of the
// read side; the two packages never import each other, so the rules and
// the matches are copied across here.
type spikeScanner struct{ h query.SpikesHandler }

// Scan runs the read side's scan over the command's rules.
func (s spikeScanner) Scan(ctx context.Context, rules []command.SpikeRule) (command.SpikeScan, error) {
	in := make([]query.SpikeRule, len(rules))
	for i, r := range rules {
		in[i] = query.SpikeRule{
			ID: r.ID, WorkspaceID: r.WorkspaceID, CollectionID: r.CollectionID, Platform: r.Platform,
			Metric: query.Metric(r.Metric), Condition: r.Condition, Threshold: r.Threshold, WindowHours: r.WindowHours,
			MinStartValue: r.MinStartValue, CooldownHours: r.CooldownHours,
		}
	}
	scan, err := s.h.Scan(ctx, in)
	if err != nil {
		return command.SpikeScan{}, err
	}
	out := command.SpikeScan{Videos: scan.Videos, Spikes: make([]command.Spike, len(scan.Spikes))}
	for i, sp := range scan.Spikes {
		out.Spikes[i] = command.Spike{
			RuleID: sp.RuleID, VideoID: sp.VideoID, WindowStart: sp.WindowStart, WindowEnd: sp.WindowEnd,
			StartValue: sp.StartValue, EndValue: sp.EndValue, Gain: sp.Gain, GrowthPct: sp.GrowthPct, Baseline: sp.Baseline,
		}
	}
	return out, nil
}
