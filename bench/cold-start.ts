/**
 * Offline cold start (DESIGN §7: service worker warm, 4× CPU throttle, ≤ 1 s to an interactive
 * patient list). For each tenant size: the real server with the built PWA, Debian's Chromium
 * with a profile of its own; the administrator signs in, the service worker takes control and
 * the whole feed reaches IndexedDB. Then the network goes, the CPU is slowed four times (the
 * DevTools throttle), and `/patients` is opened again and again from nothing: the time is from
 * asking for the page to its first ten rows drawn with the count of every cached patient, and
 * then its search box taking a keystroke.
 */
import { writeFileSync } from 'node:fs'
import { type Browser, type CDPSession, chromium, type Page } from '@playwright/test'
import { CHROMIUM_LAUNCH } from '../tests/e2e/chromium'
import { signIn } from '../tests/e2e/sign-in'
import { freePort, median, startServer } from './measure'

const ROUNDS = Number(process.env.BENCH_COLD_ROUNDS ?? process.env.BENCH_ROUNDS ?? 5)
/** The patients added to the demo tenant, one server per size. */
const SIZES = (process.env.BENCH_COLD_PATIENTS ?? '0,100000').split(',').map(Number)
export const COLD_START_BUDGET_MS = 1000
/**
 * BENCH_COLD_TRACE=<file prefix>: writes a Chromium trace of each round (`<prefix>-<size>-<round>.json`,
 * V8's compile and cache events with the page's tasks) to open in DevTools' Performance panel or
 * to summarise with `npx tsx bench/trace-summary.ts <file>`.
 */
const TRACE = process.env.BENCH_COLD_TRACE
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'v8',
  'v8.execute',
  'disabled-by-default-v8.compile',
  'disabled-by-default-devtools.timeline',
  'blink.resource',
  'loading',
].join(',')
/**
 * BENCH_COLD_CPU=<file prefix>: writes a CPU profile of each round (`<prefix>-<size>-<round>.cpuprofile`,
 * sampled every 100 µs) to open in DevTools or to summarise with `npx tsx bench/profile-summary.ts`.
 */
const CPU = process.env.BENCH_COLD_CPU
const COUNT = /Mostrando 1 a 10 de ([\d,.\s]+) registros/

/** The service worker controls the page: its precache holds the app shell. */
async function untilServiceWorkerControls(page: Page) {
  // Written as text: it runs in the page, whose globals Node's types do not know.
  await page.waitForFunction(
    'navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller !== null)',
    undefined,
    // A large tenant's first sync shares the connection and the CPU with the precache.
    { timeout: 300_000 },
  )
}

/** The list's count of patients, once it shows one. */
async function shownCount(page: Page): Promise<number> {
  const text = (await page.getByText(COUNT).first().textContent({ timeout: 60_000 })) ?? ''
  return Number((COUNT.exec(text)?.[1] ?? '0').replace(/\D/g, ''))
}

/** Waits until the list counts at least `least` patients and the count has not moved for 5 s. */
async function untilSynced(page: Page, least: number): Promise<number> {
  let last = -1
  for (let stable = 0; stable < 5; ) {
    await page.waitForTimeout(1000)
    const count = await shownCount(page)
    stable = count >= least && count === last ? stable + 1 : 0
    last = count
  }
  return last
}

interface ColdStart {
  patients: number
  rows: number[]
  search: number[]
  /** The page's main thread busy from the request to the keystroke's frame (throttled ms), and in scripts. */
  busy: number[]
  script: number[]
}

/**
 * The renderer's main thread time so far (ms), in tasks and in scripts: unlike the wall time, it
 * counts the work a change removes, not the waits a busy machine adds between tasks.
 */
async function busyOf(cdp: CDPSession): Promise<{ task: number; script: number }> {
  const { metrics } = await cdp.send('Performance.getMetrics')
  const metric = (name: string) => (metrics.find((entry) => entry.name === name)?.value ?? 0) * 1000
  return { task: metric('TaskDuration'), script: metric('ScriptDuration') }
}

async function measure(extraPatients: number): Promise<ColdStart> {
  const port = await freePort()
  const server = await startServer('api', port, { env: { BENCH_PATIENTS: String(extraPatients) } })
  let browser: Browser | null = null
  try {
    browser = await chromium.launch(CHROMIUM_LAUNCH)
    const context = await browser.newContext({
      baseURL: `http://demo.localhost:${port}`,
      viewport: { width: 1280, height: 800 },
    })
    const page = await context.newPage()
    await signIn(page, 'admin@demo.localhost')
    const signedIn = performance.now()
    await untilServiceWorkerControls(page)
    console.info(
      `the service worker took control ${((performance.now() - signedIn) / 1000).toFixed(1)} s after signing in`,
    )
    await page.goto('/patients')
    const patients = await untilSynced(page, extraPatients)

    await context.setOffline(true)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    const rows: number[] = []
    const search: number[] = []
    const busy: number[] = []
    const script: number[] = []
    await cdp.send('Performance.enable')
    for (let round = 0; round < ROUNDS; round++) {
      // A page of nothing first, so each round opens the list from a new document.
      await page.goto('about:blank')
      if (CPU) {
        await cdp.send('Profiler.enable')
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
        await cdp.send('Profiler.start')
      }
      if (TRACE) await browser.startTracing(page, { categories: TRACE_CATEGORIES.split(',') })
      const before = await busyOf(cdp)
      const started = performance.now()
      await page.goto('/patients', { waitUntil: 'commit' })
      await page.getByText(COUNT).first().waitFor({ timeout: 60_000 })
      const shown = await shownCount(page)
      if (shown < patients) throw new Error(`the cold list shows ${shown} patients, not ${patients}`)
      rows.push(performance.now() - started)
      // Interactive: the search box takes a keystroke and the page draws the next frame (the
      // search itself waits for the typing to pause, and has its own budget).
      await page.getByPlaceholder('Buscar...').fill('a')
      await page.evaluate('new Promise((resolve) => requestAnimationFrame(resolve))')
      search.push(performance.now() - started)
      const after = await busyOf(cdp)
      busy.push(after.task - before.task)
      script.push(after.script - before.script)
      if (CPU) {
        const { profile } = await cdp.send('Profiler.stop')
        writeFileSync(`${CPU}-${extraPatients}-${round}.cpuprofile`, JSON.stringify(profile))
      }
      if (TRACE) writeFileSync(`${TRACE}-${extraPatients}-${round}.json`, await browser.stopTracing())
    }
    return { patients, rows, search, busy, script }
  } finally {
    await browser?.close()
    server.kill()
  }
}

export async function coldStart(): Promise<string[]> {
  const lines: string[] = []
  for (const size of SIZES) {
    const result = await measure(size)
    const rows = median(result.rows)
    const search = median(result.search)
    const verdict = search <= COLD_START_BUDGET_MS ? 'within' : 'OVER'
    const each = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ')
    lines.push(
      `| ${result.patients} cached patients: first ten rows and the count, median of ${result.rows.length} (${each(result.rows)} ms) | ${rows.toFixed(0)} ms | |`,
      `| … and a keystroke taken by the search box (${each(result.search)} ms) | ${search.toFixed(0)} ms | ${verdict} ≤ ${COLD_START_BUDGET_MS} ms |`,
      `| … the page's main thread busy in that time, throttled (${each(result.busy)} ms); of it in scripts (${each(result.script)} ms) | ${median(result.busy).toFixed(0)} ms; ${median(result.script).toFixed(0)} ms | |`,
    )
  }
  return lines
}
