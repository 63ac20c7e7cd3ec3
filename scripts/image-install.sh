#!/usr/bin/env bash
# The image recipe's steps (Dockerfile), in one script so CI runs the very steps the image runs,
# without a container engine:
#   scripts/image-install.sh build     build stage: every dependency, the pages and the server bundles
#   scripts/image-install.sh install   runtime stage: the production install beside the built dist/, checked
#   scripts/image-install.sh start     the container's command: the server as built (NODE_ENV=production)
#   scripts/image-install.sh check     CI: the install's checks, and a start of the server as built
#                                      (PGlite in a scratch folder) through liveness, readiness and a
#                                      shutdown that turns not-ready before it drains
#   scripts/image-install.sh check --full
#                                      the same on the runtime stage rehearsed in a scratch folder:
#                                      the files the Dockerfile copies, a real `npm ci --omit=dev`
#                                      (a minute or more, so not in CI), then the start
set -euo pipefail
cd "$(dirname "$0")/.."

# What the runtime stage copies from the build stage and the checkout (docs/deployment.md
# "Build, install, run"); the Dockerfile's COPY lines name the same.
RUNTIME_FILES=(package.json package-lock.json scripts/launch.mjs scripts/bundle-server.mjs scripts/newest-mtime.mjs
  scripts/image-install.sh dist/server/start.mjs dist/server/migrations/meta/_journal.json dist/web)

build() {
  npm ci --no-audit --no-fund # its postinstall builds the pages and the bundles
  npm run build
}

# Every file the image needs is there, and every package the server's bundles load resolves.
verify_install() {
  local missing=0
  for file in "${RUNTIME_FILES[@]}"; do
    if [ ! -e "$file" ]; then
      echo "image: $file is missing" >&2
      missing=1
    fi
  done
  [ "$missing" = 0 ] || return 1
  node --input-type=module -e '
    import { readFileSync } from "node:fs";
    const { dependencies } = JSON.parse(readFileSync("package.json", "utf8"));
    const unresolved = Object.keys(dependencies).filter((name) => {
      try { import.meta.resolve(`${name}/package.json`); return false; } catch {
        try { import.meta.resolve(name); return false; } catch { return true; } }
    });
    if (unresolved.length) { console.error(`image: not installed: ${unresolved.join(", ")}`); process.exit(1); }
  '
}

install() {
  npm ci --omit=dev --no-audit --no-fund
  npm cache clean --force >/dev/null 2>&1 || true
  verify_install
  echo "image: production install checked"
}

start() {
  export NODE_ENV="${NODE_ENV:-production}"
  exec node --enable-source-maps dist/server/start.mjs
}

# The HTTP status of a local address (000 when nothing answers).
status_of() {
  node -e 'fetch(process.argv[1]).then((r) => console.log(r.status), () => console.log("000"))' "$1"
}

# Starts the server as built from the current folder (production, PGlite in a scratch folder,
# providers at addresses nothing listens on: it sends nothing) through /healthz and /readyz, then
# SIGTERM: /readyz answers 503 at once while /healthz still answers, and the process exits 0.
smoke_start() {
  local data port log pid marker
  data=$(mktemp -d)
  # The image's root filesystem is read-only: the start must write nothing in the app's folder.
  marker="$data/started"
  touch "$marker"
  log="$data/server.log"
  port=$((20000 + RANDOM % 20000))
  (
    export PORT=$port HOST=127.0.0.1 DATA_DIR="$data" DATABASE_URL= COB_SCHEDULE=off READINESS_GRACE_SECONDS=2 \
      LOG_LEVEL=warn PUBLIC_URL=https://hiram.test \
      SEMAPHORE_API_KEY=image-check SEMAPHORE_SENDER_NAME=HIRAM SEMAPHORE_BASE_URL=https://127.0.0.1:9/api/v4 \
      XENDIT_SECRET_KEY=xnd_image_check XENDIT_CALLBACK_TOKEN=image-check XENDIT_BASE_URL=https://127.0.0.1:9 \
      XENDIT_CHECKOUT_HOSTS=checkout.image-check.test ALLOWED_REDIRECT_HOSTS=hiram.test,checkout.image-check.test \
      LENDER_NAME='Image Check Lending' LENDER_SEC_REG_NO=CS000 LENDER_CA_NO='CA 0' LENDER_ADDRESS=Nowhere \
      LENDER_EMAIL=check@lender.test LENDER_PHONE='+63 2 0' LENDER_MESSAGING='+63 917 0' \
      STAFF_FACTOR_KEY=aW1hZ2UtY2hlY2stc3RhZmYtZmFjdG9yLWtleS0zMmI=
    start
  ) > "$log" 2>&1 &
  pid=$!
  local base="http://127.0.0.1:$port" ready=000
  for _ in $(seq 1 150); do
    ready=$(status_of "$base/readyz")
    [ "$ready" = 200 ] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.2
  done
  if [ "$ready" != 200 ] || [ "$(status_of "$base/healthz")" != 200 ]; then
    echo "image: the server as built did not become ready (readyz $ready)" >&2
    cat "$log" >&2
    kill "$pid" 2>/dev/null || true
    rm -rf "$data"
    return 1
  fi
  kill -TERM "$pid"
  # Both asked at once, within the grace (a node start per request could outlast it on a busy machine).
  local during rc=0
  during=$(node -e '
    const ask = (path) => fetch(process.argv[1] + path).then((r) => r.status, () => "000");
    new Promise((done) => setTimeout(done, 300))
      .then(() => Promise.all([ask("/readyz"), ask("/healthz")]))
      .then((s) => console.log(s.join(" ")));
  ' "$base")
  wait "$pid" || rc=$?
  if [ "$during" != "503 200" ] || [ "$rc" != 0 ]; then
    echo "image: shutdown: readyz and healthz answered $during (want 503 200), exit $rc (want 0)" >&2
    cat "$log" >&2
    rm -rf "$data"
    return 1
  fi
  local written
  written=$(find package.json scripts dist node_modules -newer "$marker" 2>/dev/null | head -5)
  rm -rf "$data"
  if [ -n "$written" ]; then
    echo "image: the server wrote in its folder, which is read-only in the image:" >&2
    echo "$written" >&2
    return 1
  fi
}

check() {
  local started=$SECONDS
  # A development checkout may hold bundles older than its sources (CI's install has just built them).
  if [ -d node_modules/esbuild ]; then
    node --input-type=module -e '
      const { bundleServer, serverBundleIsStale } = await import("./scripts/bundle-server.mjs");
      if (serverBundleIsStale()) await bundleServer();
    '
  fi
  grep -q 'image-install.sh build' Dockerfile && grep -q 'image-install.sh install' Dockerfile &&
    grep -q '"scripts/image-install.sh", "start"' Dockerfile || {
    echo "image: the Dockerfile does not run scripts/image-install.sh build, install and start" >&2
    return 1
  }
  if [ "${1:-}" = --full ]; then
    # The runtime stage's COPY lines, into a scratch folder, then its RUN and its command.
    local stage
    stage=$(mktemp -d)
    mkdir -p "$stage/scripts"
    cp package.json package-lock.json "$stage/"
    cp scripts/launch.mjs scripts/bundle-server.mjs scripts/newest-mtime.mjs scripts/image-install.sh "$stage/scripts/"
    cp -R dist "$stage/dist"
    if ! (cd "$stage" && scripts/image-install.sh install && smoke_start); then
      rm -rf "$stage"
      return 1
    fi
    echo "image: runtime stage rehearsed in $stage: $(du -sh "$stage/node_modules" | cut -f1) of node_modules"
    rm -rf "$stage"
  else
    verify_install
    smoke_start
  fi
  echo "image: install checked, started as built, ready, not ready on SIGTERM, drained and exited ($((SECONDS - started)) s)"
}

case "${1:-}" in
build | install | start) "$1" ;;
check) check "${2:-}" ;;
*)
  echo "usage: scripts/image-install.sh build|install|start|check [--full]" >&2
  exit 2
  ;;
esac
