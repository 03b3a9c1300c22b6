import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithI18n } from '../../test/render'
import type { Column } from './config'
import { DataTable } from './DataTable'
import { givingWayOrder } from './use-column-fit'

interface Worker {
  id: string
  name: string
  curp: string
  city: string
  state: string
}

const workers: Worker[] = [
  {
    id: '1',
    name: 'Rosa Elena Quintero',
    curp: 'QURR800101MQTNSS09',
    city: 'Querétaro',
    state: 'Por enviar',
  },
]
const columns: Column<Worker>[] = [
  { key: 'name', title: 'Nombre' },
  { key: 'curp', title: 'CURP' },
  { key: 'city', title: 'Ciudad', priority: 3 },
  { key: 'state', title: 'Estado', priority: 0 },
  {
    key: 'actions',
    title: 'Acciones',
    isAction: true,
    component: () => <button type="button">Editar</button>,
  },
]

/**
 * jsdom lays nothing out: the box's width comes from a stand-in ResizeObserver, and the table is
 * as wide as 150px a column, so each width hides a known number of columns.
 */
/** The most header cells the table had when the fit measured it (since the test last set it to 0). */
let widest = 0

function layOut(width: number) {
  class FixedObserver {
    constructor(private readonly report: ResizeObserverCallback) {}
    observe(target: Element) {
      this.report(
        [{ target, contentRect: { width } } as ResizeObserverEntry],
        this as unknown as ResizeObserver,
      )
    }
    disconnect() {}
    unobserve() {}
  }
  vi.stubGlobal('ResizeObserver', FixedObserver)
  const isScrollBox = (element: HTMLElement) => element.classList.contains('data-table__scroll')
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    if (!isScrollBox(this)) return 0
    const cells = this.querySelectorAll('thead th').length
    widest = Math.max(widest, cells)
    return cells * 150
  })
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return isScrollBox(this) ? width : 0
  })
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** A screen whose rows the test replaces, as the patients' page does when its list is read again. */
let setRows: (rows: Worker[]) => void = () => {}
function Page() {
  const [rows, set] = useState(workers)
  setRows = set
  return (
    <DataTable
      config={{ columns }}
      source={{ kind: 'local', rows }}
      rowKey={(w) => w.id}
      caption="Trabajadores"
    />
  )
}

const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent)

describe('the data table on a narrow screen', () => {
  it('gives way from the highest priority number, the later column first, keeping actions and priority 0', () => {
    expect(givingWayOrder(columns).map((c) => c.key)).toEqual(['city', 'curp'])
  })

  it('hides the columns that do not fit and shows them when a row is expanded', async () => {
    // 5 columns of 150px in 700px: the city gives way, then (with the expand column) the CURP.
    layOut(700)
    await renderWithI18n(
      <DataTable
        config={{ columns }}
        source={{ kind: 'local', rows: workers }}
        rowKey={(w) => w.id}
        caption="Trabajadores"
      />,
    )
    expect(headers()).toEqual(['Nombre', 'Estado', 'Acciones', 'Más datos'])
    const expand = screen.getByRole('button', { name: 'Más datos de la fila' })
    expect(expand.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByText('Querétaro')).toBeNull()
    fireEvent.click(expand)
    expect(expand.getAttribute('aria-expanded')).toBe('true')
    const details = document.getElementById(expand.getAttribute('aria-controls') ?? '') as HTMLElement
    expect(
      within(details)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['CURP', 'Ciudad'])
    expect(within(details).getByText('QURR800101MQTNSS09').tagName).toBe('DD')
    expect(within(details).getByText('Querétaro').tagName).toBe('DD')
  })

  it('keeps the fit when the same rows come back as new objects, and starts again for other rows', async () => {
    layOut(700)
    await renderWithI18n(<Page />)
    expect(headers()).toEqual(['Nombre', 'Estado', 'Acciones', 'Más datos'])
    // A cold /patients gets its first rows again with their labels, then all of them: the same
    // patients are not drawn once more with every column before the fit hides them again.
    widest = 0
    act(() => setRows(workers.map((worker) => ({ ...worker }))))
    expect(headers()).toEqual(['Nombre', 'Estado', 'Acciones', 'Más datos'])
    expect(widest).toBe(4)
    // Another patient on the page: the fit starts again from every column.
    act(() => setRows([...workers, { ...(workers[0] as Worker), id: '2', name: 'Ana Ruiz' }]))
    await waitFor(() => expect(headers()).toEqual(['Nombre', 'Estado', 'Acciones', 'Más datos']))
    expect(widest).toBe(5)
  })

  it('names a narrow column of controls for screen readers only, so its title does not widen it', async () => {
    layOut(1000)
    const select: Column<Worker> = {
      key: 'select',
      title: 'Seleccionar',
      isTitleHidden: true,
      isAction: true,
      component: (w) => <input type="checkbox" aria-label={`Seleccionar a ${w.name}`} />,
    }
    await renderWithI18n(
      <DataTable
        config={{ columns: [select, ...columns] }}
        source={{ kind: 'local', rows: workers }}
        rowKey={(w) => w.id}
        caption="Trabajadores"
      />,
    )
    const header = screen.getByRole('columnheader', { name: 'Seleccionar' })
    expect(header.querySelector('.visually-hidden')?.textContent).toBe('Seleccionar')
  })

  it('keeps every column on a wide screen', async () => {
    layOut(1000)
    await renderWithI18n(
      <DataTable
        config={{ columns }}
        source={{ kind: 'local', rows: workers }}
        rowKey={(w) => w.id}
        caption="Trabajadores"
      />,
    )
    expect(headers()).toEqual(['Nombre', 'CURP', 'Ciudad', 'Estado', 'Acciones'])
    expect(screen.queryByRole('button', { name: /Más datos/ })).toBeNull()
  })

  it('shows each row as a card on a phone, each value with its column’s title', async () => {
    layOut(360)
    const { container } = await renderWithI18n(
      <DataTable
        config={{ columns }}
        source={{ kind: 'local', rows: workers }}
        rowKey={(w) => w.id}
        caption="Trabajadores"
      />,
    )
    expect(container.querySelector('.data-table')?.getAttribute('data-cards')).toBe('true')
    const cells = screen.getAllByRole('cell')
    expect(cells.map((cell) => cell.getAttribute('data-title'))).toEqual([
      'Nombre',
      'CURP',
      'Ciudad',
      'Estado',
      'Acciones',
    ])
  })

  it('orders the cards with one select and a direction button instead of a row of header buttons', async () => {
    layOut(360)
    const sortable = columns.map((column) => (column.isAction ? column : { ...column, isSort: true }))
    const two: Worker[] = [
      ...workers,
      {
        id: '2',
        name: 'Alberto Ruiz Salas',
        curp: 'RUSA750212HQTZLL02',
        city: 'Celaya',
        state: 'Sincronizado',
      },
    ]
    const { container } = await renderWithI18n(
      <DataTable
        config={{ columns: sortable, sortBy: 'name' }}
        source={{ kind: 'local', rows: two }}
        rowKey={(w) => w.id}
        caption="Trabajadores"
      />,
    )
    const names = () =>
      [...container.querySelectorAll('tbody td[data-title="Nombre"]')].map((cell) => cell.textContent)
    const order = screen.getByRole('combobox', { name: 'Ordenar por' })
    expect(
      within(order)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Nombre', 'CURP', 'Ciudad', 'Estado'])
    await waitFor(() => expect(names()).toEqual(['Alberto Ruiz Salas', 'Rosa Elena Quintero']))
    fireEvent.click(screen.getByRole('button', { name: /^Orden ascendente/ }))
    await waitFor(() => expect(names()).toEqual(['Rosa Elena Quintero', 'Alberto Ruiz Salas']))
    // Another field starts ascending again: Celaya before Querétaro.
    fireEvent.change(order, { target: { value: 'city' } })
    await waitFor(() => expect(names()).toEqual(['Alberto Ruiz Salas', 'Rosa Elena Quintero']))
    expect(screen.getByRole('button', { name: /^Orden ascendente/ })).toBeTruthy()
  })
})
