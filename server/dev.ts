/**
 * `npm run dev`: the Vite dev server on PORT (3000) with /api proxied to the API server on
 * API_PORT (3001), which restarts whenever server code changes.
 */
import { type ChildProcess, spawn } from 'node:child_process'

const apiPort = process.env.API_PORT ?? '3001'
const children: ChildProcess[] = [
  spawn(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'server/main.ts'],
    {
      stdio: 'inherit',
      env: { ...process.env, PORT: apiPort, API_PORT: apiPort },
    },
  ),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
]

function stopAll(code: number) {
  for (const child of children) child.kill('SIGTERM')
  process.exit(code)
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0))
process.on('SIGINT', () => stopAll(0))
process.on('SIGTERM', () => stopAll(0))
