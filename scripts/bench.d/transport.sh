#!/usr/bin/env bash
# HTTP clients against nginx returning a fixed GraphQL response (installed from the OS packages
# when missing, so that the server is not the limit): requests/s of HTTPClientTransport,
# URLSessionTransport, raw URLSession.shared, the whole client (a query through the pipeline,
# decoded) on each transport, and the aiohttp peer (PyPI, in .venv-interop; `--no-aiohttp` skips
# it), at 1, 16 and 64 concurrent requests in one run, each side in its own process; then the TCP
# connections a 10,000-query run opens. At 1 concurrent request a blocking socket loop in Python
# (blocking_client.py: no event loop, nothing parsed) shows the floor any client can reach.
# Issue #19's goals: the whole client at least 5x URLSession.shared and at least aiohttp; at most
# one connection per pool slot.
# Usage: scripts/bench transport [SECONDS_PER_CELL] [--no-aiohttp]
set -euo pipefail
seconds=${1:-2}
aiohttp_python=-
if [ "${2:-}" != "--no-aiohttp" ]; then
    source "$(dirname "$0")/../lib/venv.sh"
    venv_install aiohttp
    aiohttp_python="$VENV_DIR/bin/python"
fi
nginx=$(command -v nginx || true)
[ -z "$nginx" ] && [ -x /usr/sbin/nginx ] && nginx=/usr/sbin/nginx
if [ -z "$nginx" ]; then
    echo "installing nginx from the OS packages" >&2
    (apt-get install -y nginx-light >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y nginx-light >/dev/null; }) \
        || { apt-get update >/dev/null && apt-get install -y nginx >/dev/null; }
    nginx=$(command -v nginx || echo /usr/sbin/nginx)
fi
swift build -c release --product transport-bench >&2
bin="$(swift build -c release --show-bin-path)"

work=$(mktemp -d)
cleanup() {
    if [ -n "${nginx_pid:-}" ]; then kill "$nginx_pid" 2>/dev/null || true; wait "$nginx_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mkdir -p "$work/temp"
cat >"$work/nginx.conf" <<CONF
worker_processes 1;
daemon off;
pid $work/nginx.pid;
error_log $work/error.log;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path $work/temp;
    proxy_temp_path $work/temp;
    fastcgi_temp_path $work/temp;
    uwsgi_temp_path $work/temp;
    scgi_temp_path $work/temp;
    keepalive_requests 10000000;
    keepalive_timeout 75s;
    server {
        listen 127.0.0.1:$port;
        location = /nginx_status { stub_status; }
        location / {
            default_type application/json;
            return 200 '{"data":{"getTodo":{"id":"todo-1","name":"Write the benchmark","priority":3}}}';
        }
    }
}
CONF
"$nginx" -c "$work/nginx.conf" -p "$work" &
nginx_pid=$!
for _ in $(seq 1 50); do
    if python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 0.2)" 2>/dev/null; then break; fi
    sleep 0.1
done
python3 "$(dirname "$0")/transport_run.py" "$bin/transport-bench" "http://127.0.0.1:$port/graphql" "$seconds" \
    "$aiohttp_python" "http://127.0.0.1:$port/nginx_status"
