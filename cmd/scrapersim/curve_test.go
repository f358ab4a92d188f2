package main

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestWarpNeverRunsBackwards(t *testing.T) {
	for seed := uint64(0); seed < 50; seed++ {
		prev := -1.0
		for h := 0.0; h < 400; h += 0.1 {
			w := warp(seed, h)
			if w < prev {
				t.Fatalf("seed %d: warp(%.1f) = %f < %f", seed, h, w, prev)
			}
			prev = w
		}
	}
}

func TestCurveCountsGrowAndFlatten(t *testing.T) {
	pub := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	viral := 0
	for seed := uint64(1); seed < 200; seed++ {
		c := newCurve(seed, pub, 10000)
		if c.viral() {
			viral++
		}
		prev := int64(-1)
		for m := 0; m < 60*24*30; m += 7 {
			n := c.count(pub.Add(time.Duration(m)*time.Minute), "views", 1)
			if n < prev {
				t.Fatalf("seed %d: views fell from %d to %d at minute %d", seed, prev, n, m)
			}
			prev = n
		}
		if !c.viral() {
			early := c.count(pub.Add(time.Duration(c.tau)*time.Hour), "views", 1)
			late := c.count(pub.Add(time.Duration(10*c.tau)*time.Hour), "views", 1)
			if early < late/2 {
				t.Errorf("seed %d: %d views at τ and %d at 10τ: growth is not front-loaded", seed, early, late)
			}
		}
	}
	if viral < 5 || viral > 40 {
		t.Errorf("%d of 199 curves are viral, want about 1 in 10", viral)
	}
}

func TestNumberFormats(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", -4500: "-4,500"} {
		if got := commas(n); got != want {
			t.Errorf("commas(%d) = %s", n, got)
		}
	}
	for n, want := range map[int64]int64{999: 999, 9999: 9999, 348157: 348100, 2_234_567: 2_200_000} {
		if got := shortRound(n); got != want {
			t.Errorf("shortRound(%d) = %d", n, got)
		}
	}
	for n, want := range map[int64]int64{999: 999, 13_149_000: 13_100_000, 6_934_100: 6_930_000} {
		if got := sigRound(n); got != want {
			t.Errorf("sigRound(%d) = %d", n, got)
		}
	}
}

func TestIDsCarryTheirTime(t *testing.T) {
	at := time.Date(2025, 7, 3, 14, 5, 6, 789_000_000, time.UTC)
	for _, l := range []idLayout{tiktokIDs, instagramIDs, youtubeIDs, xIDs} {
		id := l.encode(at, 17, 0xabcdef)
		got, tier, ok := l.decode(id)
		if !ok || tier != 17 || !got.Equal(at.Truncate(l.unit)) {
			t.Errorf("%s: decode(encode) = %v %d %v", l.name, got, tier, ok)
		}
		if _, _, ok := l.decode(id ^ 1<<(l.acctBits)); ok {
			t.Errorf("%s: a changed id still decodes", l.name)
		}
	}
	id := instagramIDs.encode(at, 9, 42)
	code := igShortcode(id)
	if back, ok := igMediaID(code); !ok || back != id || len(code) > 11 {
		t.Errorf("instagram shortcode %s round trip: %d %v", code, back, ok)
	}
	yt := ytVideoID(youtubeIDs.encode(at, 9, 42))
	if back, ok := ytDecodeID(yt); !ok || len(yt) != 11 || ytVideoID(back) != yt {
		t.Errorf("youtube id %s", yt)
	}
}

func TestPostingGridIsOrderedAndStable(t *testing.T) {
	g := newAccount("tiktok", "alice").grid("")
	for k := g.deepK - 3000; k < g.deepK+3000; k++ {
		if !g.at(k).Before(g.at(k + 1)) {
			t.Fatalf("post %d is not before post %d", k, k+1)
		}
	}
	for _, at := range []time.Time{followersOrigin.Add(-deepHistory - time.Hour), followersOrigin.Add(-deepHistory + time.Hour), testEpoch} {
		k := g.latest(at)
		if g.at(k).After(at) || !g.at(k+1).After(at) {
			t.Errorf("latest(%v) = %d: post at %v, next at %v", at, k, g.at(k), g.at(k+1))
		}
	}
}

func TestQuirksAreRareAndKeepTheValue(t *testing.T) {
	q := quirks{enabled: true}
	kinds := map[string]int{}
	for i := range 20000 {
		switch v := q.count(uint64(i), "playCount", 7, 1234567).(type) {
		case int64:
			kinds["number"]++
		case string:
			if strings.ReplaceAll(v, ",", "") != "1234567" {
				t.Fatalf("string %q", v)
			}
			kinds["string"]++
		case nil:
			kinds["null"]++
		case omit:
			kinds["missing"]++
		default:
			t.Fatalf("value of type %T", v)
		}
	}
	if kinds["number"] < 18500 || kinds["string"] == 0 || kinds["null"] == 0 || kinds["missing"] == 0 {
		t.Errorf("quirk mix %v", kinds)
	}
	if v := (quirks{}).count(1, "x", 1, 5); fmt.Sprint(v) != "5" {
		t.Errorf("quirks off gave %v", v)
	}
}

func TestAppendJSONEscapes(t *testing.T) {
	got := string(appendJSON(nil, obj{{"a", "q\"\\\n\x01é"}, {"b", []any{1, int64(2), 1.5, true, nil}}, {"c", obj{}}}))
	want := `{"a":"q\"\\\n\u0001é","b":[1,2,1.5,true,null],"c":{}}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
