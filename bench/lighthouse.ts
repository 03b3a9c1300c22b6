/**
 * Lighthouse, mobile preset (DESIGN §7: performance ≥ 90, accessibility and best practices ≥ 95)
 * on the five screens the budget names: login, /dashboard, /patients, a patient's record and
 * /patient/glucose. The real server with the built PWA (npm start's), Debian's Chromium with a
 * profile of its own per user, Lighthouse 12.2 (the last that runs on Node 20) driving it over
 * its debugging port with its default mobile settings: a mid-range phone, simulated slow 4G and a
 * 4× slower CPU. The login page is audited as a first visit (storage cleared); the other screens
 * as a signed-in user comes back to them: the session, the service worker and the synced device
 * database kept (a health professional for the clinic's screens, the demo patient for the
 * self-tracking one). Each page is audited BENCH_LIGHTHOUSE_ROUNDS times (5 by default): medians.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium } from '@playwright/test'
import lighthouse from 'lighthouse'
import { CHROMIUM_LAUNCH } from '../tests/e2e/chromium'
import { signIn } from '../tests/e2e/sign-in'
import { freePort, median, startServer } from './measure'

const ROUNDS = Number(process.env.BENCH_LIGHTHOUSE_ROUNDS ?? process.env.BENCH_ROUNDS ?? 5)
export const LIGHTHOUSE_BUDGET = { performance: 90, accessibility: 95, 'best-practices': 95 }
const CATEGORIES = Object.keys(LIGHTHOUSE_BUDGET) as (keyof typeof LIGHTHOUSE_BUDGET)[]

interface Audit {
  scores: Record<string, number>
  fcp: number
  lcp: number
  tbt: number
  cls: number
}

/** One Lighthouse run on `url` in the browser listening on `debugPort`. */
async function audit(url: string, debugPort: number, keepStorage: boolean): Promise<Audit> {
  const result = await lighthouse(url, {
    port: debugPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    disableStorageReset: keepStorage,
  })
  const lhr = result?.lhr
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`)
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`)
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`${url} ended at ${lhr.finalDisplayedUrl}: the session did not hold`)
  }
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
  }
}

/** A browser with a profile of its own and its debugging port open for Lighthouse. */
async function openBrowser(
  origin: string,
): Promise<{ context: BrowserContext; debugPort: number; close(): Promise<void> }> {
  const debugPort = await freePort()
  const profile = mkdtempSync(join(tmpdir(), 'salud-lighthouse-'))
  const context = await chromium.launchPersistentContext(profile, {
    ...CHROMIUM_LAUNCH,
    baseURL: origin,
    args: [...CHROMIUM_LAUNCH.args, `--remote-debugging-port=${debugPort}`],
  })
  return {
    context,
    debugPort,
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

/** Signs in, lets the service worker take control and the first sync end, then leaves the page. */
async function signedIn(context: BrowserContext, username: string): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage())
  await signIn(page, username)
  await page.waitForFunction(
    'navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller !== null)',
    undefined,
    { timeout: 120_000 },
  )
  // The header tells when the device has heard the whole feed.
  await page
    .getByText(/Sincronizado a las/)
    .first()
    .waitFor({ timeout: 120_000 })
}

/** The record page of the first patient the doctor's list shows. */
async function aRecordPath(context: BrowserContext): Promise<string> {
  const page = context.pages()[0] ?? (await context.newPage())
  await page.goto('/patients')
  await page
    .getByRole('link', { name: /^Expediente/ })
    .first()
    .click()
  await page.waitForURL(/\/patients\/record\//)
  return new URL(page.url()).pathname
}

export async function lighthouseScores(): Promise<string[]> {
  const port = await freePort()
  const origin = `http://demo.localhost:${port}`
  const server = await startServer('api', port)
  const results = new Map<string, Audit[]>()
  const run = async (name: string, url: string, debugPort: number, keepStorage: boolean) => {
    const audits = results.get(name) ?? []
    results.set(name, audits)
    for (let round = 0; round < ROUNDS; round++) audits.push(await audit(url, debugPort, keepStorage))
  }
  try {
    const visitor = await openBrowser(origin)
    try {
      await run('login (first visit)', `${origin}/`, visitor.debugPort, false)
    } finally {
      await visitor.close()
    }
    const doctor = await openBrowser(origin)
    try {
      await signedIn(doctor.context, 'doctor@demo.localhost')
      const record = await aRecordPath(doctor.context)
      await run('/dashboard (doctor)', `${origin}/dashboard`, doctor.debugPort, true)
      await run('/patients (doctor)', `${origin}/patients`, doctor.debugPort, true)
      await run('a record (doctor)', `${origin}${record}`, doctor.debugPort, true)
    } finally {
      await doctor.close()
    }
    const patient = await openBrowser(origin)
    try {
      await signedIn(patient.context, 'patient@demo.localhost')
      await run('/patient/glucose (patient)', `${origin}/patient/glucose`, patient.debugPort, true)
    } finally {
      await patient.close()
    }
  } finally {
    server.kill()
  }
  return [...results].map(([name, audits]) => {
    const scores = CATEGORIES.map((category) => {
      const values = audits.map((a) => a.scores[category] ?? 0)
      const value = median(values)
      const verdict = value >= LIGHTHOUSE_BUDGET[category] ? '' : ' **below**'
      return `${value} (${values.join(', ')})${verdict}`
    })
    const ms = (pick: (a: Audit) => number) => `${median(audits.map(pick)).toFixed(0)} ms`
    const cls = median(audits.map((a) => a.cls)).toFixed(3)
    return `| ${name} | ${scores.join(' | ')} | ${ms((a) => a.fcp)} | ${ms((a) => a.lcp)} | ${ms((a) => a.tbt)} | ${cls} |`
  })
}
