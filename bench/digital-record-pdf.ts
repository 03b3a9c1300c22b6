/**
 * The whole digital record as one PDF built on the device (issue 24 and DESIGN §7: a whole
 * record of 200 entries ≤ 2 s): a worker with 200 records over every kind of the timeline, read
 * from IndexedDB and printed by the real builders in Debian's headless Chromium, at 4× CPU
 * throttle as a slow tablet runs it, up to the Blob the download hands over. The first build
 * loads jsPDF and is shown apart; the budget is read on the median of the throttled builds. The
 * same builds without throttle are shown for reference.
 */
import { openBenchPage } from './browser-harness'
import { freePort, median } from './measure'

const ROUNDS = Math.max(5, Number(process.env.BENCH_ROUNDS ?? 5))
const ENTRIES = Number(process.env.BENCH_RECORD_ENTRIES ?? 200)
export const RECORD_PDF_BUDGET_MS = 2000

const ms = (value: number) => `${Math.round(value)} ms`
const list = (times: number[]) => times.map(Math.round).join(', ')

export async function digitalRecordPdfs(): Promise<string[]> {
  // The bench page needs no server: the harness serves it itself, and the record is on the device.
  const bench = await openBenchPage(await freePort())
  try {
    const plain = await bench.call('digitalRecordPdf', ROUNDS + 1, ENTRIES, 'record-plain')
    const [first = Number.NaN, ...warm] = plain.ms
    const cdp = await bench.page.context().newCDPSession(bench.page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    const throttled = await bench.call('digitalRecordPdf', ROUNDS, ENTRIES, 'record-throttled')
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    const value = median(throttled.ms)
    const verdict = value <= RECORD_PDF_BUDGET_MS ? 'within' : 'OVER'
    const what = `${ENTRIES} entries, ${throttled.pages} pages, ${(throttled.bytes / 1024).toFixed(0)} KB`
    return [
      `| whole record (${what}), 4× CPU throttle: median of ${throttled.ms.length} (${list(throttled.ms)}) | ${ms(value)} | ${verdict}: ≤ ${RECORD_PDF_BUDGET_MS} ms |`,
      `| … no throttle: median of ${warm.length} (${list(warm)}) | ${ms(median(warm))} | reference |`,
      `| … the first build, loading jsPDF (no throttle) | ${ms(first)} | |`,
    ]
  } finally {
    await bench.close()
  }
}
