package testenv

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/reeltrack/reeltrack/internal/analyst"
	"github.com/reeltrack/reeltrack/internal/store"
)

// UsersDir is where the local (Debian) ClickHouse of `make services` reads
// extra users configs; it rereads the directory by itself within seconds.
const UsersDir = "/etc/clickhouse-server/users.d"

// ServiceUser is a ClickHouse user of the service's kind, made by
// InstallServiceUser from the configuration `make services` installs for
// the service (deploy/clickhouse/render-service-users.sh), for databases
// of a test's own.
type ServiceUser struct {
	Options store.ClickHouseOptions // log in as the user, in its database
	File    string                  // the users config in the users directory
}

// Remove deletes the user's config; ClickHouse drops the user when it
// rereads the directory.
func (u *ServiceUser) Remove() error {
	if err := os.Remove(u.File); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

// serviceUserPrefix starts the name of every user InstallServiceUser makes.
const serviceUserPrefix = "svc_"

// InstallServiceUser makes a ClickHouse user of the service's kind for the
// database db (and the databases its migrations make beside it: the
// analytics database, and on cluster their shard-local ones), with a random
// password, the way `make services` makes the service's user: the
// repository's template rendered by render-service-users.sh, with the
// databases allowed as on ClickHouse 18.16. It writes the config into dir
// (UsersDir, or the local cluster's Cluster.UsersDir) and waits until every
// server of addrs lets the user log in; its Options log in on the first,
// database db, which the user may create. Call Remove when done.
//
// It needs write access to dir (root, as after `make services`).
func InstallServiceUser(ctx context.Context, dir string, addrs []string, db, cluster string) (*ServiceUser, error) {
	user := serviceUserPrefix + db
	if err := analyst.CheckUsersDir(dir); err != nil {
		return nil, fmt.Errorf("service user %s: %w", user, err)
	}
	removeStaleServiceUsers(dir, time.Hour)

	var b [16]byte
	_, _ = rand.Read(b[:])
	password := hex.EncodeToString(b[:])
	file := filepath.Join(dir, "reeltrack-service-"+user+".xml")
	if err := RenderServiceUsers(ctx, file,
		"CLICKHOUSE_SERVICE_USER="+user,
		"CLICKHOUSE_PASSWORD="+password,
		"CLICKHOUSE_DATABASE="+db,
		"CLICKHOUSE_CLUSTER="+cluster,
		"CLICKHOUSE_SERVICE_NETWORKS=::1,127.0.0.1",
	); err != nil {
		return nil, fmt.Errorf("service user %s: %w", user, err)
	}
	u := &ServiceUser{
		Options: store.ClickHouseOptions{Addr: addrs[0], Database: db, User: user, Password: password, Cluster: cluster},
		File:    file,
	}
	for _, addr := range addrs {
		if err := waitForLogin(ctx, store.ClickHouseOptions{Addr: addr, Database: "system", User: user, Password: password}, file); err != nil {
			_ = u.Remove()
			return nil, err
		}
	}
	return u, nil
}

// RenderServiceUsers runs deploy/clickhouse/render-service-users.sh into
// out with env over the test's environment, `default` left alone
// (CLICKHOUSE_ADMIN_PASSWORD empty unless env sets it) and grants as for
// ClickHouse 18.16 unless env says otherwise.
func RenderServiceUsers(ctx context.Context, out string, env ...string) error {
	script := filepath.Join(Root(), "deploy", "clickhouse", "render-service-users.sh")
	cmd := exec.CommandContext(ctx, "sh", script, out)
	cmd.Env = append(append(os.Environ(), "CLICKHOUSE_ADMIN_PASSWORD=", "CLICKHOUSE_SERVICE_GRANTS=0",
		"CLICKHOUSE_SERVICE_PASSWORD_FROM_IMAGE=0", "CLICKHOUSE_LOCAL_DEV=0"), env...)
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s: %v\n%s", script, err, b)
	}
	return nil
}

// waitForLogin polls a login until the server has loaded the user's config.
func waitForLogin(ctx context.Context, o store.ClickHouseOptions, file string) error {
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	for {
		conn, err := store.OpenClickHouse(ctx, o)
		if err == nil {
			err = conn.Exec(ctx, "SELECT 1")
			conn.Close()
			if err == nil {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("user %s (%s) cannot log in to %s after 60 s; check that ClickHouse reads %s: %w", o.User, file, o.Addr, filepath.Dir(file), err)
		case <-time.After(300 * time.Millisecond):
		}
	}
}

// removeStaleServiceUsers deletes the configs InstallServiceUser wrote for
// test databases (svc_rt_*) more than age ago: a test killed before its
// cleanup leaves its file behind. The user it defines could only use test
// databases that are gone by then.
func removeStaleServiceUsers(dir string, age time.Duration) {
	files, _ := filepath.Glob(filepath.Join(dir, "reeltrack-service-"+serviceUserPrefix+"rt_*.xml"))
	for _, f := range files {
		if st, err := os.Stat(f); err == nil && time.Since(st.ModTime()) > age {
			_ = os.Remove(f)
		}
	}
}

// CurrentEngineUsers writes into dir the users config of a current engine
// (StartCurrentEngineAs) whose one user, `default`, is the service's user
// for the database db as docker-compose.yml makes it on ClickHouse 26.7:
// the official image's entrypoint defines the user (CLICKHOUSE_USER,
// CLICKHOUSE_PASSWORD; here without a password, as the engine logs in
// without one), and render-service-users.sh adds its SQL grants. To these
// it adds what cmd/chdbhttp itself needs, which a server does not: reading
// files (it stages inserted rows in a file the engine reads) and temporary
// tables (external tables). It returns the path of the users config.
func CurrentEngineUsers(ctx context.Context, dir, db string) (string, error) {
	if err := os.MkdirAll(filepath.Join(dir, "users.d"), 0o755); err != nil {
		return "", err
	}
	base := filepath.Join(dir, "users.xml")
	// The profile and quota of the image's users.xml, and the user its
	// entrypoint writes into users.d/default-user.xml.
	files := map[string]string{
		base: `<clickhouse><profiles><default></default></profiles><quotas><default></default></quotas></clickhouse>` + "\n",
		filepath.Join(dir, "users.d", "default-user.xml"): strings.Join([]string{
			`<clickhouse><users>`,
			`<default><profile>default</profile><networks><ip>::/0</ip></networks><password></password>`,
			`<quota>default</quota><access_management>0</access_management></default>`,
			`</users></clickhouse>`, ""}, "\n"),
	}
	for path, text := range files {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			return "", err
		}
	}
	service := filepath.Join(dir, "users.d", "reeltrack-service.xml")
	err := RenderServiceUsers(ctx, service,
		"CLICKHOUSE_SERVICE_USER=default",
		"CLICKHOUSE_PASSWORD=set-by-the-image",
		"CLICKHOUSE_SERVICE_PASSWORD_FROM_IMAGE=1",
		"CLICKHOUSE_SERVICE_GRANTS=1",
		"CLICKHOUSE_DATABASE="+db,
		"CLICKHOUSE_CLUSTER=",
		"CLICKHOUSE_SERVICE_NETWORKS=::/0",
	)
	if err != nil {
		return "", err
	}
	b, err := os.ReadFile(service)
	if err != nil {
		return "", err
	}
	const end = "            </grants>"
	if !strings.Contains(string(b), end) {
		return "", fmt.Errorf("%s has no SQL grants", service)
	}
	front := "                <!-- cmd/chdbhttp's own, not the service's -->\n" +
		"                <query>GRANT FILE ON *.*</query>\n" +
		"                <query>GRANT CREATE TEMPORARY TABLE ON *.*</query>\n"
	return base, os.WriteFile(service, []byte(strings.Replace(string(b), end, front+end, 1)), 0o644)
}
