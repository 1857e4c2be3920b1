#!/bin/sh
# compose.yaml's archive_command: `archive-push STANZA WAL [pgbackrest options]`. The stanza is created before the
# first segment is archived (stanza-create is idempotent), so archiving never waits on a manual step and a
# forgotten `stanza-create` cannot fill pg_wal until the disk is full (issue 49). Any other failure still fails
# the command: PostgreSQL keeps the segment, retries, and the WalArchivingFailing alert fires.
set -eu
stanza=$1
wal=$2
shift 2
pgbackrest "$@" --stanza="$stanza" archive-push "$wal" 2>/dev/null && exit 0
pgbackrest "$@" --stanza="$stanza" --log-level-console=warn stanza-create
exec pgbackrest "$@" --stanza="$stanza" archive-push "$wal"
