package schema

import "testing"

func TestPlacement(t *testing.T) {
	one := Placement{DB: "rt"}
	if got, want := one.Truncate("entity_daily"), "TRUNCATE TABLE `rt`.`entity_daily`"; got != want {
		t.Errorf("one server: %q, want %q", got, want)
	}
	sel := "SELECT workspace_id FROM rt.metric_snapshots WHERE x IN (SELECT x FROM `rt`.y)"
	if got := one.Distributed(sel); got != sel {
		t.Errorf("one server: the view's SELECT became %q", got)
	}

	c := Placement{DB: "rt", Cluster: "reeltrack"}
	if got, want := c.Truncate("entity_daily"), "TRUNCATE TABLE `rt_local`.`entity_daily` ON CLUSTER `reeltrack`"; got != want {
		t.Errorf("cluster: %q, want %q", got, want)
	}
	for in, want := range map[string]string{
		"SELECT a FROM rt_local.metric_snapshots WHERE b":                 "SELECT a FROM rt.metric_snapshots WHERE b",
		"SELECT a FROM `rt_local`.metric_snapshots":                       "SELECT a FROM `rt`.metric_snapshots",
		"SELECT is_local FROM rt_a_local.t JOIN rt_local.u USING (k)":     "SELECT is_local FROM rt_a.t JOIN rt.u USING (k)",
		"SELECT a FROM rt_local_local.metric_snapshots WHERE x_local > 1": "SELECT a FROM rt_local.metric_snapshots WHERE x_local > 1",
	} {
		if got := c.Distributed(in); got != want {
			t.Errorf("cluster: %q became %q, want %q", in, got, want)
		}
	}
}
