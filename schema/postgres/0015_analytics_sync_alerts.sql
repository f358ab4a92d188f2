-- The analytics database also keeps a copy of the alert rules and the alert
-- events (schema/clickhouse/0008_analytics_alerts.sql): they are stamped
-- and their deletes recorded like the other dimensions (0014). An event is
-- deleted by cascade with its rule, video or workspace; the delete trigger
-- fires for those deletes too.
ALTER TABLE alert_rules  ADD COLUMN analytics_txid bigint NOT NULL DEFAULT 0;
ALTER TABLE alert_events ADD COLUMN analytics_txid bigint NOT NULL DEFAULT 0;

CREATE INDEX alert_rules_analytics_txid_idx  ON alert_rules (analytics_txid);
CREATE INDEX alert_events_analytics_txid_idx ON alert_events (analytics_txid);

CREATE TRIGGER alert_rules_analytics_stamp  BEFORE INSERT OR UPDATE ON alert_rules  FOR EACH ROW EXECUTE FUNCTION analytics_stamp();
CREATE TRIGGER alert_events_analytics_stamp BEFORE INSERT OR UPDATE ON alert_events FOR EACH ROW EXECUTE FUNCTION analytics_stamp();

CREATE TRIGGER alert_rules_analytics_deletion  AFTER DELETE ON alert_rules  FOR EACH ROW EXECUTE FUNCTION analytics_record_deletion();
CREATE TRIGGER alert_events_analytics_deletion AFTER DELETE ON alert_events FOR EACH ROW EXECUTE FUNCTION analytics_record_deletion();

-- The rules and events written before this migration carry no stamp: the
-- next sync of every analytics database copies every row again.
UPDATE analytics_sync SET watermark = 0;
