/**
 * The page the browser benchmarks load (bench/browser-harness.ts bundles it): the real client
 * modules, reachable from Playwright as `window.bench`.
 */
import type { BrowserBench } from './api'
import { consultationPdf } from './consultation-pdf'
import { consultationSave } from './consultation-save'
import { dashboardDeviceOpen, dashboardDeviceSeed } from './dashboard-device'
import { digitalRecordPdf } from './digital-record-pdf'
import { initialSync } from './initial-sync'
import { feedPatients, outboxReplay, storedReadings } from './outbox-replay'
import { periodicExamDueOpen, periodicExamDueSeed } from './periodic-exam-due'
import { signIn } from './session'
import { triageListOpen, triageListSeed } from './triage-list'
import { vaccinationDueOpen, vaccinationDueSeed } from './vaccination-due'
import { virtualList } from './virtual-list'

declare global {
  interface Window {
    bench: BrowserBench
  }
}

window.bench = {
  signIn,
  initialSync,
  outboxReplay,
  feedPatients,
  storedReadings,
  virtualList,
  consultationPdf,
  consultationSave,
  digitalRecordPdf,
  triageListSeed,
  triageListOpen,
  vaccinationDueSeed,
  vaccinationDueOpen,
  periodicExamDueSeed,
  periodicExamDueOpen,
  dashboardDeviceSeed,
  dashboardDeviceOpen,
}
