import { type ChildProcess, fork } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'

/** A port nobody listens on now (the system's choice), so benches never meet a fixed one in use. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })
}

/** The servers this process started and their data folders, by child. */
const started = new Map<ChildProcess, string>()

// A bench that fails leaves its server behind otherwise: the server's own SIGTERM handler waits
// for the database's running query, which at 100 000 patients may take minutes of both cores.
process.once('exit', () => {
  for (const [child, dataDir] of started) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  }
})

/**
 * Starts one of bench/servers.ts in a child process and resolves once it listens. `env` adds to
 * the child's environment; `onReady` receives the child's ready message. The child's data folder
 * (`BENCH_DATA_DIR`) is made here, so that it goes even when the child has to be killed.
 */
export async function startServer(
  mode: string,
  port: number,
  options: { env?: Record<string, string>; onReady?: (message: unknown) => void } = {},
): Promise<ChildProcess> {
  // BENCH_PROF=<folder> writes the server's CPU profile there (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []
  const dataDir = mkdtempSync(join(tmpdir(), 'salud-bench-'))
  const child = fork(new URL('./servers.ts', import.meta.url), [mode, String(port)], {
    execArgv: ['--import', 'tsx', ...profile],
    stdio: 'inherit',
    env: { ...process.env, ...options.env, BENCH_DATA_DIR: dataDir },
  })
  started.set(child, dataDir)
  child.once('exit', () => {
    started.delete(child)
    rmSync(dataDir, { recursive: true, force: true })
  })
  await new Promise<void>((resolve, reject) => {
    child.once('message', (message) => {
      options.onReady?.(message)
      resolve()
    })
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)))
  })
  return child
}

export interface LoadOptions {
  url: string
  headers?: Record<string, string>
  seconds: number
  connections: number
}

/** Requests per second that the server sustained, from autocannon's mean. */
export async function requestsPerSecond(options: LoadOptions): Promise<number> {
  const result = await autocannon({
    url: options.url,
    headers: options.headers,
    duration: options.seconds,
    connections: options.connections,
  })
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${options.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`)
  }
  return result.requests.average
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

/** Signs a demo user in over HTTP (node:http: fetch may not set the tenant's Host header). */
export function bearerOf(port: number, username: string): Promise<string> {
  const body = JSON.stringify({ username, email: username, password: 'Demo1234!' })
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/authentication/login',
        headers: { host: 'demo.localhost', 'content-type': 'application/json' },
      },
      (response) => {
        let text = ''
        response.on('data', (chunk) => {
          text += chunk
        })
        response.on('end', () => {
          if (response.statusCode !== 200)
            return reject(new Error(`bench sign-in failed: ${response.statusCode} ${text}`))
          resolve(`Bearer ${JSON.parse(text).data.accessToken}`)
        })
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

/** A GET over node:http with the tenant's Host header: its status and body, and how long it took. */
export function timedGet(
  port: number,
  path: string,
  authorization: string,
): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, method: 'GET', path, headers: { host: 'demo.localhost', authorization } },
      (response) => {
        let body = ''
        response.on('data', (chunk) => {
          body += chunk
        })
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body, ms: performance.now() - started }),
        )
      },
    )
    request.on('error', reject)
    request.end()
  })
}

/** A POST of a JSON body over node:http with the tenant's Host header: its status, size and time. */
export function timedPost(
  port: number,
  path: string,
  authorization: string,
  payload: unknown,
): Promise<{ status: number; bytes: number; ms: number }> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: { host: 'demo.localhost', authorization, 'content-type': 'application/json' },
      },
      (response) => {
        let bytes = 0
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length
        })
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, bytes, ms: performance.now() - started }),
        )
      },
    )
    request.on('error', reject)
    request.end(JSON.stringify(payload))
  })
}
