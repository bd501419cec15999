#!/bin/bash
# Checks the two HTTPS configurations of docs/server.md with a throw-away
# certificate on loopback:
#   1. `kontor serve --tls-cert --tls-key` serving HTTPS itself: a browser
#      loads the lobby, creates a game and moves;
#   2. Debian's nginx in front ("Behind a reverse proxy"): nginx terminates
#      TLS on 127.0.0.1:NGINX_PORT and passes everything to `kontor serve
#      --trust-proxy 127.0.0.1` on 127.0.0.1:KONTOR_PORT.  Checks the page
#      and its security headers through HTTPS, a WebSocket through the proxy
#      (the browser's Origin is the proxy's https origin), the limit per
#      address counting the client nginx names (not the proxy, and not an
#      X-Forwarded-For the client made up), and a browser game.
# Needs nginx and openssl (apt-get install nginx-light) and tests/web's
# playwright-core (npm ci); not part of `make test`.
#
#   tests/server/deploy-check.sh [KONTOR]
set -u
KONTOR=${1:-build/release/kontor}
DIR=$(mktemp -d)
NGINX_PORT=18443
KONTOR_PORT=18089
KPID=""
TPID=""
cleanup() {
    [ -n "$TPID" ] && kill "$TPID" 2>/dev/null
    [ -f "$DIR/nginx.pid" ] && kill "$(cat "$DIR/nginx.pid")" 2>/dev/null
    [ -n "$KPID" ] && kill "$KPID" 2>/dev/null
    sleep 0.3
    rm -rf "$DIR"
}
trap cleanup EXIT
fail() { echo "deploy check: FAILED: $*"; exit 1; }

# browser_game URL WHAT: a browser loads the lobby at URL, creates a game and moves.
browser_game() {
    [ -d tests/web/node_modules/playwright-core ] || { echo "deploy check: (browser step skipped: npm ci in tests/web)"; return 0; }
    node --input-type=module - "$1" "$2" <<'JS'
import { createRequire } from 'node:module';
const { chromium } = createRequire(process.cwd() + '/tests/web/')('playwright-core');
const [url, what] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
try {
  const page = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage();
  await page.goto(url);
  await page.waitForSelector('#game option', { state: 'attached' });
  await page.click('#create');
  await page.waitForSelector('#actions button.act', { timeout: 15000 });
  const before = await page.$eval('.tablepage', (e) => +e.dataset.actions);
  await page.click('#actions button.act');
  await page.waitForFunction((b) => +document.querySelector('.tablepage').dataset.actions > b, before, { timeout: 15000 });
  console.log(`deploy check: ${what}: a browser created a game and moved (${page.url()})`);
} finally { await browser.close(); }
JS
}

openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
    -keyout "$DIR/key.pem" -out "$DIR/cert.pem" -subj /CN=localhost \
    -addext "subjectAltName=DNS:localhost" >/dev/null 2>&1 || fail "openssl"
# The server block is the one docs/server.md gives, with this test's ports
# and certificate; the lines around it make nginx run as a user's program.
cat > "$DIR/nginx.conf" <<EOF
pid $DIR/nginx.pid;
error_log $DIR/error.log;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path $DIR; proxy_temp_path $DIR; fastcgi_temp_path $DIR;
    uwsgi_temp_path $DIR; scgi_temp_path $DIR;
    map \$http_upgrade \$connection_upgrade { default upgrade; '' close; }
    server {
        listen 127.0.0.1:$NGINX_PORT ssl;
        server_name localhost;
        ssl_certificate $DIR/cert.pem;
        ssl_certificate_key $DIR/key.pem;
        location / {
            proxy_pass http://127.0.0.1:$KONTOR_PORT;
            proxy_http_version 1.1;
            proxy_set_header Host \$http_host;
            proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto \$scheme;
            proxy_set_header Upgrade \$http_upgrade;
            proxy_set_header Connection \$connection_upgrade;
            proxy_read_timeout 1h;
        }
    }
}
EOF
"$KONTOR" serve --listen 127.0.0.1:$KONTOR_PORT --db "$DIR/games.db" --trust-proxy 127.0.0.1 \
    --conns-per-addr 8 > "$DIR/kontor.out" 2>&1 &
KPID=$!
nginx -c "$DIR/nginx.conf" -p "$DIR" 2> "$DIR/nginx.err" || { cat "$DIR/nginx.err"; fail "nginx did not start"; }
sleep 1

"$KONTOR" serve --listen 127.0.0.1:$((KONTOR_PORT + 1)) --db "$DIR/tls.db" --tls-cert "$DIR/cert.pem" \
    --tls-key "$DIR/key.pem" > "$DIR/tls.out" 2>&1 &
TPID=$!
sleep 1
grep -q "open https://127.0.0.1:$((KONTOR_PORT + 1))/" "$DIR/tls.out" || fail "kontor with TLS: $(cat "$DIR/tls.out")"
browser_game "https://localhost:$((KONTOR_PORT + 1))/" "kontor serving HTTPS itself" || fail "browser on kontor's TLS"
kill $TPID
TPID=""

echo "deploy check: $(nginx -v 2>&1)"
head=$(curl -sk -D - -o /dev/null "https://localhost:$NGINX_PORT/") || fail "curl"
echo "$head" | grep -q "^HTTP/1.1 200" || fail "the page: $head"
echo "$head" | grep -qi "frame-ancestors 'none'" || fail "no CSP through the proxy"
echo "deploy check: the page comes through HTTPS with its Content-Security-Policy"

python3 - "$NGINX_PORT" <<'EOF' || fail "WebSocket checks"
import json, os, socket, ssl, struct, sys
port = int(sys.argv[1])
ctx = ssl.create_default_context(); ctx.check_hostname = False; ctx.verify_mode = ssl.CERT_NONE
def ws(src, origin, xff=None):
    raw = socket.socket(); raw.bind((src, 0)); raw.connect(('127.0.0.1', port))
    s = ctx.wrap_socket(raw, server_hostname='localhost')
    extra = 'Origin: %s\r\n' % origin + ('X-Forwarded-For: %s\r\n' % xff if xff else '')
    s.sendall(('GET /ws HTTP/1.1\r\nHost: localhost:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n'
               'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n%s\r\n' % (port, extra)).encode())
    head = b''
    while b'\r\n\r\n' not in head:
        d = s.recv(4096)
        if not d: break
        head += d
    return s, int(head.split(b' ')[1]) if head else 0
def send(s, obj):
    b = json.dumps(obj).encode(); m = os.urandom(4)
    s.sendall(bytes([0x81, 0x80 | len(b)]) + m + bytes(c ^ m[i & 3] for i, c in enumerate(b)))
def recv(s):
    h = s.recv(2); n = h[1] & 0x7f
    if n == 126: n = struct.unpack('>H', s.recv(2))[0]
    data = b''
    while len(data) < n: data += s.recv(n - len(data))
    return json.loads(data)
own = 'https://localhost:%d' % port
s, st = ws('127.0.0.2', own)
assert st == 101, st
send(s, {'cmd': 'ping', 'ref': 1}); r = recv(s); assert r['ok'], r
print('deploy check: a WebSocket through the proxy with the page\'s own https origin works')
_, st = ws('127.0.0.2', 'http://localhost:%d' % port)
assert st == 403, st
print('deploy check: the same host over http:// is another origin: refused (403)')
opened = [ws('127.0.0.3', own, xff='198.51.100.%d' % i) for i in range(12)]
codes = [c for _, c in opened]
assert codes.count(101) == 8 and codes.count(429) == 4, codes
print('deploy check: client 127.0.0.3 (made-up X-Forwarded-For ignored): 8 connections, then 429: %s' % codes)
s4, st = ws('127.0.0.4', own)
assert st == 101, st
print('deploy check: another client through the same proxy is still served')
EOF
browser_game "https://localhost:$NGINX_PORT/" "through the proxy" || fail "browser through nginx"
echo "deploy check: passed"
