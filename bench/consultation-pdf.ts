/**
 * A consultation's PDFs built on the device (DESIGN §7 and issue 19: ≤ 300 ms): the consultation
 * note and its prescription, from a realistic consultation (vital signs, two diagnoses, the SOAP
 * notes, three medicines, an amendment, a 480×160 logo), built by the real builders in Debian's
 * headless Chromium. The first build also loads jsPDF (the app imports it on first use) and is
 * shown apart; the budget is read on the median of the builds after it, without throttle and
 * again at 4× CPU throttle, as a slow phone would build it.
 */
import { openBenchPage } from './browser-harness'
import { freePort, median } from './measure'

const ROUNDS = Math.max(5, Number(process.env.BENCH_ROUNDS ?? 5))
export const PDF_BUDGET_MS = 300

const ms = (value: number) => `${Math.round(value)} ms`
const verdict = (value: number) => (value <= PDF_BUDGET_MS ? 'within' : 'OVER')

export async function consultationPdfs(): Promise<string[]> {
  // The bench page needs no server: the harness serves it itself.
  const bench = await openBenchPage(await freePort())
  try {
    const plain = await bench.call('consultationPdf', ROUNDS + 1)
    const [cold = Number.NaN, ...warm] = plain.timesMs
    const cdp = await bench.page.context().newCDPSession(bench.page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    const throttled = await bench.call('consultationPdf', ROUNDS)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    const rounds = (times: number[]) => times.map(Math.round).join(', ')
    return [
      `| note + prescription, no throttle: median of ${warm.length} (${rounds(warm)}) | ${ms(median(warm))} | ${verdict(median(warm))}: ≤ ${PDF_BUDGET_MS} ms |`,
      `| … the same at 4× CPU throttle: median of ${throttled.timesMs.length} (${rounds(throttled.timesMs)}) | ${ms(median(throttled.timesMs))} | ${verdict(median(throttled.timesMs))}: ≤ ${PDF_BUDGET_MS} ms |`,
      `| … the first build, loading jsPDF, no throttle | ${ms(cold)} | |`,
      `| … the two files' size together | ${(plain.bytes / 1024).toFixed(1)} KB | |`,
    ]
  } finally {
    await bench.close()
  }
}
