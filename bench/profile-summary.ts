/**
 * `npx tsx bench/profile-summary.ts <file.cpuprofile> [how many]`: the functions a CPU profile of a
 * cold open (BENCH_COLD_CPU in bench/cold-start.ts) spent most time in, by self time and by
 * total time, and the time per script, so two builds can be compared without DevTools.
 */
import { readFileSync } from 'node:fs'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
  startTime: number
  endTime: number
}

const [file, howMany = '25'] = process.argv.slice(2)
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [how many]')
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const parent = new Map<number, number>()
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)

const name = (node: ProfileNode) => {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame
  const script = url.split('/').pop() ?? ''
  return `${functionName || '(anonymous)'} ${script}${script ? `:${lineNumber + 1}:${columnNumber + 1}` : ''}`
}

const self = new Map<string, number>()
const total = new Map<string, number>()
const perScript = new Map<string, number>()
profile.samples.forEach((id, index) => {
  const micros = profile.timeDeltas[index + 1] ?? 0
  const node = byId.get(id)
  if (!node) return
  self.set(name(node), (self.get(name(node)) ?? 0) + micros)
  const script = node.callFrame.url.split('/').pop() || `(${node.callFrame.functionName || 'native'})`
  perScript.set(script, (perScript.get(script) ?? 0) + micros)
  // Every distinct function on the stack gets the sample once.
  const seen = new Set<string>()
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const key = name(byId.get(at) as ProfileNode)
    if (seen.has(key)) continue
    seen.add(key)
    total.set(key, (total.get(key) ?? 0) + micros)
  }
})

const print = (title: string, values: Map<string, number>) => {
  console.info(`\n${title}`)
  for (const [key, micros] of [...values].sort((a, b) => b[1] - a[1]).slice(0, Number(howMany))) {
    console.info(`${(micros / 1000).toFixed(1).padStart(8)} ms  ${key}`)
  }
}
console.info(`${file}: ${((profile.endTime - profile.startTime) / 1000).toFixed(0)} ms profiled`)
print('self time', self)
print('total time', total)
print('self time per script', perScript)
