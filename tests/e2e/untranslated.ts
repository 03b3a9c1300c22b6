import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'

/** Every msgid of the Spanish catalogs (single- and multi-line entries, as Lingui writes them). */
function messages(): string[] {
  const found: string[] = []
  for (const name of ['public', 'app']) {
    const text = readFileSync(new URL(`../../locales/es/${name}.po`, import.meta.url), 'utf8')
    for (const match of text.matchAll(/^msgid ((?:"(?:[^"\\]|\\.)*"\n?)+)msgstr/gm)) {
      const parts = [...(match[1] as string).matchAll(/"((?:[^"\\]|\\.)*)"/g)].map(
        (part) => part[1] as string,
      )
      const message = JSON.parse(`"${parts.join('')}"`) as string
      if (message) found.push(message)
    }
  }
  return found
}

/**
 * The ids the build gives the messages (Lingui's: the first 6 base64 characters of the message's
 * SHA-256). A message missing from the loaded catalogue shows as its id in a production build —
 * which is what a screen would show if its messages were in a catalogue not loaded yet (issue 17:
 * the catalogue is split between the public pages and the signed-in screens).
 */
export const MESSAGE_IDS = new Set(
  messages().map((message) => createHash('sha256').update(`${message}\u001F`).digest('base64').slice(0, 6)),
)

/** The words of the page that are a message's id rather than its text (none, when all is translated). */
export async function untranslatedIds(page: Page): Promise<string[]> {
  const words = await page.evaluate(() => {
    const labels = [...document.querySelectorAll('[aria-label], [placeholder], [title]')].flatMap((element) =>
      ['aria-label', 'placeholder', 'title'].map((name) => element.getAttribute(name) ?? ''),
    )
    // The text as shown (innerText keeps the words of neighbouring elements apart).
    // biome-ignore lint/performance/useDomNodeTextContent: textContent would glue words of adjacent elements together
    return [document.body.innerText, ...labels].join(' ').split(/[\s,.:;()¿?¡!"“”«»]+/)
  })
  return [...new Set(words.filter((word) => MESSAGE_IDS.has(word)))]
}
