#!/usr/bin/env bash
# Restores the backup folder $1 into an empty database (DATABASE_URL) and an empty bucket (README, "Backups").
set -euo pipefail
exec node --import tsx "$(dirname "$0")/../apps/server/src/ops/backup-cli.ts" restore "$@"
