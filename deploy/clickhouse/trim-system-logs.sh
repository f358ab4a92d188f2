#!/bin/sh
# trim-system-logs.sh drops the partitions of ClickHouse's own log tables
# (system.*_log, and the *_log_N an upgrade or a changed setting left) whose
# newest row is older than TRIM_KEEP_DAYS days. It bounds those tables on
# releases without TTL on them: ClickHouse 18.16, where
# config.d-18.16/reeltrack-disk.xml makes their partitions daily, so that a
# day goes once it is a week old (a month still partitioned by month goes
# once its last day is). On current releases the TTL of
# config.d/reeltrack-disk.xml does the same on its own; the script does no
# harm there. See docs/clickhouse.md, "Disk".
#
# Run it daily as a user that may drop partitions in `system` (on 18.16
# every user that may write; on current releases the administrator). For
# example, on the ClickHouse server, from root's crontab:
#
#   17 3 * * * CLICKHOUSE_CLIENT_CONFIG=/root/.clickhouse-admin.xml /opt/reeltrack/deploy/clickhouse/trim-system-logs.sh
#
# Environment:
#   TRIM_KEEP_DAYS            days kept (7)
#   CLICKHOUSE_CLIENT_CONFIG  a clickhouse-client config file with <user> and
#                             <password> (so no password reaches a command
#                             line); without it the client's own defaults
#   CLICKHOUSE_HOST, CLICKHOUSE_PORT  the server (127.0.0.1, 9000)
#   CLICKHOUSE_CLIENT         the client program (clickhouse-client)
#
# It prints one line per partition dropped and exits non-zero when a
# statement fails. Safe to run again at any time.
set -eu

keep=${TRIM_KEEP_DAYS:-7}
host=${CLICKHOUSE_HOST:-127.0.0.1}
port=${CLICKHOUSE_PORT:-9000}
client=${CLICKHOUSE_CLIENT:-clickhouse-client}

case $keep in '' | *[!0-9]*) echo "trim-system-logs: TRIM_KEEP_DAYS must be a number of days, got '$keep'" >&2 && exit 1 ;; esac

ch() {
	if [ -n "${CLICKHOUSE_CLIENT_CONFIG:-}" ]; then
		"$client" --config-file "$CLICKHOUSE_CLIENT_CONFIG" --host "$host" --port "$port" -q "$1" </dev/null
	else
		"$client" --host "$host" --port "$port" -q "$1" </dev/null
	fi
}

# The log tables' partitions, each once, whose days all lie before the
# cut-off (max_date: the newest event_date of the partition's parts). A
# table without a Date partition key has 0000-00-00 (18.16) or 1970-01-01
# there; it is left alone (the toDate('1971-01-01') bound).
partitions=$(ch "SELECT table, partition_id, max(max_date) AS newest
FROM system.parts
WHERE database = 'system' AND active AND match(table, '_log(_[0-9]+)?\$')
GROUP BY table, partition_id
HAVING newest > toDate('1971-01-01') AND newest < today() - $keep
ORDER BY table, partition_id
FORMAT TabSeparated")

[ -n "$partitions" ] || exit 0
printf '%s\n' "$partitions" | while IFS="$(printf '\t')" read -r table id newest; do
	case $table in *[!A-Za-z0-9_]*) continue ;; esac
	case $id in *[!A-Za-z0-9_-]*) continue ;; esac
	ch "ALTER TABLE system.\`$table\` DROP PARTITION ID '$id'"
	echo "trim-system-logs: dropped system.$table partition $id (newest day $newest)"
done
