#!/usr/bin/env bash
# cluster.sh starts or stops a local ClickHouse cluster on this machine:
# one ZooKeeper and four ClickHouse servers forming cluster `reeltrack`,
# 2 shards x 2 replicas (docs/scaling.md, "A local cluster"). Used by
# `make cluster`, `make cluster-stop` and `make test-cluster`. The single
# server of `make services` (port 9000) is not touched.
#
#   scripts/cluster.sh [start]   install ZooKeeper where missing, start
#                                whatever is not running, wait until every
#                                node answers and sees the cluster
#   scripts/cluster.sh stop      stop the four servers and ZooKeeper
#   scripts/cluster.sh status    print what runs
#   scripts/cluster.sh kill N..  SIGKILL the server of node N (1..4), or
#                                ZooKeeper (N = zookeeper), as a crash, and
#                                wait until it is gone; `start` starts it
#                                again (the failure tests of
#                                `make test-cluster` use both)
#
# Idempotent: a node (or ZooKeeper) that answers is left alone. Each node N
# (1..4) lives in $CLUSTER_DIR/chN (config.xml, data/, tmp/, log/), listens
# on 127.0.0.1 only, tcp 1900N, http 1812N, interserver 1901N; nodes 1 and 2
# are shard 1, nodes 3 and 4 shard 2. ZooKeeper: 127.0.0.1:2181, data in
# $CLUSTER_DIR/zookeeper. Config template: deploy/cluster/config.xml.in.
#
# Environment:
#   CLUSTER_DIR      /var/lib/reeltrack-cluster
#   CLUSTER_ZK_PORT  2181
#   CLUSTER_TIMEOUT  seconds to wait for a server whose log stands still
#                    (90), and for ZooKeeper
#   CLUSTER_MAX_WAIT seconds to wait for a server in all (900)
#   CLICKHOUSE_DATABASE  reeltrack: created on every node
#   CLICKHOUSE_USER  reeltrack: the service's own user on every node (its
#                    databases only; users.d/ beside users.xml)
#   CLICKHOUSE_PASSWORD  reeltrack-local: its password
#   CLICKHOUSE_ANALYST_PASSWORD  analyst-local: password of the analysts'
#                    read-only user on every node (users.d/ beside users.xml)
# The service's user and the analyst are those of `make services`
# (docs/clickhouse.md, Users). `default`, the nodes' administrator, has no
# password here, on loopback only: a replica of ClickHouse 18.16 sends
# OPTIMIZE, TRUNCATE and partition drops to its shard's leader as `default`
# without a password (deploy/cluster/users.xml). No password is printed or
# put on a command line.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
TEMPLATE_DIR=$HERE/../deploy/cluster
CLUSTER_DIR=${CLUSTER_DIR:-/var/lib/reeltrack-cluster}
ZK_PORT=${CLUSTER_ZK_PORT:-2181}
TIMEOUT=${CLUSTER_TIMEOUT:-90}
MAX_WAIT=${CLUSTER_MAX_WAIT:-900}
ZK_DIR=$CLUSTER_DIR/zookeeper
APT_LOG=/tmp/reeltrack-cluster-apt.log
NODES=(1 2 3 4)

die() {
	printf 'cluster: %s\n' "$*" >&2
	exit 1
}
DATABASE=${CLICKHOUSE_DATABASE:-reeltrack}
[[ $DATABASE =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || die "CLICKHOUSE_DATABASE must be a plain identifier"
SERVICE_USER=${CLICKHOUSE_USER:-reeltrack}
SERVICE_PASSWORD=${CLICKHOUSE_PASSWORD:-reeltrack-local}
[[ $SERVICE_USER != default ]] || die "CLICKHOUSE_USER is default: the service's user has a name of its own"
have() { command -v "$1" >/dev/null 2>&1; }

tcp_port() { echo $((19000 + $1)); }
http_port() { echo $((18120 + $1)); }
interserver_port() { echo $((19010 + $1)); }
shard_of() { echo $((($1 + 1) / 2)); }
node_dir() { echo "$CLUSTER_DIR/ch$1"; }

port_open() {
	# shellcheck disable=SC2016 # expanded by the inner bash
	timeout 2 bash -c ': <>"/dev/tcp/$1/$2"' _ "$1" "$2" >/dev/null 2>&1
}

SUDO=()
need_root() {
	((EUID == 0)) && return 0
	if have sudo && sudo -n true >/dev/null 2>&1; then
		SUDO=(sudo -n)
	else
		die "need root to $1; run 'sudo make cluster' once"
	fi
}
as_root() { "${SUDO[@]}" "$@"; }

apt_install() {
	need_root "install $*"
	have apt-get || die "$* missing and apt-get not found; install them yourself"
	echo "cluster: installing $* (log: $APT_LOG)"
	local opts=(-y -q -o DPkg::Lock::Timeout=300)
	as_root apt-get "${opts[@]}" update >>"$APT_LOG" 2>&1 || { tail -n 30 "$APT_LOG" >&2; die "apt-get update failed"; }
	as_root env DEBIAN_FRONTEND=noninteractive apt-get "${opts[@]}" --no-install-recommends \
		-o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold \
		install "$@" >>"$APT_LOG" 2>&1 </dev/null || { tail -n 30 "$APT_LOG" >&2; die "apt-get install $* failed"; }
}

ch_bin() {
	local b
	for b in "$(command -v clickhouse-server 2>/dev/null)" /usr/bin/clickhouse-server /usr/sbin/clickhouse-server; do
		[[ -n $b && -x $b ]] && { echo "$b"; return 0; }
	done
	return 1
}

xml_escape() { printf '%s' "$1" | sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'; }

# A private folder for clickhouse-client configs (passwords off command
# lines), removed when the script ends.
TMP=$(mktemp -d)
# shellcheck disable=SC2064 # expanded now: the folder of this run
trap "rm -rf '$TMP'" EXIT

# login NAME USER PASSWORD writes a clickhouse-client config that logs in as
# USER into $TMP/NAME.xml.
login() {
	(
		umask 077
		printf '<config><user>%s</user><password>%s</password></config>\n' "$(xml_escape "$2")" "$(xml_escape "$3")" >"$TMP/$1.xml"
	)
}
login admin default ''
login service "$SERVICE_USER" "$SERVICE_PASSWORD"

# ch N QUERY: run QUERY on node N as `default`.
ch() { ch_as admin "$@"; }

# ch_as LOGIN N QUERY: run QUERY on node N with the client config LOGIN.
ch_as() {
	timeout 30 clickhouse-client --config-file "$TMP/$1.xml" --host 127.0.0.1 --port "$(tcp_port "$2")" -q "$3" </dev/null
}

# ----------------------------------------------------------------- ZooKeeper

# zk_ok: ZooKeeper serves sessions. `ruok` answers imok as soon as the
# process runs, while ZooKeeper still loads its database and closes every
# session; a ClickHouse node that starts then cannot attach its replicated
# tables and exits. `stat` shows the server's mode only once it serves.
zk_ok() { [[ $(zk_say stat) == *$'\nMode: '* ]]; }

# zk_runs: a ZooKeeper answers on the port, serving or not yet.
zk_runs() { [[ $(zk_say ruok) == imok ]]; }

# zk_say WORD: ZooKeeper's answer to one of its four-letter words.
zk_say() {
	# shellcheck disable=SC2016 # expanded by the inner bash
	timeout 3 bash -c 'exec 3<>"/dev/tcp/127.0.0.1/$1"; printf "%s" "$2" >&3; cat <&3' _ "$ZK_PORT" "$1" 2>/dev/null
}

zk_start() {
	if zk_ok; then
		echo "cluster: zookeeper answers on 127.0.0.1:$ZK_PORT"
		return 0
	fi
	if zk_runs; then
		zk_wait
		return 0
	fi
	port_open 127.0.0.1 "$ZK_PORT" && die "port $ZK_PORT is taken by something that is not ZooKeeper (set CLUSTER_ZK_PORT)"
	if [[ ! -f /usr/share/java/zookeeper.jar ]]; then
		apt_install zookeeper
	fi
	have java || apt_install default-jre-headless
	need_root "start ZooKeeper"
	as_root mkdir -p "$ZK_DIR/conf" "$ZK_DIR/data" "$ZK_DIR/log"
	as_root tee "$ZK_DIR/conf/zoo.cfg" >/dev/null <<EOF
# ZooKeeper of the local ClickHouse cluster (scripts/cluster.sh)
tickTime=2000
initLimit=10
syncLimit=5
dataDir=$ZK_DIR/data
clientPort=$ZK_PORT
clientPortAddress=127.0.0.1
maxClientCnxns=200
4lw.commands.whitelist=ruok,stat,mntr
admin.enableServer=false
autopurge.snapRetainCount=3
autopurge.purgeInterval=1
# a local cluster of tests and trials: its transaction log is not synced to
# the disk on every write (ZooKeeper's fsync was its largest cost); a crash
# of the machine can lose the last writes, a crash of ZooKeeper cannot
forceSync=no
EOF
	as_root tee "$ZK_DIR/conf/log4j.properties" >/dev/null <<EOF
log4j.rootLogger=WARN, FILE
log4j.appender.FILE=org.apache.log4j.FileAppender
log4j.appender.FILE.File=$ZK_DIR/log/zookeeper.log
log4j.appender.FILE.layout=org.apache.log4j.PatternLayout
log4j.appender.FILE.layout.ConversionPattern=%d{ISO8601} [myid:%X{myid}] - %-5p [%t:%C{1}@%L] - %m%n
EOF
	echo "cluster: starting zookeeper on 127.0.0.1:$ZK_PORT (log: $ZK_DIR/log/)"
	# The foreground server in its own session; the shell writes its own pid,
	# which exec hands to java. A killed ZooKeeper's pid file goes first: on
	# a busy machine the new shell may not have written its pid yet when
	# zk_wait first looks, which must not read the dead one.
	as_root rm -f "$ZK_DIR/zookeeper.pid"
	as_root setsid sh -c 'echo $$ >"$1"; shift; exec "$@"' sh "$ZK_DIR/zookeeper.pid" \
		nohup java -Xms64m -Xmx256m -XX:+UseSerialGC \
		-Dzookeeper.log.dir="$ZK_DIR/log" -Dlog4j.configuration="file:$ZK_DIR/conf/log4j.properties" \
		-cp "$ZK_DIR/conf:/usr/share/java/zookeeper.jar" \
		org.apache.zookeeper.server.ZooKeeperServerMain "$ZK_DIR/conf/zoo.cfg" \
		>"$ZK_DIR/log/out.log" 2>&1 </dev/null &
	sleep 0.2
	zk_wait
}

# zk_wait: wait until ZooKeeper serves (it loads its database first).
zk_wait() {
	local t=0 pid
	until zk_ok; do
		# no pid file yet: the starting shell has not written it
		pid=$(cat "$ZK_DIR/zookeeper.pid" 2>/dev/null || true)
		if [[ -n $pid ]] && ! kill -0 "$pid" 2>/dev/null; then
			tail -n 25 "$ZK_DIR/log/out.log" "$ZK_DIR/log/zookeeper.log" >&2 2>/dev/null || true
			die "zookeeper (pid $pid) exited before it served on 127.0.0.1:$ZK_PORT"
		fi
		if ((t >= TIMEOUT)); then
			tail -n 25 "$ZK_DIR/log/out.log" "$ZK_DIR/log/zookeeper.log" >&2 2>/dev/null || true
			die "zookeeper did not serve on 127.0.0.1:$ZK_PORT within ${TIMEOUT}s"
		fi
		sleep 1
		t=$((t + 1))
	done
	echo "cluster: zookeeper ready ($((t))s)"
}

zk_stop() {
	local pid
	if [[ -f $ZK_DIR/zookeeper.pid ]]; then
		pid=$(cat "$ZK_DIR/zookeeper.pid")
		if alive "$pid"; then
			as_root kill "$pid"
			for _ in $(seq 1 30); do alive "$pid" || break; sleep 0.5; done
			alive "$pid" && as_root kill -9 "$pid"
			echo "cluster: zookeeper stopped"
		fi
		as_root rm -f "$ZK_DIR/zookeeper.pid"
	elif zk_runs; then
		echo "cluster: a zookeeper answers on $ZK_PORT but was not started by this script; left alone"
	fi
}

# zk_kill: SIGKILL ZooKeeper, as a crash, and wait until it is gone. Its
# pid file stays; start starts it again.
zk_kill() {
	crash zookeeper "$(cat "$ZK_DIR/zookeeper.pid" 2>/dev/null || true)"
}

# crash NAME PID: SIGKILL the process PID (NAME in messages) and wait until
# it is gone; nothing to do when it does not run.
crash() {
	local name=$1 pid=$2
	if [[ -z $pid ]] || ! alive "$pid"; then
		echo "cluster: $name is not running"
		return 0
	fi
	need_root "kill $name"
	as_root kill -KILL "$pid"
	for _ in $(seq 1 100); do alive "$pid" || break; sleep 0.1; done
	alive "$pid" && die "$name (pid $pid) still runs after SIGKILL"
	echo "cluster: $name killed (pid $pid)"
}

# ---------------------------------------------------------------- ClickHouse

# render_node N writes node N's config.xml where it differs (a running
# node rereads it by itself).
render_node() {
	local n=$1 dir
	dir=$(node_dir "$n")
	as_root mkdir -p "$dir/data" "$dir/tmp" "$dir/log" "$dir/user_files" "$dir/format_schemas"
	local tmp=$TMP/config-$n.xml
	sed -e "s|@DIR@|$dir|g" -e "s|@CLUSTER_DIR@|$CLUSTER_DIR|g" \
		-e "s|@TCP_PORT@|$(tcp_port "$n")|g" -e "s|@HTTP_PORT@|$(http_port "$n")|g" \
		-e "s|@INTERSERVER_PORT@|$(interserver_port "$n")|g" \
		-e "s|@TCP_PORT_1@|$(tcp_port 1)|g" -e "s|@TCP_PORT_2@|$(tcp_port 2)|g" \
		-e "s|@TCP_PORT_3@|$(tcp_port 3)|g" -e "s|@TCP_PORT_4@|$(tcp_port 4)|g" \
		-e "s|@ZK_PORT@|$ZK_PORT|g" -e "s|@SHARD@|$(shard_of "$n")|g" -e "s|@REPLICA@|ch$n|g" \
		"$TEMPLATE_DIR/config.xml.in" >"$tmp"
	if ! as_root cmp -s "$tmp" "$dir/config.xml"; then
		as_root install -m 0644 -o clickhouse -g clickhouse "$tmp" "$dir/config.xml"
	fi
	rm -f "$tmp"
}

node_pid() {
	local f
	f=$(node_dir "$1")/clickhouse-server.pid
	[[ -f $f ]] && cat "$f"
}

# alive PID: the process runs and is not a zombie (a killed daemon's parent
# is init, which may take seconds to reap it).
alive() {
	local state
	state=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) || return 1
	[[ -n $state && $state != Z ]]
}

node_running() {
	local pid
	pid=$(node_pid "$1") || return 1
	[[ -n $pid ]] && alive "$pid"
}

node_start() {
	local n=$1 dir bin
	dir=$(node_dir "$n")
	if [[ $(ch "$n" 'SELECT 1' 2>/dev/null) == 1 ]]; then
		echo "cluster: ch$n answers on 127.0.0.1:$(tcp_port "$n")"
		return 0
	fi
	if node_running "$n"; then
		echo "cluster: ch$n is starting (pid $(node_pid "$n"))"
		return 0
	fi
	port_open 127.0.0.1 "$(tcp_port "$n")" && die "port $(tcp_port "$n") is taken by something that is not node ch$n"
	# A pid file left by a crash: the server refuses to start while the
	# pid in it exists, even as a zombie.
	as_root rm -f "$dir/clickhouse-server.pid"
	bin=$(ch_bin) || die "clickhouse-server not found: run 'make services' first (it installs the Debian package)"
	need_root "start ClickHouse node ch$n"
	as_root chown -R clickhouse:clickhouse "$dir"
	echo "cluster: starting ch$n (shard $(shard_of "$n"), tcp $(tcp_port "$n"), http $(http_port "$n"); log: $dir/log/)"
	as_root su -s /bin/sh clickhouse -c \
		"cd '$dir' && $bin --config-file='$dir/config.xml' --pid-file='$dir/clickhouse-server.pid' --daemon" \
		>/dev/null 2>&1 </dev/null || true
}

# node_wait N: wait until node N answers. ClickHouse 18.16 listens only
# once it has loaded every table, which over many replicated tables and a
# busy ZooKeeper takes minutes: the wait goes on while the server runs and
# writes to its log, up to CLUSTER_MAX_WAIT seconds in all, and fails at
# once when the server has exited.
node_wait() {
	local n=$1 t=0 idle=0 size last=-1 log pid
	log=$(node_dir "$n")/log/clickhouse-server.log
	until [[ $(ch "$n" 'SELECT 1' 2>/dev/null) == 1 ]]; do
		pid=$(node_pid "$n" || true)
		if ((t >= 5)) && { [[ -z $pid ]] || ! alive "$pid"; }; then
			tail -n 25 "$(node_dir "$n")/log/clickhouse-server.err.log" >&2 2>/dev/null || true
			die "ch$n exited before it answered on 127.0.0.1:$(tcp_port "$n"); to see why: su -s /bin/sh clickhouse -c 'clickhouse-server --config-file=$(node_dir "$n")/config.xml'"
		fi
		size=$(as_root stat -c %s "$log" 2>/dev/null || echo 0)
		if [[ $size != "$last" ]]; then
			last=$size
			idle=0
		fi
		if ((idle >= TIMEOUT || t >= MAX_WAIT)); then
			tail -n 25 "$(node_dir "$n")/log/clickhouse-server.err.log" >&2 2>/dev/null || true
			die "ch$n did not answer on 127.0.0.1:$(tcp_port "$n") within ${t}s (its log still for ${idle}s); to see why: su -s /bin/sh clickhouse -c 'clickhouse-server --config-file=$(node_dir "$n")/config.xml'"
		fi
		if ((t > 0 && t % 30 == 0)); then
			echo "cluster: ch$n still loading (${t}s)"
		fi
		sleep 1
		t=$((t + 1))
		idle=$((idle + 1))
	done
}

node_stop() {
	local n=$1 pid
	pid=$(node_pid "$n") || return 0
	[[ -n $pid ]] || return 0
	if alive "$pid"; then
		as_root kill "$pid"
		for _ in $(seq 1 60); do alive "$pid" || break; sleep 0.5; done
		alive "$pid" && as_root kill -9 "$pid"
		echo "cluster: ch$n stopped"
	fi
	as_root rm -f "$(node_dir "$n")/clickhouse-server.pid"
}

# retry CMD…: run CMD once a second until it succeeds, for up to TIMEOUT
# seconds; prints the output (and errors) of its last run.
retry() {
	local out t=0
	until out=$("$@" 2>&1); do
		if ((t >= TIMEOUT)); then
			printf '%s\n' "$out"
			return 1
		fi
		sleep 1
		t=$((t + 1))
	done
	printf '%s\n' "$out"
}

# cluster_check: every node knows cluster reeltrack with 4 replicas in 2
# shards, reads ZooKeeper, and its macros are its own.
cluster_check() {
	local n got want
	for n in "${NODES[@]}"; do
		got=$(ch "$n" "SELECT count(), uniqExact(shard_num) FROM system.clusters WHERE cluster = 'reeltrack'" | tr '\t' ' ')
		[[ $got == "4 2" ]] || die "ch$n: system.clusters shows '$got' for reeltrack, want '4 2'"
		# a node whose ZooKeeper session ended (ZooKeeper was down) opens
		# a new one within seconds
		got=$(retry ch "$n" "SELECT count() > 0 FROM system.zookeeper WHERE path = '/'") ||
			die "ch$n cannot read ZooKeeper: $got"
		want="$(shard_of "$n") ch$n"
		got=$(ch "$n" "SELECT groupArray(substitution) FROM (SELECT substitution FROM system.macros WHERE macro IN ('shard', 'replica') ORDER BY macro DESC)" | tr -d "[]'" | tr ',' ' ')
		[[ $got == "$want" ]] || die "ch$n: macros shard, replica are '$got', want '$want'"
		# the users of users.d/ in effect (a running node rereads them
		# within seconds)
		got=$(retry ch_as service "$n" "SELECT 1") || die "ch$n: the service's user $SERVICE_USER cannot log in: $got"
	done
}

start() {
	local t0=$SECONDS n
	[[ -f $TEMPLATE_DIR/config.xml.in ]] || die "template $TEMPLATE_DIR/config.xml.in missing"
	zk_start
	need_root "write $CLUSTER_DIR"
	ch_bin >/dev/null || die "clickhouse-server not found: run 'make services' first (it installs the Debian package)"
	id clickhouse >/dev/null 2>&1 || die "user clickhouse missing (the Debian package creates it)"
	as_root mkdir -p "$CLUSTER_DIR"
	# Nodes that run reread their users and configs by themselves.
	users_install
	analyst_install
	for n in "${NODES[@]}"; do render_node "$n"; done
	for n in "${NODES[@]}"; do node_start "$n"; done
	for n in "${NODES[@]}"; do node_wait "$n"; done
	cluster_check
	# The service's database on every node, so it can connect to any of
	# them, made by the service's user; the migrations create the rest
	# (docs/scaling.md).
	local out
	out=$(retry ch_as service 1 "CREATE DATABASE IF NOT EXISTS \`$DATABASE\` ON CLUSTER reeltrack") ||
		die "cannot create database $DATABASE on cluster reeltrack: $out"
	echo "cluster: ready in $((SECONDS - t0))s: cluster reeltrack, shard 1 = 127.0.0.1:$(tcp_port 1),$(tcp_port 2), shard 2 = 127.0.0.1:$(tcp_port 3),$(tcp_port 4); ZooKeeper 127.0.0.1:$ZK_PORT"
	echo "cluster: e.g. CLICKHOUSE_CLUSTER=reeltrack CLICKHOUSE_ADDR=127.0.0.1:$(tcp_port 1) go run ./cmd/migrate"
}

# users_install writes the nodes' users.xml (profiles, quotas, `default`)
# and, into the users.d/ beside it, the service's user of `make services`
# (deploy/clickhouse/render-service-users.sh) with its databases on the
# cluster (<db>, <db>_analytics and their shard-local <db>_local,
# <db>_analytics_local); `default` stays as users.xml has it.
users_install() {
	as_root mkdir -p "$CLUSTER_DIR/users.d"
	if ! as_root cmp -s "$TEMPLATE_DIR/users.xml" "$CLUSTER_DIR/users.xml"; then
		as_root install -m 0644 "$TEMPLATE_DIR/users.xml" "$CLUSTER_DIR/users.xml"
	fi
	CLICKHOUSE_SERVICE_USER=$SERVICE_USER CLICKHOUSE_PASSWORD=$SERVICE_PASSWORD CLICKHOUSE_ADMIN_PASSWORD='' \
		CLICKHOUSE_DATABASE=$DATABASE CLICKHOUSE_CLUSTER=reeltrack CLICKHOUSE_SERVICE_NETWORKS=::1,127.0.0.1 \
		CLICKHOUSE_SERVICE_GRANTS=0 CLICKHOUSE_SERVICE_PASSWORD_FROM_IMAGE=0 CLICKHOUSE_LOCAL_DEV=1 \
		"$HERE/../deploy/clickhouse/render-service-users.sh" "$TMP/users-service.xml" >/dev/null ||
		die "cannot render the service's user"
	if ! as_root cmp -s "$TMP/users-service.xml" "$CLUSTER_DIR/users.d/reeltrack-service.xml"; then
		as_root install -m 0644 "$TMP/users-service.xml" "$CLUSTER_DIR/users.d/reeltrack-service.xml"
	fi
}

# analyst_install writes the analysts' read-only user (docs/analytics.md)
# into the users.d/ that every node reads beside users.xml, as
# scripts/services.sh does for the single server: user `analyst`, password
# CLICKHOUSE_ANALYST_PASSWORD (analyst-local), database <db>_analytics,
# whose Distributed tables it reads on every shard. Nodes reread the
# directory by themselves.
analyst_install() {
	local tmpd
	as_root mkdir -p "$CLUSTER_DIR/users.d"
	tmpd=$(mktemp -d)
	CLICKHOUSE_ANALYST_PASSWORD=${CLICKHOUSE_ANALYST_PASSWORD:-analyst-local} CLICKHOUSE_DATABASE=$DATABASE CLICKHOUSE_LOCAL_DEV=1 \
		"$HERE/../deploy/clickhouse/render-analyst-users.sh" "$tmpd/analyst.xml" >/dev/null ||
		{ rm -rf "$tmpd"; die "cannot render the analyst user"; }
	if [[ -f $tmpd/analyst.xml ]] && ! cmp -s "$tmpd/analyst.xml" "$CLUSTER_DIR/users.d/reeltrack-analyst.xml"; then
		as_root install -m 0644 "$tmpd/analyst.xml" "$CLUSTER_DIR/users.d/reeltrack-analyst.xml"
	fi
	rm -rf "$tmpd"
}

# node_kill N: SIGKILL node N's server, as a crash (no shutdown, no flush),
# and wait until it is gone. Its pid file stays; start starts it again.
node_kill() {
	local n=$1
	[[ $n =~ ^[1-4]$ ]] || die "kill: no node '$n' (1..4)"
	crash "ch$n" "$(node_pid "$n" || true)"
}

stop() {
	local n
	for n in "${NODES[@]}"; do node_stop "$n"; done
	zk_stop
}

status() {
	local n
	if zk_ok; then echo "zookeeper 127.0.0.1:$ZK_PORT: up"; else echo "zookeeper 127.0.0.1:$ZK_PORT: down"; fi
	for n in "${NODES[@]}"; do
		if [[ $(ch "$n" 'SELECT 1' 2>/dev/null) == 1 ]]; then
			echo "ch$n 127.0.0.1:$(tcp_port "$n") (shard $(shard_of "$n")): up"
		else
			echo "ch$n 127.0.0.1:$(tcp_port "$n") (shard $(shard_of "$n")): down"
		fi
	done
}

case ${1:-start} in
start) start ;;
stop) stop ;;
status) status ;;
kill)
	shift
	(($# > 0)) || die "usage: $0 kill N|zookeeper..."
	for n in "$@"; do
		if [[ $n == zookeeper ]]; then zk_kill; else node_kill "$n"; fi
	done
	;;
*) die "usage: $0 [start|stop|status|kill N|zookeeper...]" ;;
esac
