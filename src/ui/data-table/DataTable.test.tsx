import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import * as v from 'valibot'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { endpoint } from '../../contract/endpoints/define'
import { DataTableQuery } from '../../contract/schemas/data-table'
import { renderWithI18n, stubApi } from '../../test/render'
import { type Column, validateConfig } from './config'
import { DataTable, SEARCH_DEBOUNCE_MS } from './DataTable'
import { pageKeepingFirstRow } from './local-rows'

vi.mock('xlsx', async (original) => {
  const actual = await original<typeof import('xlsx')>()
  return { ...actual, writeFile: vi.fn() }
})

interface Person {
  id: string
  name: string
  city: string
  triage_classification?: string
}

const people: Person[] = [
  { id: '1', name: 'José Pérez', city: 'Querétaro' },
  { id: '2', name: 'ana ruiz', city: 'León' },
  { id: '3', name: 'Beatriz Garza', city: 'Monterrey', triage_classification: 'observation' },
]
const columns: Column<Person>[] = [
  { key: 'name', title: 'Nombre', isSort: true, isSearch: true },
  { key: 'city', title: 'Ciudad', isSort: true },
  {
    key: 'actions',
    title: 'Acciones',
    isAction: true,
    component: (p) => <button type="button">Editar {p.name}</button>,
  },
]
const listPeople = endpoint({
  service: 'configuration',
  method: 'POST',
  path: '/people/list',
  access: 'users-index',
  query: DataTableQuery,
})
const URL_PATH = '/api/configuration/people/list'
const page = (data: Person[], from: number, total: number, current = 1) => ({
  body: {
    data: {
      data,
      from: data.length ? from : null,
      to: data.length ? from + data.length - 1 : null,
      total,
      links: [{ url: null, label: String(current), active: true }],
    },
    message: '',
    error: false,
  },
})
const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryAllByRole('cell')[0]?.textContent ?? '')

describe('the data table configuration (SPEC §5)', () => {
  const base = { columns }
  it.each([
    [{ columns: [] }, /non-empty list of columns/],
    [{ columns: [{ key: 1, title: 'x' }] }, /string key/],
    [{ columns: [{ key: 'a', title: 2 }] }, /string title/],
    [{ columns: [{ key: 'a', title: 'A', isSort: 'yes' }] }, /isSort must be a boolean/],
    [{ columns: [{ key: 'a', title: 'A', isHide: 1 }] }, /isHide must be a boolean/],
    [{ columns: [{ key: 'a', title: 'A', isSearch: 'no' }] }, /isSearch must be a boolean/],
    [{ columns: [{ key: 'a', title: 'A', isAction: 0 }] }, /isAction must be a boolean/],
    [{ columns: [{ key: 'a', title: 'A', width: 100 }] }, /width must be a string/],
    [{ ...base, pageLength: 10.5 }, /page length must be a whole number/],
    [{ ...base, menu: [10, 2.5] }, /menu must hold whole numbers/],
    [{ ...base, sortBy: 'nope' }, /does not exist/],
    [{ ...base, sortBy: 'actions' }, /not sortable|action column/],
    [{ columns: [{ key: 'a', title: 'A', isSort: true, isAction: true }], sortBy: 'a' }, /action column/],
  ])('refuses %j', (config, message) => {
    expect(() => validateConfig(config as never)).toThrow(message)
  })

  it('fills the defaults: 10 rows, menu 10/20/50/100, ascending', () => {
    expect(validateConfig({ columns })).toMatchObject({
      pageLength: 10,
      menu: [10, 20, 50, 100],
      sort: 'asc',
    })
  })

  it('keeps the first row seen when the page size changes', () => {
    expect(pageKeepingFirstRow(41, 20)).toBe(3)
    expect(pageKeepingFirstRow(41, 50)).toBe(1)
    expect(pageKeepingFirstRow(null, 20)).toBe(1)
  })
})

describe('a server data table', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }))
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams)

  it('asks with SPEC §7’s query by POST and shows the page with its counts', async () => {
    const { requests } = stubApi({ [URL_PATH]: page(people, 1, 3) })
    await renderWithI18n(
      <DataTable
        config={{ columns }}
        source={{ kind: 'server', endpoint: listPeople, filters: { city: 'León' } }}
        rowKey={(p) => p.id}
        caption="Personas"
      />,
    )
    await screen.findByText('José Pérez')
    expect(requests[0]?.method).toBe('POST')
    expect(queryOf(requests[0] as Request)).toEqual({
      page: '1',
      pageLength: '10',
      sort: 'asc',
      search: '',
      searchColumns: 'name',
      filters: '{"city":"León"}',
    })
    expect(v.safeParse(DataTableQuery, queryOf(requests[0] as Request)).success).toBe(true)
    expect(screen.getByText('Mostrando 1 a 3 de 3 registros')).toBeTruthy()
    expect(screen.getByText('Mostrar').parentElement?.textContent).toContain('registros por página')
    // SPEC §3: the triage classification becomes a style class.
    expect(screen.getByText('Beatriz Garza').closest('tr')?.className).toBe('triage-observation')
  })

  it('waits 700 ms after the last key, trims the search and starts again at page 1', async () => {
    const { requests } = stubApi({
      [URL_PATH]: (request) => page(people.slice(0, 1), 1, 1, Number(queryOf(request).page)),
    })
    await renderWithI18n(
      <DataTable
        config={{ columns }}
        source={{ kind: 'server', endpoint: listPeople }}
        rowKey={(p) => p.id}
        caption="Personas"
      />,
    )
    await screen.findByText('José Pérez')
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }))
    const search = screen.getByPlaceholderText('Buscar...')
    fireEvent.change(search, { target: { value: ' jo' } })
    fireEvent.change(search, { target: { value: ' jos ' } })
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 100))
    const beforeDebounce = requests.length
    expect(requests.map((r) => queryOf(r).search)).not.toContain('jos')
    await act(() => vi.advanceTimersByTimeAsync(200))
    await waitFor(() => expect(requests.length).toBeGreaterThan(beforeDebounce))
    const last = queryOf(requests.at(-1) as Request)
    expect(last).toMatchObject({ search: 'jos', page: '1' })
    expect(requests.filter((r) => queryOf(r).search?.startsWith('jo'))).toHaveLength(1)
  })

  it('sorts by a header, ascending first, then descending', async () => {
    const { requests } = stubApi({ [URL_PATH]: page(people, 1, 3) })
    await renderWithI18n(
      <DataTable
        config={{ columns }}
        source={{ kind: 'server', endpoint: listPeople }}
        rowKey={(p) => p.id}
        caption="Personas"
      />,
    )
    await screen.findByText('José Pérez')
    fireEvent.click(screen.getByRole('button', { name: /Ciudad/ }))
    await waitFor(() =>
      expect(queryOf(requests.at(-1) as Request)).toMatchObject({ sortBy: 'city', sort: 'asc' }),
    )
    fireEvent.click(screen.getByRole('button', { name: /Ciudad/ }))
    await waitFor(() =>
      expect(queryOf(requests.at(-1) as Request)).toMatchObject({ sortBy: 'city', sort: 'desc' }),
    )
    expect(screen.getByRole('columnheader', { name: /Ciudad/ }).getAttribute('aria-sort')).toBe('descending')
  })

  it('goes to the page that keeps the first row when the page size changes', async () => {
    const { requests } = stubApi({
      [URL_PATH]: (request) => {
        const { page: p } = queryOf(request)
        return page(
          people.slice(0, 1),
          (Number(p) - 1) * Number(queryOf(request).pageLength) + 1,
          120,
          Number(p),
        )
      },
    })
    await renderWithI18n(
      <DataTable
        config={{ columns }}
        source={{ kind: 'server', endpoint: listPeople }}
        rowKey={(p) => p.id}
        caption="Personas"
      />,
    )
    await screen.findByText('José Pérez')
    fireEvent.click(screen.getByRole('button', { name: '12' }))
    await waitFor(() => expect(queryOf(requests.at(-1) as Request).page).toBe('12'))
    await screen.findByText('Mostrando 111 a 111 de 120 registros')
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '50' } })
    await waitFor(() =>
      expect(queryOf(requests.at(-1) as Request)).toMatchObject({ pageLength: '50', page: '3' }),
    )
  })

  it('raises the “Get entries fail” event and says so when the request fails', async () => {
    stubApi({ [URL_PATH]: { status: 500, body: { data: null, error: true, message: 'boom' } } })
    const failed = vi.fn()
    const onError = vi.fn()
    window.addEventListener('Get entries fail', failed)
    await renderWithI18n(
      <DataTable
        config={{ columns }}
        source={{ kind: 'server', endpoint: listPeople }}
        rowKey={(p) => p.id}
        caption="Personas"
        onError={onError}
      />,
    )
    await screen.findByText('No fue posible cargar los registros.')
    window.removeEventListener('Get entries fail', failed)
    expect(failed).toHaveBeenCalledTimes(1)
    expect(onError).toHaveBeenCalledTimes(1)
  })

  it('shows the empty text', async () => {
    stubApi({ [URL_PATH]: page([], 1, 0) })
    await renderWithI18n(
      <DataTable
        config={{ columns }}
        source={{ kind: 'server', endpoint: listPeople }}
        rowKey={(p) => p.id}
        caption="Personas"
      />,
    )
    expect(await screen.findByText('No hay datos para mostrar')).toBeTruthy()
  })
})

describe('a local data table', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }))
  afterEach(() => vi.useRealTimers())

  it('sorts, searches without case or accents, and pages on the device', async () => {
    await renderWithI18n(
      <DataTable
        config={{ columns, sortBy: 'name' }}
        source={{ kind: 'local', rows: people }}
        rowKey={(p) => p.id}
        caption="Personas"
      />,
    )
    expect(rowNames()).toEqual(['ana ruiz', 'Beatriz Garza', 'José Pérez'])
    fireEvent.click(screen.getByRole('button', { name: /Nombre/ }))
    expect(rowNames()).toEqual(['José Pérez', 'Beatriz Garza', 'ana ruiz'])
    fireEvent.change(screen.getByPlaceholderText('Buscar...'), { target: { value: 'JOSE' } })
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS))
    expect(rowNames()).toEqual(['José Pérez'])
  })

  it('pages many rows and renders only those in sight', async () => {
    const many = Array.from({ length: 100_000 }, (_, i) => ({
      id: String(i),
      name: `Persona ${i}`,
      city: 'León',
    }))
    await renderWithI18n(
      <DataTable
        config={{ columns, pageLength: 100 }}
        source={{ kind: 'local', rows: many }}
        rowKey={(p) => p.id}
        caption="Personas"
      />,
    )
    expect(screen.getByText('Mostrando 1 a 100 de 100000 registros')).toBeTruthy()
    // Virtualized: far fewer rows in the document than on the page.
    expect(screen.getAllByRole('row').length).toBeLessThan(60)
    fireEvent.click(screen.getByRole('button', { name: '1000' }))
    expect(screen.getByText('Mostrando 99901 a 100000 de 100000 registros')).toBeTruthy()
  })

  it('exports the view as a spreadsheet named with the date', async () => {
    const XLSX = await import('xlsx')
    await renderWithI18n(
      <DataTable
        config={{ columns }}
        source={{ kind: 'local', rows: people }}
        rowKey={(p) => p.id}
        caption="Personas"
        exportName="personas"
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Exportar a Excel' }))
    await waitFor(() => expect(XLSX.writeFile).toHaveBeenCalled())
    const [book, name] = vi.mocked(XLSX.writeFile).mock.calls[0] as [import('xlsx').WorkBook, string]
    expect(name).toMatch(/^personas_\d{2}_\d{2}_\d{4}\.xlsx$/)
    const sheet = book.Sheets[book.SheetNames[0] as string] as import('xlsx').WorkSheet
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1 })).toEqual([
      ['Nombre', 'Ciudad'],
      ['José Pérez', 'Querétaro'],
      ['ana ruiz', 'León'],
      ['Beatriz Garza', 'Monterrey'],
    ])
  })
})
