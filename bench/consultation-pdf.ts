/**
 * A consultation's PDFs built on the device (DESIGN §7 and issue 19: a clinical PDF ≤ 300 ms): the
 * consultation note and the prescription, each from a realistic consultation (vital signs, two
 * diagnoses, the SOAP notes, three medicines, an amendment, a 480×160 PNG logo), built by the real
 * builders in Debian's headless Chromium up to the Blob the download hands over. The first note
 * also loads jsPDF (the app imports it on first use) and is shown apart; the budget is read on the
 * median of the builds after it. The same builds at 4× CPU throttle, as a slow tablet would run
 * them, are shown for reference (DESIGN sets this budget without a throttle).
 */
import { openBenchPage } from './browser-harness'
import { freePort, median } from './measure'

const ROUNDS = Math.max(5, Number(process.env.BENCH_ROUNDS ?? 5))
export const PDF_BUDGET_MS = 300

const ms = (value: number) => `${Math.round(value)} ms`
const list = (times: number[]) => times.map(Math.round).join(', ')
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

export async function consultationPdfs(): Promise<string[]> {
  // The bench page needs no server: the harness serves it itself.
  const bench = await openBenchPage(await freePort())
  try {
    const plain = await bench.call('consultationPdf', ROUNDS + 1)
    const [firstNote = Number.NaN, ...notes] = plain.noteMs
    const prescriptions = plain.prescriptionMs.slice(1)
    const cdp = await bench.page.context().newCDPSession(bench.page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    const throttled = await bench.call('consultationPdf', ROUNDS)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    const row = (what: string, times: number[]) => {
      const value = median(times)
      const verdict = value <= PDF_BUDGET_MS ? 'within' : 'OVER'
      return `| ${what}: median of ${times.length} (${list(times)}) | ${ms(value)} | ${verdict}: ≤ ${PDF_BUDGET_MS} ms |`
    }
    const reference = (what: string, times: number[]) =>
      `| ${what}, 4× CPU throttle: median of ${times.length} (${list(times)}) | ${ms(median(times))} | reference |`
    return [
      row(`consultation note (${kb(plain.noteBytes)})`, notes),
      row(`prescription (${kb(plain.prescriptionBytes)})`, prescriptions),
      `| … the first note, loading jsPDF | ${ms(firstNote)} | |`,
      reference('consultation note', throttled.noteMs),
      reference('prescription', throttled.prescriptionMs),
    ]
  } finally {
    await bench.close()
  }
}
