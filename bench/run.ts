/**
 * `npm run bench`: runs every benchmark and prints rows ready for docs/benchmarks.md
 * (median of ≥ 5 rounds; set BENCH_ROUNDS / BENCH_SECONDS to change; the Chromium benchmarks
 * also read BENCH_SYNC_ROUNDS, BENCH_PATIENTS, BENCH_REPLAY_ROUNDS and BENCH_MUTATIONS).
 */
import { cpus } from 'node:os'
import { ensurePwaBuilt } from '../server/build-pwa'
import { apiThroughput } from './api-throughput'
import { catalogImport } from './catalog-import'
import { clientOutboxReplay } from './client-outbox-replay'
import { initialSync } from './initial-sync'
import { loginRouteJs } from './login-route-js'
import { outboxReplay } from './outbox-replay'

ensurePwaBuilt()
const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.version}`
console.info(`# ${new Date().toISOString().slice(0, 10)} — ${machine}\n`)
console.info('## JS loaded by the login route (gzip -9)\n\n| script | size |\n|---|---|')
for (const row of await loginRouteJs()) console.info(row)
console.info(
  '\n## API throughput (10 connections, medians)\n\n| what | throughput | ratio to bare |\n|---|---|---|',
)
for (const row of await apiThroughput()) console.info(row)
console.info(
  '\n## Outbox replay to a local server (embedded database)\n\n| what | figure | verdict |\n|---|---|---|',
)
for (const row of await outboxReplay()) console.info(row)
console.info(
  '\n## Initial sync into IndexedDB (Chromium, embedded database)\n\n| what | figure | verdict |\n|---|---|---|',
)
for (const row of await initialSync()) console.info(row)
console.info(
  '\n## Outbox replay from the client (Chromium, embedded database)\n\n| what | figure | verdict |\n|---|---|---|',
)
for (const row of await clientOutboxReplay()) console.info(row)
console.info(
  "\n## Catalog import of the agencies' files (fresh database, medians)\n\n| what | rate | time |\n|---|---|---|",
)
for (const row of await catalogImport()) console.info(row)
