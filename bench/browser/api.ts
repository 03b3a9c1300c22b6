/**
 * What the bench page offers Playwright as `window.bench`, and what it answers. Free of DOM and
 * Node types, so both the page and the Node side (bench/*.ts) can import it.
 */

export interface BenchSession {
  token: string
  userId: string
  tenant: string
}

export interface InitialSyncResult {
  applied: number
  patients: number
  /** Every synced row stored, of any kind: each change applied is one. */
  stored: number
  pages: number
  /** The whole pull (pages fetched while the previous one is written). */
  totalMs: number
  /** The same feed fetched alone, page after page: request, server, transfer, JSON parsing. */
  fetchMs: number
  /** The same pages applied alone (applyChanges) to another fresh database: IndexedDB only. */
  applyMs: number
}

export interface OutboxReplayResult {
  queued: number
  sent: number
  stoppedBy: string
  /** Entries still in the outbox after the run. */
  left: number
  enqueueMs: number
  drainMs: number
  /** Of the drain, the time spent in httpTransport.send: request, server, answer. */
  sendMs: number
  /** Entries sent once more afterwards, as after a lost answer, and how many the server took. */
  resent: number
  resentOk: number
}

export interface VirtualListResult {
  rows: number
  /** Rows in the document at the end (the virtual list draws only those in sight). */
  drawn: number
  /** How far the list was scrolled, in pixels. */
  scrolled: number
  /** Milliseconds between each frame and the next while scrolling. */
  gaps: number[]
}

export interface ConsultationPdfResult {
  /** Each round's time to build the note; the first includes loading jsPDF. */
  noteMs: number[]
  prescriptionMs: number[]
  noteBytes: number
  prescriptionBytes: number
}

export interface DigitalRecordPdfResult {
  /** Each round's time from the record read to the download's Blob; the first includes loading jsPDF. */
  ms: number[]
  bytes: number
  pages: number
}

export interface ConsultationSaveResult {
  /** Each round's time from the save to the consultation's place in the history. */
  saveMs: number[]
  /** Consultations in the history at the end. */
  history: number
}

export interface PeriodicExamDueResult {
  /** Each round's time to work out every cached patient's due state. */
  dueMs: number[]
  /** How many patients fell in each state (first round). */
  states: Record<string, number>
}

export interface TriageListResult {
  /** Each round's time to read the list's first page filtered by status, with its counts. */
  openMs: number[]
  /** Each round's time to read every row after that (the search and the spreadsheet need them). */
  allMs: number[]
  /** Rows left by the status filter. */
  shown: number
}

export interface VaccinationDueResult {
  /** Each round's time to read the cache and work out every patient's due dates and index row. */
  dueMs: number[]
  /** Each round's time for the reads alone (catalogues, summary packs and changed rows), apart from the above. */
  readMs: number[]
  /** The first open right after the seed (every summary row changed since the last packing: read one by one). */
  firstMs: number
  /** How many rows that first open read one by one. */
  unpacked: number
  /** The packing the screen then does (`packVaccinationSummaries`). */
  packMs: number
  /** Patients in the index. */
  rows: number
  /** Of them, those with an overdue dose. */
  overdue: number
}

export interface DashboardDeviceResult {
  /** Each round's time to read and work out every item of the dashboard as it opens (the month so far). */
  openMs: number[]
  /** The same over the whole history (no period). */
  allTimeMs: number[]
  /** A few of the figures (last round), to show the load was real. */
  figures: { examsDue: number; overdue: number; covid: number; lostDays: number; topDiagnosis: string }
}

export interface BrowserBench {
  signIn(username: string, password: string): Promise<BenchSession>
  /** `database` names a fresh local database, deleted afterwards. */
  initialSync(database: string): Promise<InitialSyncResult>
  outboxReplay(patientId: string, count: number, database: string): Promise<OutboxReplayResult>
  /** The first `count` patients of the user's feed. */
  feedPatients(count: number): Promise<string[]>
  /** How many blood-pressure readings the server holds for a patient. */
  storedReadings(patientId: string): Promise<number>
  /** The data table's virtual rows over `count` rows, scrolled `step` px a frame for `seconds`. */
  virtualList(count: number, step: number, seconds: number): Promise<VirtualListResult>
  /** The consultation note and prescription built `rounds` times. */
  consultationPdf(rounds: number): Promise<ConsultationPdfResult>
  /** The whole digital record of a patient with `entries` records as one PDF, `rounds` times. */
  digitalRecordPdf(rounds: number, entries: number, database: string): Promise<DigitalRecordPdfResult>
  /** `rounds` consultations saved offline, each read back from the history; `database` as above. */
  consultationSave(rounds: number, database: string): Promise<ConsultationSaveResult>
  /** A fresh database of `patients` cached patients with `perPatient` triage consultations each. */
  triageListSeed(patients: number, perPatient: number, database: string): Promise<number>
  /** `/covid`'s list read and filtered `rounds` times over that database, deleted afterwards. */
  triageListOpen(rounds: number, database: string): Promise<TriageListResult>
  /** Fills a fresh database with the scheme, `patients` patients and their doses; answers the doses. */
  vaccinationDueSeed(patients: number, database: string): Promise<number>
  /** Reads and works out the `/vaccinations` index `rounds` times; deletes the database after. */
  vaccinationDueOpen(rounds: number, database: string): Promise<VaccinationDueResult>
  /** A fresh database of `patients` cached patients, nine in ten with `perPatient` periodic exams. */
  periodicExamDueSeed(patients: number, perPatient: number, database: string): Promise<number>
  /** The periodic exams' due list worked out `rounds` times over that database, deleted afterwards. */
  periodicExamDueOpen(rounds: number, database: string): Promise<PeriodicExamDueResult>
  /** A fresh database of `patients` cached patients with a year's records; answers the counts. */
  dashboardDeviceSeed(patients: number, database: string): Promise<Record<string, number>>
  /** The professional's dashboard worked out `rounds` times over that database, deleted afterwards. */
  dashboardDeviceOpen(rounds: number, database: string): Promise<DashboardDeviceResult>
}
