#!/usr/bin/env bash
# A backup of the database and the photo storage into a new folder under $1 (README, "Backups").
set -euo pipefail
exec node --import tsx "$(dirname "$0")/../apps/server/src/ops/backup-cli.ts" backup "$@"
