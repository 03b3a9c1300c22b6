/**
 * `npx tsx bench/trace-summary.ts <trace.json>…`: what a cold open's trace (BENCH_COLD_TRACE in
 * bench/cold-start.ts) spent on the page's main thread — V8's lazy compiles and parses, the
 * scripts' top-level compiles with whether each consumed, produced or rejected a code cache —
 * and the biggest tasks, so two builds can be compared without opening DevTools.
 */
import { readFileSync } from 'node:fs'

interface TraceEvent {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: Record<string, unknown>; [key: string]: unknown }
}

/** Main-thread events worth summing: V8's compile work and the page's own. */
const SUMMED = [
  'V8.CompileCode',
  'V8.ParseFunction',
  'V8.PreParse',
  'V8.CompileLazy',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'v8.produceModuleCache',
  'v8.produceCache',
  'EvaluateScript',
  'FunctionCall',
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'ParseHTML',
]

function summarise(file: string): void {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[]
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents
  const main = events.find(
    (event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  )
  // The renderer that ran the page: the main thread with the most time in tasks.
  const mains = events.filter(
    (event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  )
  let chosen = main
  let most = -1
  for (const candidate of mains) {
    const busy = events
      .filter(
        (event) => event.pid === candidate.pid && event.tid === candidate.tid && event.name === 'RunTask',
      )
      .reduce((sum, event) => sum + (event.dur ?? 0), 0)
    if (busy > most) {
      most = busy
      chosen = candidate
    }
  }
  if (!chosen) throw new Error(`${file}: no renderer main thread`)
  const onMain = events.filter((event) => event.pid === chosen.pid && event.tid === chosen.tid)
  const start = Math.min(...onMain.filter((event) => event.ph === 'X').map((event) => event.ts))
  const end = Math.max(
    ...onMain.filter((event) => event.ph === 'X').map((event) => event.ts + (event.dur ?? 0)),
  )
  console.info(
    `\n${file}: main thread ${((end - start) / 1000).toFixed(0)} ms from its first task to its last`,
  )
  console.info(`  tasks (RunTask) ${(most / 1000).toFixed(0)} ms`)
  for (const name of SUMMED) {
    const matching = onMain.filter((event) => event.name === name && event.ph === 'X')
    if (matching.length === 0) continue
    const total = matching.reduce((sum, event) => sum + (event.dur ?? 0), 0)
    console.info(`  ${name}: ${matching.length} × = ${(total / 1000).toFixed(0)} ms`)
  }
  // Every thread's script compiles, with their cache outcome (streamed ones run off the main thread).
  const compiles = events.filter(
    (event) =>
      (event.name === 'v8.compile' || event.name === 'v8.compileModule') &&
      event.pid === chosen.pid &&
      event.ph === 'X',
  )
  const outcomes = new Map<string, number>()
  for (const event of compiles) {
    const data = (event.args?.data ?? {}) as Record<string, unknown>
    const key = [
      event.name,
      data.consumedCacheSize ? 'consumed' : '',
      data.cacheRejected ? 'rejected' : '',
      data.producedCacheSize ? 'produced' : '',
      data.streamed ? 'streamed' : data.notStreamedReason ? `not streamed (${data.notStreamedReason})` : '',
      data.cacheKind ? `kind ${data.cacheKind}` : '',
    ]
      .filter(Boolean)
      .join(' ')
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1)
  }
  for (const [key, count] of outcomes) console.info(`  ${key}: ${count}`)
  if (process.env.TRACE_ARGS) {
    for (const event of compiles.slice(0, Number(process.env.TRACE_ARGS))) {
      console.info('   ', event.name, JSON.stringify(event.args?.data))
    }
  }
}

for (const file of process.argv.slice(2)) summarise(file)
