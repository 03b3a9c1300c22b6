/**
 * The virtual list of 100 000 rows (DESIGN §7: no frame over 16.7 ms while scrolling, no CPU
 * throttle): the data table's virtual rows in Debian's headless Chromium, the 100 000 rows on one
 * page, scrolled at every frame for BENCH_SCROLL_SECONDS (5 by default) at a reading pace
 * (8 px a frame) and a fling (120 px). The time from each frame to the next is taken from
 * requestAnimationFrame; a frame that took longer than its refresh shows as a gap of 33 ms or
 * more, and is counted as over budget.
 */
import { openBenchPage } from './browser-harness'
import { freePort, median } from './measure'

const ROWS = Number(process.env.BENCH_VIRTUAL_ROWS ?? 100_000)
const SECONDS = Number(process.env.BENCH_SCROLL_SECONDS ?? 5)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
export const FRAME_BUDGET_MS = 1000 / 60
/** A gap this long means at least one refresh was missed: the frame took over its 16.7 ms. */
const MISSED = FRAME_BUDGET_MS * 1.5

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

export async function virtualListScroll(): Promise<string[]> {
  // The bench page needs no server: the harness serves it itself.
  const bench = await openBenchPage(await freePort())
  const lines: string[] = []
  try {
    for (const [pace, step] of [
      ['reading pace, 8 px a frame', 8],
      ['fling, 120 px a frame', 120],
    ] as const) {
      const missed: number[] = []
      const worst: number[] = []
      const p95: number[] = []
      let frames = 0
      let drawn = 0
      for (let round = 0; round < ROUNDS; round++) {
        const result = await bench.call('virtualList', ROWS, step, SECONDS)
        if (result.scrolled <= 0) throw new Error('the list did not scroll')
        missed.push(result.gaps.filter((gap) => gap > MISSED).length)
        worst.push(Math.max(...result.gaps))
        p95.push(percentile(result.gaps, 95))
        frames += result.gaps.length
        drawn = result.drawn
      }
      const over = median(missed)
      const verdict = over === 0 ? 'within' : 'OVER'
      lines.push(
        `| ${ROWS} rows, ${pace}: frames over 16.7 ms per ${SECONDS} s, median of ${ROUNDS} (${missed.join(', ')}) | ${over} of ${Math.round(frames / ROUNDS)} | ${verdict}: none over ${FRAME_BUDGET_MS.toFixed(1)} ms |`,
        `| … frame to frame: p95, median of rounds / worst, median of rounds (${drawn} rows drawn) | ${median(p95).toFixed(1)} ms / ${median(worst).toFixed(1)} ms | |`,
      )
    }
  } finally {
    await bench.close()
  }
  return lines
}
