import { rmSync } from 'node:fs'

/**
 * Removes the throw-away data folder playwright.config.ts made for this run (the embedded
 * database, files), so runs leave nothing in the temp directory. A folder given through
 * E2E_DATA_DIR is the caller's and stays.
 */
export default function removeE2eData(): void {
  const dataDir = process.env.E2E_DATA_DIR
  if (dataDir && process.env.E2E_DATA_DIR_MADE === '1') rmSync(dataDir, { recursive: true, force: true })
}
