import { useEffect, useState } from 'react'
import { call } from '../api/client'
import { referenceLists } from '../contract/endpoints/catalogs'
import type { ReferenceItem, ReferenceListName } from '../contract/schemas/catalogs'
import { currentLanguage } from '../i18n/language'

/**
 * A reference list (SPEC §7) for a screen: asked of the server, and the last answer kept in
 * local storage per language so the list is still there offline, after a reload.
 *
 * Interim version, until the device catalog cache (the catalogs part of issue 6) lands with the
 * same signature over Dexie.
 */
export function useReferenceList(name: ReferenceListName): ReferenceItem[] | undefined {
  const language = currentLanguage()
  const storageKey = `catalog.${name}.${language}`
  const [items, setItems] = useState<ReferenceItem[] | undefined>(() => stored(storageKey))
  useEffect(() => {
    const controller = new AbortController()
    call(referenceLists[name], { signal: controller.signal })
      .then((fresh) => {
        localStorage.setItem(storageKey, JSON.stringify(fresh))
        setItems(fresh)
      })
      // Offline or refused: the stored copy (if any) stays on screen.
      .catch(() => {
        if (!controller.signal.aborted) setItems((current) => current ?? stored(storageKey) ?? [])
      })
    return () => controller.abort()
  }, [name, storageKey])
  return items
}

function stored(key: string): ReferenceItem[] | undefined {
  try {
    const text = localStorage.getItem(key)
    return text ? (JSON.parse(text) as ReferenceItem[]) : undefined
  } catch {
    return undefined
  }
}
