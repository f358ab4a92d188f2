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

// UsersDir is where the local ClickHouse reads extra users configs; it
// rereads the directory within seconds.
const UsersDir = "/etc/clickhouse-server/users.d"

// ServiceUser is a ClickHouse user of the service's kind, made for databases
// of a test's own by InstallServiceUser.
type ServiceUser struct {
	Options store.ClickHouseOptions // log in as the user, in its database
	File    string                  // the users config in the users directory
}

// Remove deletes the user's config; ClickHouse drops the user on reread.
func (u *ServiceUser) Remove() error {
	if err := os.Remove(u.File); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

const serviceUserPrefix = "svc_"

// InstallServiceUser makes a ClickHouse user of the service's kind for db
// and its migrations' databases, as `make services` does, writes it into dir
// (root needed) and waits until every server of addrs lets it log in. Call
// Remove when done.
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

// RenderServiceUsers runs render-service-users.sh into out with env over
// the test's, `default` left alone, grants as for 18.16 unless env says.
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

// removeStaleServiceUsers: a test killed before its cleanup leaves its file.
func removeStaleServiceUsers(dir string, age time.Duration) {
	files, _ := filepath.Glob(filepath.Join(dir, "reeltrack-service-"+serviceUserPrefix+"rt_*.xml"))
	for _, f := range files {
		if st, err := os.Stat(f); err == nil && time.Since(st.ModTime()) > age {
			_ = os.Remove(f)
		}
	}
}

// CurrentEngineUsers writes into dir the users config of a current engine
// whose `default` is the service's user for db, plus what cmd/chdbhttp needs
// (reading files, temporary tables). It returns its path.
func CurrentEngineUsers(ctx context.Context, dir, db string) (string, error) {
	if err := os.MkdirAll(filepath.Join(dir, "users.d"), 0o755); err != nil {
		return "", err
	}
	base := filepath.Join(dir, "users.xml")
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
