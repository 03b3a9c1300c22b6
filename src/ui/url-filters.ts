import { useCallback, useState } from 'react'
import { isCalendarDay } from '../contract/rules/calendar-day'

/**
 * A list's filters kept in its address (`/covid?status=recovered`), so that a link — the
 * dashboard's figures — opens the list already filtered, and the back button returns to it.
 * The route reads them (`validateSearch`, with `searchPick` and `searchId`) and gives them to the
 * screen with what writes them back; a screen rendered without a route (a component test) keeps
 * them itself.
 */

/** A search value when it is one of `allowed`; anything else is no filter. */
export function searchPick<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : undefined
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A search value when it is a record's id (a subgroup item, a sublabel); anything else is no filter. */
export function searchId(value: unknown): string | undefined {
  return typeof value === 'string' && ID.test(value) ? value : undefined
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** A search value when it is a day that exists (YYYY-MM-DD, a period's end); anything else is no filter. */
export function searchDay(value: unknown): string | undefined {
  return typeof value === 'string' && DAY.test(value) && isCalendarDay(value) ? value : undefined
}

/** The chosen filters as search values: blanks left out, so an unfiltered list has a bare address. */
export function searchOf<T extends Record<string, string | undefined>>(filters: T): Partial<T> {
  const kept = Object.entries(filters).filter(([, value]) => value !== undefined && value !== '')
  // T's own keys and values, less the blank ones.
  return Object.fromEntries(kept) as Partial<T>
}

/**
 * The screen's filters: the route's (its address) when it gives them, else its own state; a
 * change goes to the route, which writes the address and gives them back.
 */
export function useUrlFilters<T>(
  fromUrl: T | undefined,
  onChange: ((next: T) => void) | undefined,
  empty: T,
): [T, (next: T) => void] {
  const [own, setOwn] = useState<T>(fromUrl ?? empty)
  const set = useCallback(
    (next: T) => {
      if (onChange) onChange(next)
      else setOwn(next)
    },
    [onChange],
  )
  return [onChange && fromUrl !== undefined ? fromUrl : own, set]
}
