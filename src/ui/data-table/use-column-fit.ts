import { type RefObject, useLayoutEffect, useState } from 'react'
import type { Column } from './config'

/** Below this width (a phone) the rows show as cards, every column stacked inside. */
export const CARD_WIDTH = 600

/** Width changes smaller than this keep the columns as they are (a scroll bar is about 15px). */
const SAME_WIDTH = 24

/**
 * The column of expand buttons that comes once a column gives way (data-table.css: the touch
 * size, 48px): a fresh fit frees that much more, or the table is still too wide by it once the
 * column comes and one more column than needed gives way.
 */
const EXPAND_COLUMN = 48

/**
 * The order in which columns give way when the table is too narrow: highest priority number
 * first, the later column first among equals. Action columns and priority 0 never give way, nor
 * the most important data column (a row always says what it is).
 */
export function givingWayOrder<Row>(columns: readonly Column<Row>[]): Column<Row>[] {
  const candidates = columns
    .map((column, index) => ({ column, index, priority: column.priority ?? 1 }))
    .filter(({ column, priority }) => !column.isAction && priority > 0)
    .sort((a, b) => b.priority - a.priority || b.index - a.index)
  return candidates.slice(0, Math.max(0, candidates.length - 1)).map(({ column }) => column)
}

/**
 * How many columns, in giving-way order, free at least `excess` pixels as the header cells measure
 * now. One when a cell has no width to read (no layout): the fit then goes one column at a time,
 * and the check after each layout hides more if the table is still too wide.
 */
function columnsCovering<Row>(scroll: HTMLElement, order: Column<Row>[], excess: number): number {
  let freed = 0
  for (const [index, column] of order.entries()) {
    const cell = scroll.querySelector(`th[data-column="${CSS.escape(column.key)}"]`)
    const width = cell?.getBoundingClientRect().width ?? 0
    if (width === 0) return 1
    freed += width
    if (freed > excess) return index + 1
  }
  return order.length
}

export interface ColumnFit<Row> {
  /** The columns drawn as table cells (or card lines), in their order. */
  shown: Column<Row>[]
  /** The columns that gave way, readable by expanding a row. */
  hidden: Column<Row>[]
  /** The box is a phone's: rows as cards, every column in them. */
  cards: boolean
  /** Even the columns that never give way are too wide: their cells wrap their lines. */
  squeezed: boolean
}

interface Fitted {
  width: number
  content: unknown
  hidden: number
  squeezed: boolean
}

/**
 * Fits the columns to the table's box: the box's width is watched, and after each layout (before
 * it is painted) one more column gives way while the table, its cells on one line, is wider than
 * its scroll box; when none is left to give way, the cells may wrap. A new width or new rows start
 * again from every column, so a wider screen gets them back.
 * `content` is anything that changes when other rows come into the page (DataTable passes the
 * page's row keys): the same rows again keep the fit, and the check after each render still hides
 * one more column if they came back wider.
 */
export function useColumnFit<Row>(
  columns: Column<Row>[],
  boxRef: RefObject<HTMLElement | null>,
  scrollRef: RefObject<HTMLElement | null>,
  content: unknown,
): ColumnFit<Row> {
  const [width, setWidth] = useState(0)
  const [fitted, setFitted] = useState<Fitted>({ width: 0, content, hidden: 0, squeezed: false })

  useLayoutEffect(() => {
    const box = boxRef.current
    // Without layout (jsdom, a printer) every column stays, as a table.
    if (!box || typeof ResizeObserver === 'undefined') return
    // Measured now too, before the first paint: the observer reports only from the next frame.
    const { width: now } = box.getBoundingClientRect()
    if (now > 0) setWidth(Math.round(now))
    const observer = new ResizeObserver(([entry]) => {
      // The border box, as getBoundingClientRect measures it above.
      if (entry) setWidth(Math.round(entry.borderBoxSize?.[0]?.inlineSize ?? entry.contentRect.width))
    })
    observer.observe(box)
    return () => observer.disconnect()
  }, [boxRef])

  const cards = width > 0 && width < CARD_WIDTH
  const order = givingWayOrder(columns)
  // A few pixels (a page's scroll bar coming and going as columns give way) are the same width:
  // starting again on them would make the fit swing forever between two layouts.
  const current = Math.abs(fitted.width - width) < SAME_WIDTH && fitted.content === content
  const count = cards || width === 0 || !current ? 0 : Math.min(fitted.hidden, order.length)
  const gone = new Set(order.slice(0, count))
  const squeezed = current && !cards && fitted.squeezed

  // Runs after every render and changes state only while the fit is stale or still too wide.
  useLayoutEffect(() => {
    if (cards || width === 0) return
    const scroll = scrollRef.current
    const tooWide = scroll !== null && scroll.scrollWidth > scroll.clientWidth + 1
    if (tooWide && count < order.length) {
      // A fresh fit hides at once the columns whose measured widths cover the excess: one layout
      // per column given way cost a tablet's cold start about 40 ms each at 4× throttle.
      const next =
        count === 0
          ? columnsCovering(scroll, order, scroll.scrollWidth - scroll.clientWidth + EXPAND_COLUMN)
          : count + 1
      setFitted({ width, content, hidden: next, squeezed: false })
    } else if (tooWide && !squeezed) setFitted({ width, content, hidden: count, squeezed: true })
    else if (!current) setFitted({ width, content, hidden: count, squeezed: false })
  })

  return {
    shown: columns.filter((column) => !gone.has(column)),
    hidden: columns.filter((column) => gone.has(column)),
    cards,
    squeezed,
  }
}
