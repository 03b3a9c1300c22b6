/**
 * `npm start`: builds the PWA when dist/ is missing or older than its sources, then runs the
 * server that serves it and the API on one port. A fresh clone needs nothing else.
 */
import { ensurePwaBuilt } from './build-pwa'

ensurePwaBuilt()
await import('./main')
