/**
 * Debian's Chromium (never a downloaded browser) with the flags this machine needs: the launch
 * options of the e2e tests (playwright.config.ts) and of the benchmarks that drive a browser.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}
