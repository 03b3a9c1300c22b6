export type Lang = 'es' | 'en'

/**
 * The language of a request's messages from its Accept-Language header: English when the client
 * prefers it over Spanish, otherwise Spanish (the default and the fallback, SPEC §1).
 */
export function languageOf(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'es'
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return { base: tag.split('-')[0], q: q ? Number(q.slice(2)) || 0 : 1, index }
    })
    .filter((entry) => entry.q > 0 && (entry.base === 'es' || entry.base === 'en'))
    .sort((a, b) => b.q - a.q || a.index - b.index)
  return ranked[0]?.base === 'en' ? 'en' : 'es'
}
